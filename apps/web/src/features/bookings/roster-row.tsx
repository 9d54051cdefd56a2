import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { CHECK_IN_CLOSES_MINUTES_AFTER_START } from '@kinetic/shared';
import type { ClassInstanceDetailsDto, RosterEntryDto } from '@kinetic/shared';
import { useAppBase } from '../../shell/use-app-base.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { scheduleQueryKey } from '../schedule/api/schedule-keys.ts';
import { dayTimeLabel, localTime } from '../schedule/class-labels.ts';
import { checkInBooking } from './api/check-in-booking.ts';
import { useRefreshingMutation } from './api/use-refreshing-mutation.ts';
import { waiveFee } from './api/waive-fee.ts';
import type { RosterAbilities } from './can-manage-bookings.ts';
import { undoCheckIn } from '../front-desk/api/front-desk-api.ts';
import {
  checkInOpensAt,
  feeLabel,
  hasStarted,
  paidWithLabel,
  statusLabel,
  STATUS_COLOURS,
} from './booking-labels.ts';

interface RosterRowProps {
  companyId: string;
  item: ClassInstanceDetailsDto;
  entry: RosterEntryDto;
  /** What the signed-in person may do here (their abilities, `rosterAbilities(me)`). */
  abilities: RosterAbilities;
  onCancel: (entry: RosterEntryDto) => void;
}

/** One client on the roster: who, how to reach them, where they stand, and what can be done. */
export function RosterRow({ companyId, item, entry, abilities, onCancel }: RosterRowProps) {
  const { canManage, canCheckIn: mayCheckIn, canWaive: mayWaive } = abilities;
  const base = useAppBase();
  const refresh = [scheduleQueryKey(companyId)];
  const checkIn = useRefreshingMutation(checkInBooking, refresh);
  const waive = useRefreshingMutation(waiveFee, refresh);
  const undo = useRefreshingMutation(undoCheckIn, refresh);
  // Check in and Undo replace each other: the keyboard moves to the one that appears (no focus lost).
  const actionRef = useRef<HTMLButtonElement>(null);
  const acted = useRef(false);
  useEffect(() => {
    if (acted.current) actionRef.current?.focus();
    acted.current = false;
  }, [entry.status]);
  const classOn = item.status !== 'cancelled';
  const started = hasStarted(item);
  const name = entry.clientName;
  const status = statusLabel(entry);
  const paid = ['booked', 'offered', 'checked_in', 'no_show', 'late_cancelled'].includes(entry.status)
    ? paidWithLabel(entry.paidWith)
    : null;
  const canCheckIn = mayCheckIn && classOn && (entry.status === 'booked' || entry.status === 'no_show');
  // The server refuses before check-in opens; the button says when it will work instead of failing.
  const opensAt = checkInOpensAt(item);
  const checkInOpen = Date.now() >= opensAt;
  const canCancel =
    canManage && classOn && !started && ['booked', 'waitlisted', 'offered'].includes(entry.status);
  const canWaive = mayWaive && entry.fee?.status === 'due';
  const canUndo =
    mayCheckIn &&
    classOn &&
    entry.status === 'checked_in' &&
    Date.now() < Date.parse(item.endsAt) + CHECK_IN_CLOSES_MINUTES_AFTER_START * 60_000;
  const tap = { minHeight: 44, minWidth: 44 } as const;

  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 14rem', minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            {canManage ? (
              // The client's profile, from the roster, for who manages clients (the desk, not instructors by default).
              <Anchor
                component={Link}
                to={`${base}/clients/profile/${entry.clientId}/${entry.clientId}`}
                fw={700}
                style={{ overflowWrap: 'anywhere' }}
              >
                {name}
              </Anchor>
            ) : (
              <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Text>
            )}
            <Badge color={STATUS_COLOURS[entry.status]} variant="filled" style={{ flexShrink: 0 }}>
              {status}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {entry.clientEmail}
            {entry.clientPhone ? ` · ${entry.clientPhone}` : ''}
          </Text>
          {entry.status === 'offered' && entry.offerExpiresAt ? (
            <Text size="sm">Offered — held until {dayTimeLabel(entry.offerExpiresAt, item.timeZone)}</Text>
          ) : null}
          {paid ? <Text size="sm">{paid}</Text> : null}
          {entry.fee ? <Text size="sm">{feeLabel(entry.fee)}</Text> : null}
        </Stack>
        {canCheckIn || canCancel || canWaive || canUndo ? (
          <Group gap="xs" wrap="wrap">
            {canCheckIn ? (
              checkInOpen ? (
                <BusyButton
                  ref={actionRef}
                  size="sm"
                  style={tap}
                  busy={checkIn.isPending}
                  aria-label={`Check in ${name}`}
                  onClick={() => {
                    acted.current = true;
                    checkIn.mutate(entry.id);
                  }}
                >
                  Check in
                </BusyButton>
              ) : (
                <Button
                  size="xs"
                  disabled
                  aria-label={`Check in ${name}: opens at ${localTime(new Date(opensAt).toISOString(), item.timeZone)}`}
                >
                  Check-in opens {localTime(new Date(opensAt).toISOString(), item.timeZone)}
                </Button>
              )
            ) : null}
            {canUndo ? (
              <BusyButton
                ref={actionRef}
                size="sm"
                style={tap}
                variant="default"
                busy={undo.isPending}
                aria-label={`Undo ${name}’s check-in`}
                onClick={() => {
                  acted.current = true;
                  undo.mutate(entry.id);
                }}
              >
                Undo check-in
              </BusyButton>
            ) : null}
            {canWaive ? (
              <BusyButton
                size="sm"
                style={tap}
                variant="default"
                busy={waive.isPending}
                aria-label={`Waive fee for ${name}`}
                onClick={() => waive.mutate(entry.id)}
              >
                Waive fee
              </BusyButton>
            ) : null}
            {canCancel ? (
              <Button
                size="sm"
                style={tap}
                variant="outline"
                color="red.8"
                aria-label={`Cancel ${name}’s booking`}
                onClick={() => onCancel(entry)}
              >
                Cancel
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Group>
    </Paper>
  );
}
