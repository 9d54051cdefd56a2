import { Alert, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { CHECK_IN_CLOSES_MINUTES_AFTER_START, type ClassInstanceDetailsDto, type RosterEntryDto } from '@kinetic/shared';
import { ApiError } from '../../api/client.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { scheduleQueryKey } from '../schedule/api/schedule-keys.ts';
import { useRoster } from './api/get-roster.ts';
import { checkInBooking } from './api/check-in-booking.ts';
import { markNoShows } from './api/mark-no-shows.ts';
import { useRefreshingMutation } from './api/use-refreshing-mutation.ts';
import { AddClientDialog } from './add-client-dialog.tsx';
import { checkInOpensAt, hasStarted } from './booking-labels.ts';
import { CancelBookingDialog } from './cancel-booking-dialog.tsx';
import type { RosterAbilities } from './can-manage-bookings.ts';
import { RosterRow } from './roster-row.tsx';

const PLACE = new Set(['booked', 'offered', 'checked_in']);
const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;
const tap = { minHeight: 44 } as const;

/** Name, email or phone (digits alone for a phone typed any way) holds what was typed. */
export function matchesSearch(entry: RosterEntryDto, typed: string): boolean {
  const q = typed.trim().toLowerCase();
  if (!q) return true;
  const digits = q.replace(/\D/g, '');
  return (
    entry.clientName.toLowerCase().includes(q) ||
    entry.clientEmail.toLowerCase().includes(q) ||
    (digits.length >= 3 && (entry.clientPhone ?? '').replace(/\D/g, '').includes(digits))
  );
}

interface RosterSectionProps {
  companyId: string;
  item: ClassInstanceDetailsDto;
  /** What the signed-in person may do here (their abilities, `rosterAbilities(me)`). */
  abilities: RosterAbilities;
  /** The front desk opened this list from the keyboard: the search field takes it, ready for typing. */
  focusSearch?: boolean;
}

/** The class's roster for the team: places, the waitlist in order, then bookings that ended. */
export function RosterSection({ companyId, item, abilities, focusSearch = false }: RosterSectionProps) {
  const { canManage, canCheckIn } = abilities;
  const roster = useRoster(companyId, item.id);
  const [adding, setAdding] = useState(false);
  const [cancelling, setCancelling] = useState<RosterEntryDto | null>(null);
  const [confirmNoShows, setConfirmNoShows] = useState(false);
  const [walkingIn, setWalkingIn] = useState(false);
  const [search, setSearch] = useState('');
  const [said, setSaid] = useState<{ text: string; error: boolean } | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const searchFocused = useRef(false);
  const quickCheckIn = useRefreshingMutation(checkInBooking, [scheduleQueryKey(companyId)]);
  // What Enter did is said for a while, then cleared (it would go stale as the list changes).
  useEffect(() => {
    if (!said) return undefined;
    const timer = window.setTimeout(() => setSaid(null), 6_000);
    return () => window.clearTimeout(timer);
  }, [said]);
  const noShows = useRefreshingMutation(markNoShows, [scheduleQueryKey(companyId)]);
  const all = roster.data?.items ?? [];
  const hasSearch = all.length > 0;
  useEffect(() => {
    if (!focusSearch || !hasSearch || searchFocused.current) return;
    searchFocused.current = true;
    searchRef.current?.focus();
  }, [focusSearch, hasSearch]);
  const entries = all.filter((entry) => matchesSearch(entry, search));
  // The server answers places first, then the waitlist in order, then ended ones; the page keeps that order.
  const places = entries.filter((entry) => PLACE.has(entry.status));
  const waitlist = entries.filter((entry) => entry.status === 'waitlisted');
  const ended = entries.filter((entry) => !PLACE.has(entry.status) && entry.status !== 'waitlisted');
  const stillBooked = entries.filter((entry) => entry.status === 'booked');
  const classOn = item.status !== 'cancelled';
  const started = hasStarted(item);
  // Walk-ins (booked and checked in at once) from when check-in opens until it closes, 30 minutes after the start.
  const now = Date.now();
  const checkInOpen =
    classOn && now >= checkInOpensAt(item) && now < Date.parse(item.startsAt) + CHECK_IN_CLOSES_MINUTES_AFTER_START * 60_000;
  // Enter in the search box checks in the one booked client it leaves.
  const enterCheckIn = () => {
    const ready = entries.filter((entry) => entry.status === 'booked');
    if (!canCheckIn) return;
    if (!search.trim() || ready.length !== 1 || !checkInOpen || !ready[0]) {
      setSaid({
        text: !search.trim()
          ? 'Type a name, email or phone to find a client.'
          : ready.length === 0
            ? 'No booked client matches; nobody was checked in.'
            : !checkInOpen
              ? 'Check-in is not open for this class.'
              : `${ready.length} booked clients match; type more, or use a Check in button.`,
        error: true,
      });
      return;
    }
    const entry = ready[0];
    quickCheckIn.mutateAsync(entry.id).then(
      () => {
        setSaid({ text: `${entry.clientName} is checked in.`, error: false });
        setSearch('');
      },
      (failure: unknown) =>
        setSaid({ text: failure instanceof ApiError ? failure.message : 'Something went wrong', error: true }),
    );
  };
  const row = (entry: RosterEntryDto) => (
    <RosterRow key={entry.id} companyId={companyId} item={item} entry={entry} abilities={abilities} onCancel={setCancelling} />
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
                <Button size="sm" style={tap} onClick={() => setAdding(true)} disabled={started}>
                  Add client
                </Button>
              ) : null}
              {canManage && canCheckIn && checkInOpen ? (
                <Button size="sm" style={tap} variant="outline" onClick={() => setWalkingIn(true)}>
                  Add walk-in
                </Button>
              ) : null}
              {canCheckIn ? (
                <Button
                  size="sm"
                  style={tap}
                  variant="default"
                  onClick={() => setConfirmNoShows(true)}
                  disabled={!started || stillBooked.length === 0}
                  aria-describedby={started ? undefined : 'no-shows-note'}
                >
                  Mark the rest as no-show
                </Button>
              ) : null}
            </Group>
          ) : null}
        </Group>
        {canCheckIn && classOn && !started ? (
          <Text id="no-shows-note" size="sm" c="dimmed">
            No-shows can be marked once the class has started.
          </Text>
        ) : null}
        {all.length > 0 ? (
          <Stack gap={4}>
            <TextInput
              ref={searchRef}
              label={`Find on the roster of ${item.templateName}`}
              description={
                canCheckIn && checkInOpen
                  ? 'Name, email or phone. Enter checks in the one booked client found.'
                  : 'Name, email or phone.'
              }
              type="search"
              autoComplete="off"
              value={search}
              size="md"
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setSaid(null);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  enterCheckIn();
                }
              }}
            />
            <Text size="sm" role="status" c={said?.error ? 'red.8' : undefined}>
              {said?.text ?? ''}
            </Text>
          </Stack>
        ) : null}
        {roster.isError ? (
          <Alert color="red" role="alert" title="The roster could not be loaded">
            {roster.error.message}
          </Alert>
        ) : !roster.data ? (
          <Text>Loading the roster…</Text>
        ) : all.length === 0 ? (
          <Text>No one has booked yet. Bookings appear here once clients book this class.</Text>
        ) : entries.length === 0 ? (
          <Text>Nobody on the roster matches “{search.trim()}”.</Text>
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
      {canManage && canCheckIn && checkInOpen ? (
        <AddClientDialog companyId={companyId} item={item} opened={walkingIn} walkIn onClose={() => setWalkingIn(false)} />
      ) : null}
      {canManage ? (
        <CancelBookingDialog
          companyId={companyId}
          item={item}
          entry={cancelling}
          canWaive={abilities.canWaive}
          onClose={() => setCancelling(null)}
        />
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
