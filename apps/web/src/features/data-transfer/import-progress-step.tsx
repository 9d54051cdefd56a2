import { Alert, Anchor, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ImportJobDto } from '@kinetic/shared';

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
      <Progress
        value={percent}
        size="lg"
        aria-label="Import progress"
        aria-valuetext={`${n(job.processedRows)} of ${n(job.totalRows)} rows`}
        color={job.status === 'failed' ? 'red' : undefined}
        animated={!finished}
        data-testid="import-progress"
      />
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
