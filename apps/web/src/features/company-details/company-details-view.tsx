import { Image, Paper, SimpleGrid, Text } from '@mantine/core';
import { formatMoney, type CompanyDetailsDto } from '@kinetic/shared';

// The list is one grid of dt/dd groups (a <dl> may only hold those, so no layout wrappers inside it).
const wide = { gridColumn: '1 / -1' };

function Field({ label, value, full = false }: { label: string; value: string | null; full?: boolean }) {
  return (
    <div style={full ? wide : undefined}>
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
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
        <Field label={solo ? 'Business or brand name' : 'Business name'} value={details.name} full />
        <div style={wide}>
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
        <Field label="Email" value={details.email} />
        <Field label="Phone" value={details.phone} />
        <Field label="Address" value={addressText(details)} full />
        <Field label="Time zone" value={details.timeZone.replaceAll('_', ' ')} />
        <Field label="Currency" value={currencyName ? `${details.currency} — ${currencyName}` : details.currency} />
        <Field
          label="Prices written as"
          value={`${new Intl.DisplayNames(['en'], { type: 'language' }).of(details.locale) ?? details.locale} — ${formatMoney(123450, details.currency, details.locale)}`}
        />
      </SimpleGrid>
    </Paper>
  );
}
