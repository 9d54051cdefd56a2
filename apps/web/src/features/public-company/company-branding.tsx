import { Anchor, Box, Container, Group, Image, Stack, Text, Title } from '@mantine/core';
import type { PublicCompanyDto } from '@kinetic/shared';

type Company = Pick<PublicCompanyDto, 'name' | 'logoUrl'>;
type Contact = Pick<PublicCompanyDto, 'name' | 'email' | 'phone' | 'address'>;

/**
 * The company's logo (when it has one), with its name as the alternative text; `decorative` when the
 * name is written right beside it, so screen readers do not read the name twice.
 */
export function CompanyLogo({
  company,
  height = 48,
  decorative = false,
}: {
  company: Company;
  height?: number;
  decorative?: boolean;
}) {
  if (!company.logoUrl) return null;
  return (
    <Image
      src={company.logoUrl}
      alt={decorative ? '' : `${company.name} logo`}
      h={height}
      w="auto"
      maw={Math.round(height * 4)}
      fit="contain"
      data-testid="company-logo"
    />
  );
}

/** Logo and name, as the top of a company's public pages, client area and (later) widget show them. */
export function CompanyBrand({
  company,
  align = 'center',
  logoHeight = 48,
}: {
  company: Company;
  align?: 'center' | 'start';
  logoHeight?: number;
}) {
  return (
    <Group gap="sm" justify={align === 'center' ? 'center' : 'flex-start'} wrap="nowrap" miw={0}>
      <CompanyLogo company={company} height={logoHeight} decorative />
      <Text fw={700} c="kinetic.8" size="lg" truncate>
        {company.name}
      </Text>
    </Group>
  );
}

const addressLines = (address: Contact['address']): string[] => {
  const cityLine = [address.city, [address.state, address.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [address.line1, address.line2, cityLine, address.country].filter((line): line is string => Boolean(line));
};

export const hasContactDetails = (company: Contact) =>
  Boolean(company.email || company.phone || addressLines(company.address).length > 0);

/** How to reach the company: email, phone and address as the owner entered them on Company Details. */
export function CompanyContact({ company }: { company: Contact }) {
  const lines = addressLines(company.address);
  return (
    <Stack gap={4} data-testid="company-contact">
      <Title order={2} size="h5">
        Contact {company.name}
      </Title>
      {company.email ? (
        <Anchor href={`mailto:${company.email}`} size="sm">
          {company.email}
        </Anchor>
      ) : null}
      {company.phone ? (
        <Anchor href={`tel:${company.phone.replace(/[^\d+]/g, '')}`} size="sm">
          {company.phone}
        </Anchor>
      ) : null}
      {lines.length > 0 ? (
        <Text component="address" size="sm" fs="normal">
          {lines.map((line, index) => (
            <span key={index}>
              {line}
              {index < lines.length - 1 ? <br /> : null}
            </span>
          ))}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The page footer with the company's contact details; nothing when it has none yet. */
export function CompanyFooter({ company }: { company: Contact }) {
  if (!hasContactDetails(company)) return null;
  return (
    <Box component="footer" className="company-footer" py="lg">
      <Container size="md">
        <CompanyContact company={company} />
      </Container>
    </Box>
  );
}
