import { Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CompanyDetailsDto } from '@kinetic/shared';

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text component="dt" fw={700} size="sm">
        {label}
      </Text>
      <Text component="dd" m={0} c={value ? undefined : 'dimmed'}>
        {value || 'Not set'}
      </Text>
    </div>
  );
}

function addressText({ address }: CompanyDetailsDto): string | null {
  const street = [address.line1, address.line2].filter(Boolean).join(', ');
  const town = [address.city, address.state, address.postalCode].filter(Boolean).join(' ');
  return [street, town, address.country].filter(Boolean).join(', ') || null;
}

/** Company Details for a team member who may read but not change them: the saved values as text. */
export function CompanyDetailsView({ details, solo }: { details: CompanyDetailsDto; solo: boolean }) {
  const currencyName = new Intl.DisplayNames(['en'], { type: 'currency' }).of(details.currency);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md" component="dl" m={0}>
        <Field label={solo ? 'Business or brand name' : 'Business name'} value={details.name} />
        <div>
          <Text component="dt" fw={700} size="sm">
            Logo
          </Text>
          <Text component="dd" m={0} c={details.logoUrl ? undefined : 'dimmed'}>
            {details.logoUrl ? (
              <Image src={details.logoUrl} alt={`${details.name} logo`} h={64} w="auto" fit="contain" />
            ) : (
              'Not set'
            )}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Field label="Email" value={details.email} />
          <Field label="Phone" value={details.phone} />
        </SimpleGrid>
        <Field label="Address" value={addressText(details)} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Field label="Time zone" value={details.timeZone.replaceAll('_', ' ')} />
          <Field label="Currency" value={currencyName ? `${details.currency} — ${currencyName}` : details.currency} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
