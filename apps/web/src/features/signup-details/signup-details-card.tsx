import { Alert, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { SignupDetailsDto } from '@kinetic/shared';
import { useClientSignupDetails } from './api/signup-details-api.ts';

/** "2 April 1988": a birth date is a calendar day, shown without any time zone shifting it. */
export function birthDateLabel(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, date ?? 1)).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

const joined = (parts: (string | null)[], separator = ', ') => parts.filter(Boolean).join(separator);

/** The answers as a person reads them (labels, never keys), in the form's order; unanswered ones left out. */
export function signupDetailsRows(details: SignupDetailsDto): [string, string][] {
  const { labels, address } = details;
  const rows: [string, string | null][] = [
    ['Birth date', details.birthDate ? birthDateLabel(details.birthDate) : null],
    ['Address', joined([address.line1, address.line2, address.city, address.state, address.postalCode, address.country])],
    ['Emergency contact', joined([details.emergencyContactName, details.emergencyContactPhone], ' · ')],
    ['Heard of us through', joined([labels.heardAbout, details.heardAboutDetail], ': ')],
    ['Home studio', details.homeStudioName],
    ['Age range', labels.age],
    ['Race or ethnicity', labels.raceEthnicity],
    ['Industry', labels.industry],
    ['Household income', labels.incomeBandTo200k],
    ['Household income (earlier answer)', labels.incomeBandTo120k],
    ['Neighborhood', joined([details.neighborhood, labels.planningUnit], ' · ')],
  ];
  return rows.filter((row): row is [string, string] => Boolean(row[1]));
}

/** The team's read-only view of what a client told the studio (client account page). */
export function SignupDetailsCard({ companyId, clientId }: { companyId: string; clientId: string }) {
  const details = useClientSignupDetails(companyId, clientId);
  const rows = details.data ? signupDetailsRows(details.data) : [];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="signup-details-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="signup-details-heading">
          Sign-up details
        </Title>
        {details.isError ? (
          <Alert color="red" variant="light" role="alert" title="The sign-up details could not be loaded">
            {details.error.message}
          </Alert>
        ) : !details.data ? (
          <Text c="dimmed">Loading…</Text>
        ) : (
          <>
            {rows.length === 0 ? (
              <Text c="dimmed">No sign-up details yet.</Text>
            ) : (
              <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs" m={0}>
                {rows.map(([term, value]) => (
                  <div key={term} style={{ minWidth: 0 }}>
                    <Text component="dt" size="sm" c="dimmed">
                      {term}
                    </Text>
                    <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
                      {value}
                    </Text>
                  </div>
                ))}
              </SimpleGrid>
            )}
            <Text size="sm">
              News and offers by email: <strong>{details.data.marketingEmails ? 'Yes' : 'No'}</strong>
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
