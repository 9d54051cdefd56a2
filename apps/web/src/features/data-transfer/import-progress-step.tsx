import { Alert, Anchor, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ImportJobDto } from '@kinetic/shared';
import { saveRejectionsCsv } from './import-api.ts';

const n = (value: number) => value.toLocaleString();

/** The running import's progress bar (the page polls it), then its summary with a link to Clients. */
export function ImportProgressStep(props: { job: ImportJobDto | undefined; onAnother: () => void }) {
  const { job } = props;
  if (!job) return <Text size="sm">Starting the import…</Text>;
  const percent = job.totalRows > 0 ? Math.round((job.processedRows / job.totalRows) * 100) : 100;
  const finished = job.status === 'done' || job.status === 'failed';
  const counts = `${n(job.createdCount)} created, ${n(job.skippedCount)} skipped (already clients), ${n(job.rejectedCount)} rejected`;
  return (
    <Stack gap="sm">
      {/* The bar's section is the progressbar: its name and "8 of 8 rows" go there (on Progress's root they
          were on a plain div, where aria-valuetext is not allowed, and Mantine's section said only "100%"). */}
      <Progress.Root size="lg" data-testid="import-progress">
        <Progress.Section
          value={percent}
          withAria={false}
          role="progressbar"
          aria-label="Import progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${n(job.processedRows)} of ${n(job.totalRows)} rows`}
          color={job.status === 'failed' ? 'red' : undefined}
          animated={!finished}
        />
      </Progress.Root>
      <Text size="sm" aria-live="polite" data-testid="import-status">
        {job.status === 'done'
          ? `Import finished: ${counts}.`
          : job.status === 'failed'
            ? `The import stopped after ${n(job.processedRows)} of ${n(job.totalRows)} rows: ${counts}.`
            : `${n(job.processedRows)} of ${n(job.totalRows)} rows done: ${counts}.`}
      </Text>
      {job.status === 'failed' && job.error ? (
        <Alert color="red" role="alert" title="The import stopped">
          {job.error} The clients imported before stay; start the same file again to import the rest (they are
          skipped).
        </Alert>
      ) : null}
      {finished ? (
        <Group gap="sm">
          <Anchor component={Link} to="/app/clients">
            Open Clients
          </Anchor>
          {job.rejections.length > 0 ? (
            // The dry run's list is gone by now: the rows to correct stay one click away.
            <Button variant="default" onClick={() => saveRejectionsCsv(job.rejections, 'rejected-rows.csv')}>
              Download the rejected rows (CSV)
            </Button>
          ) : null}
          <Button variant="default" onClick={props.onAnother}>
            Import another file
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          You may leave this page: the import goes on, and its progress is here when you come back.
        </Text>
      )}
    </Stack>
  );
}
