import { Alert, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ClassInstanceDetailsDto, RosterEntryDto } from '@kinetic/shared';
import { BusyButton } from '../../ui/busy-button.tsx';
import { scheduleQueryKey } from '../schedule/api/schedule-keys.ts';
import { useRoster } from './api/get-roster.ts';
import { markNoShows } from './api/mark-no-shows.ts';
import { useRefreshingMutation } from './api/use-refreshing-mutation.ts';
import { AddClientDialog } from './add-client-dialog.tsx';
import { hasStarted } from './booking-labels.ts';
import { CancelBookingDialog } from './cancel-booking-dialog.tsx';
import { RosterRow } from './roster-row.tsx';

const PLACE = new Set(['booked', 'offered', 'checked_in']);
const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;

interface RosterSectionProps {
  companyId: string;
  item: ClassInstanceDetailsDto;
  /** Book, cancel and waive (admins, staff, solo instructors); instructors only take attendance. */
  canManage: boolean;
}

/** The class's roster for the team: places, the waitlist in order, then bookings that ended. */
export function RosterSection({ companyId, item, canManage }: RosterSectionProps) {
  const roster = useRoster(companyId, item.id);
  const [adding, setAdding] = useState(false);
  const [cancelling, setCancelling] = useState<RosterEntryDto | null>(null);
  const [confirmNoShows, setConfirmNoShows] = useState(false);
  const noShows = useRefreshingMutation(markNoShows, [scheduleQueryKey(companyId)]);
  const entries = roster.data?.items ?? [];
  // The server answers places first, then the waitlist in order, then ended ones; the page keeps that order.
  const places = entries.filter((entry) => PLACE.has(entry.status));
  const waitlist = entries.filter((entry) => entry.status === 'waitlisted');
  const ended = entries.filter((entry) => !PLACE.has(entry.status) && entry.status !== 'waitlisted');
  const stillBooked = entries.filter((entry) => entry.status === 'booked');
  const classOn = item.status !== 'cancelled';
  const started = hasStarted(item);
  const row = (entry: RosterEntryDto) => (
    <RosterRow key={entry.id} companyId={companyId} item={item} entry={entry} canManage={canManage} onCancel={setCancelling} />
  );

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="roster-heading">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id="roster-heading">
            Roster
          </Title>
          {classOn ? (
            <Group gap="xs">
              {canManage ? (
                <Button size="sm" onClick={() => setAdding(true)} disabled={started}>
                  Add client
                </Button>
              ) : null}
              <Button
                size="sm"
                variant="default"
                onClick={() => setConfirmNoShows(true)}
                disabled={!started || stillBooked.length === 0}
                aria-describedby={started ? undefined : 'no-shows-note'}
              >
                Mark the rest as no-show
              </Button>
            </Group>
          ) : null}
        </Group>
        {classOn && !started ? (
          <Text id="no-shows-note" size="sm" c="dimmed">
            No-shows can be marked once the class has started.
          </Text>
        ) : null}
        {roster.isError ? (
          <Alert color="red" role="alert" title="The roster could not be loaded">
            {roster.error.message}
          </Alert>
        ) : !roster.data ? (
          <Text>Loading the roster…</Text>
        ) : entries.length === 0 ? (
          <Text>No one has booked yet. Bookings appear here once clients book this class.</Text>
        ) : (
          <>
            <RosterList title={`Places (${places.length} of ${item.capacity})`} id="roster-places" entries={places} row={row} empty="No places taken." />
            {waitlist.length > 0 ? (
              <RosterList title={`Waitlist (${waitlist.length})`} id="roster-waitlist" entries={waitlist} row={row} ordered />
            ) : null}
            {ended.length > 0 ? (
              <RosterList title={`Cancelled and absent (${ended.length})`} id="roster-ended" entries={ended} row={row} />
            ) : null}
          </>
        )}
      </Stack>
      {canManage ? <AddClientDialog companyId={companyId} item={item} opened={adding} onClose={() => setAdding(false)} /> : null}
      {canManage ? (
        <CancelBookingDialog companyId={companyId} item={item} entry={cancelling} onClose={() => setCancelling(null)} />
      ) : null}
      <Modal
        opened={confirmNoShows}
        onClose={() => setConfirmNoShows(false)}
        title="Mark the rest as no-show?"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text>
            {stillBooked.map((entry) => entry.clientName).join(', ')}{' '}
            {stillBooked.length === 1 ? 'has' : 'have'} not checked in and will be marked as no-show
            {item.rules.noShowFee > 0 ? ', with the no-show fee recorded' : ''}.
          </Text>
          <Group>
            <BusyButton
              color="red.8"
              data-autofocus
              busy={noShows.isPending}
              onClick={() => noShows.mutateAsync(item.id).then(() => setConfirmNoShows(false), () => setConfirmNoShows(false))}
            >
              Mark as no-show
            </BusyButton>
            <Button variant="default" onClick={() => setConfirmNoShows(false)}>
              Not yet
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

interface RosterListProps {
  title: string;
  id: string;
  entries: RosterEntryDto[];
  row: (entry: RosterEntryDto) => React.ReactNode;
  ordered?: boolean;
  empty?: string;
}

function RosterList({ title, id, entries, row, ordered = false, empty }: RosterListProps) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h5" id={id}>
        {title}
      </Title>
      {entries.length === 0 && empty ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap="xs" component={ordered ? 'ol' : 'ul'} aria-labelledby={id} style={listStyle}>
          {entries.map(row)}
        </Stack>
      )}
    </Stack>
  );
}
