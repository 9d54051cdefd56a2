import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ClientReportProgressDto } from '@kinetic/shared';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { clientReportProgress, downloadClientReport, generateClientReport } from './client-report-api.ts';

/** The spec's sentence (§2 "Client report download page"), word for word. */
export const REPORT_PROCESSING_TEXT =
  'Your file is being processed, the download link will appear below once the file is ready. This process may take few minutes.';
/** How often the page reads the job's progress while it works. */
export const PROGRESS_EVERY_MS = 1000;

const clientsDone = ({ done, total }: ClientReportProgressDto) =>
  `${done.toLocaleString()} of ${total.toLocaleString()} ${total === 1 ? 'client' : 'clients'} done`;

/**
 * Client Reports (`clientreports`; spec §2, §4, §7, §8): opening the page asks for the report, shows the
 * spec's sentence with a loader and how many clients are done, and once the answer has status 1 (`ready`)
 * stores the filename and shows "Download Report". Failures go to the console only and leave the page
 * waiting (spec §8): no message, no retry.
 */
export function ClientReportPage() {
  usePageTitle('Client Reports');
  const me = useMe();
  const companyId = me.data?.company.id;
  const [progress, setProgress] = useState<ClientReportProgressDto | null>(null);
  const [filename, setFilename] = useState<string | null>(null);

  useEffect(() => {
    if (!companyId) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const follow = (answer: ClientReportProgressDto) => {
      setProgress(answer);
      if (answer.ready) {
        setFilename(answer.filename);
        return;
      }
      timer = setTimeout(() => {
        clientReportProgress(answer.filename, controller.signal).then(follow, fail);
      }, PROGRESS_EVERY_MS);
    };
    const fail = (error: unknown) => {
      if (!controller.signal.aborted) console.error('The client report failed:', error);
    };
    generateClientReport(companyId, controller.signal).then(follow, fail);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [companyId]);

  const download = () => {
    if (filename)
      downloadClientReport(filename).catch((error: unknown) => console.error('The download failed:', error));
  };

  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>Client Reports</Title>
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="client-report-heading">
        <Stack gap="md" align="flex-start">
          <Title order={2} size="h4" id="client-report-heading">
            Client report (CSV)
          </Title>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            {!filename && (
              <Loader
                size="sm"
                role="progressbar"
                aria-label="Processing the report"
                style={{ flex: 'none' }}
              />
            )}
            <Text>{REPORT_PROCESSING_TEXT}</Text>
          </Group>
          {!filename && progress && (
            <Text c="dimmed" size="sm" data-testid="client-report-progress">
              {clientsDone(progress)}
            </Text>
          )}
          {/* Told once, without moving the focus: the button appears below where the person reads. */}
          <Text role="status" size="sm" fw={filename ? 600 : undefined}>
            {filename && progress
              ? `Your report is ready: ${progress.total.toLocaleString()} ${progress.total === 1 ? 'client' : 'clients'}.`
              : ''}
          </Text>
          {filename && <Button onClick={download}>Download Report</Button>}
        </Stack>
      </Paper>
    </Stack>
  );
}
