import { useEffect, useRef, useState } from 'react';
import { Alert, List, Paper, Stack, Text, Title } from '@mantine/core';
import { BusyButton } from '../../ui/busy-button.tsx';
import { useMe } from '../accounts/api/get-me.ts';
import { downloadExportArchive } from './export-api.ts';

/** What the archive holds, in the words of a studio owner (docs/export-format.md lists every column). */
export const EXPORT_CONTENTS = [
  'Clients, with their sign-up details and email choices',
  'Memberships and class packs sold, with credits remaining and expiry',
  'Packages, products, promo codes and tax rates',
  'The credit ledger, bookings and their history',
  'Orders, payments and refunds (amounts in cents, with the currency)',
  'Waivers (every version) and signatures',
  'Staff, instructors, facilitators, pay rates and closed payroll',
  'Studios, rooms, class templates and the schedule (classes, events, appointments)',
  'Settings: booking rules, peak hours, emails, policies',
] as const;

/** A size people read: "840 KB", "12.4 MB". */
export function sizeLabel(bytes: number): string {
  if (bytes < 1_000_000) return `${Math.max(1, Math.round(bytes / 1000))} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/**
 * Settings › Import & Export, the export (issue 18 §5): everything the studio owns as one ZIP of CSV files
 * and a manifest (GET /api/exports/archive), downloaded with the session's token; the bytes received
 * show while the server builds it, and a refusal or failure shows the server's sentence.
 */
export function ExportCard() {
  const me = useMe();
  const can = me.data?.can;
  const allowed = can ? can.manageSettings && can.seeFinancials && can.manageClients : true;
  const [busy, setBusy] = useState(false);
  const [received, setReceived] = useState(0);
  const [done, setDone] = useState<{ fileName: string; bytes: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const aborter = useRef<AbortController | null>(null);
  // Leaving the page stops a download under way.
  useEffect(() => () => aborter.current?.abort(), []);

  const download = () => {
    if (busy) return;
    aborter.current = new AbortController();
    setBusy(true);
    setReceived(0);
    setDone(null);
    setError(null);
    downloadExportArchive(setReceived, aborter.current.signal)
      .then(setDone)
      .catch((caught: unknown) =>
        setError(caught instanceof Error ? caught.message : 'The export could not be downloaded'),
      )
      .finally(() => setBusy(false));
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="export-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="export-heading">
          Export everything
        </Title>
        <Text size="sm">
          Download all of the studio’s data as one ZIP file of CSV files, with a manifest that describes them.
          Spreadsheets and other systems can read it, and the import on this page reads it back.
        </Text>
        <Text size="sm" fw={600} id="export-contents">
          The archive contains
        </Text>
        <List size="sm" spacing={2} aria-labelledby="export-contents">
          {EXPORT_CONTENTS.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
        <Text size="sm" c="dimmed">
          Left out on purpose: passwords, login links, API keys, webhook and payment-provider secrets, and
          saved cards. Dates and times are in UTC (ISO 8601); class dates are the studio’s own.
        </Text>
        {allowed ? (
          <div>
            <BusyButton busy={busy} onClick={download}>
              Download archive (.zip)
            </BusyButton>
          </div>
        ) : (
          <Alert color="secondary" variant="light" title="Not available to you">
            The archive holds every client and all the money, so it needs the “Manage settings”, “See
            financials” and “Manage clients” abilities together. Ask the business owner or an admin.
          </Alert>
        )}
        <Text size="sm" aria-live="polite" data-testid="export-status">
          {busy
            ? received > 0
              ? `Preparing the archive… ${sizeLabel(received)} received`
              : 'Preparing the archive…'
            : done
              ? `Downloaded ${done.fileName} (${sizeLabel(done.bytes)}).`
              : ''}
        </Text>
        {error ? (
          <Alert color="red" role="alert" title="The export could not be downloaded">
            {error}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
