import { Alert, Button, Group, List, ScrollArea, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { DryRunDto } from '@kinetic/shared';
import { BusyButton } from '../../ui/busy-button.tsx';
import { saveRejectionsCsv } from './import-api.ts';

const SHOWN_REJECTIONS = 200;
/** Rows whose email is already a client's: the first few, so the owner sees who they are. */
const SHOWN_SKIPS = 10;

function Count(props: { label: string; value: number; testId: string }) {
  return (
    <div>
      <Text size="xl" fw={700} data-testid={props.testId}>
        {props.value.toLocaleString()}
      </Text>
      <Text size="sm">{props.label}</Text>
    </div>
  );
}

/** The dry run's answer: counts, the rows it would reject with why, the first it would create. */
export function ImportDryRunStep(props: {
  dryRun: DryRunDto;
  onStart: () => void;
  onBack: () => void;
  busy: boolean;
  error: string | null;
}) {
  const { dryRun } = props;
  const shown = dryRun.rejections.slice(0, SHOWN_REJECTIONS);
  return (
    <Stack gap="sm">
      <Text size="sm">Nothing has been imported yet. This is what the import will do:</Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Count label="new clients" value={dryRun.wouldCreate} testId="dry-create" />
        <Count label="already clients (skipped)" value={dryRun.wouldSkip} testId="dry-skip" />
        <Count label="rows rejected" value={dryRun.wouldReject} testId="dry-reject" />
        <Count label="memberships and packs" value={dryRun.packagesToCreate} testId="dry-packages" />
      </SimpleGrid>
      {dryRun.creates.length > 0 ? (
        <>
          <Text size="sm" fw={600} id="dry-creates">
            The first new clients
          </Text>
          <List size="sm" spacing={2} aria-labelledby="dry-creates">
            {dryRun.creates.slice(0, 5).map((item) => (
              <List.Item key={item.row}>
                Row {item.row}: {item.name}, {item.email}
                {item.packages.length > 0 ? ` — ${item.packages.join(', ')}` : ''}
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
      {dryRun.skips.length > 0 ? (
        <>
          <Text size="sm" fw={600} id="dry-skips">
            Already your clients: kept as they are
          </Text>
          <List size="sm" spacing={2} aria-labelledby="dry-skips" data-testid="dry-skips">
            {dryRun.skips.slice(0, SHOWN_SKIPS).map((item) => (
              <List.Item key={item.row} style={{ overflowWrap: 'anywhere' }}>
                Row {item.row}: {item.email}
              </List.Item>
            ))}
          </List>
          {dryRun.wouldSkip > SHOWN_SKIPS ? (
            <Text size="sm" c="dimmed">
              and {(dryRun.wouldSkip - SHOWN_SKIPS).toLocaleString()} more.
            </Text>
          ) : null}
        </>
      ) : null}
      {dryRun.rejections.length > 0 ? (
        <Stack gap="xs">
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={600} id="dry-rejections">
              Rows that will not be imported, and why
            </Text>
            <Button
              variant="default"
              size="xs"
              onClick={() => saveRejectionsCsv(dryRun.rejections, 'rejected-rows.csv')}
            >
              Download the list (CSV)
            </Button>
          </Group>
          <ScrollArea.Autosize mah={360} type="auto">
            <Table striped withTableBorder aria-labelledby="dry-rejections" data-testid="dry-rejections">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Row</Table.Th>
                  <Table.Th scope="col">Reason</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((item) => (
                  <Table.Tr key={item.row}>
                    <Table.Td>{item.row}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {item.email ? `${item.email}: ` : ''}
                      {item.reason}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
          {dryRun.rejections.length > shown.length ? (
            <Text size="sm" c="dimmed">
              And {(dryRun.rejections.length - shown.length).toLocaleString()} more: download the list to see
              them all.
            </Text>
          ) : null}
          <Text size="sm" c="dimmed">
            Row 1 is the first row after the column names. Correct them in the file and import it again later:
            clients already imported are skipped.
          </Text>
        </Stack>
      ) : null}
      {props.error ? (
        <Alert color="red" role="alert" title="The import could not start">
          {props.error}
        </Alert>
      ) : null}
      {dryRun.job.source === 'archive' ? (
        <Text size="sm" c="dimmed" data-testid="dry-archive-note">
          From a Kinetic export, each client comes in with the details you matched and their active
          memberships and packs (credits left and expiry kept). Paused, cancelled and expired ones, bookings,
          orders and the archive’s other files are not imported.
        </Text>
      ) : null}
      <Text size="sm" c="dimmed">
        Imported clients get no email. They log in with “Forgot password” on your client login page, using the
        email they had with you.
      </Text>
      {dryRun.wouldCreate === 0 ? (
        // Skipped clients are never changed (nor given packages): starting would do nothing.
        <Text size="sm" fw={600} data-testid="dry-nothing">
          Nothing to import: every row is already a client or rejected. Correct the file, or change the
          mapping.
        </Text>
      ) : null}
      <Group gap="sm">
        {dryRun.wouldCreate > 0 ? (
          <BusyButton busy={props.busy} onClick={props.onStart}>
            {`Import ${dryRun.wouldCreate.toLocaleString()} ${dryRun.wouldCreate === 1 ? 'client' : 'clients'}`}
          </BusyButton>
        ) : null}
        <Button variant="default" onClick={props.onBack}>
          Change the mapping
        </Button>
      </Group>
    </Stack>
  );
}
