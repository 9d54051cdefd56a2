import { useState } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { apiDownload } from '../../api/client.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { usePageNotes } from '../accounts/page-notes.tsx';
import { AccountDeletion } from './account-deletion.tsx';

/** Privacy self-service: the client's own data, to take with them (a ZIP of JSON and CSV files). */
export function PrivacySection() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const notes = usePageNotes();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="privacy-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="privacy-heading">
          Your data
        </Title>
        <Text size="sm">
          Download everything the studio holds about you: your details, bookings, purchases, payments, credits
          and signed waivers, as a ZIP of JSON and CSV files (spreadsheets open them).
        </Text>
        <div>
          <BusyButton
            variant="default"
            busy={busy}
            onClick={() => {
              notes.clear();
              setBusy(true);
              setError(null);
              apiDownload('my/data', 'my-data.zip')
                .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : 'The download failed'))
                .finally(() => setBusy(false));
            }}
          >
            Download my data
          </BusyButton>
        </div>
        {error ? (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        ) : null}
        <AccountDeletion />
      </Stack>
    </Paper>
  );
}
