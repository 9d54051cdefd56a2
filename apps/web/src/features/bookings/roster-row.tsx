import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ClassInstanceDetailsDto, RosterEntryDto } from '@kinetic/shared';
import { BusyButton } from '../../ui/busy-button.tsx';
import { scheduleQueryKey } from '../schedule/api/schedule-keys.ts';
import { localTime } from '../schedule/class-labels.ts';
import { checkInBooking } from './api/check-in-booking.ts';
import { useRefreshingMutation } from './api/use-refreshing-mutation.ts';
import { waiveFee } from './api/waive-fee.ts';
import { feeLabel, hasStarted, STATUS_COLOURS, STATUS_LABELS } from './booking-labels.ts';

interface RosterRowProps {
  companyId: string;
  item: ClassInstanceDetailsDto;
  entry: RosterEntryDto;
  /** Book, cancel and waive (admins, staff, solo instructors); instructors only take attendance. */
  canManage: boolean;
  onCancel: (entry: RosterEntryDto) => void;
}

/** One client on the roster: who, how to reach them, where they stand, and what can be done. */
export function RosterRow({ companyId, item, entry, canManage, onCancel }: RosterRowProps) {
  const refresh = [scheduleQueryKey(companyId)];
  const checkIn = useRefreshingMutation(checkInBooking, refresh);
  const waive = useRefreshingMutation(waiveFee, refresh);
  const classOn = item.status !== 'cancelled';
  const started = hasStarted(item);
  const name = entry.clientName;
  const status =
    entry.status === 'waitlisted' && entry.waitlistPosition !== null
      ? `Waitlisted · number ${entry.waitlistPosition}`
      : STATUS_LABELS[entry.status];
  const canCheckIn = classOn && (entry.status === 'booked' || entry.status === 'no_show');
  const canCancel = canManage && classOn && !started && ['booked', 'waitlisted', 'offered'].includes(entry.status);
  const canWaive = canManage && entry.fee?.status === 'due';

  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 14rem', minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <Badge color={STATUS_COLOURS[entry.status]} variant="filled" style={{ flexShrink: 0 }}>
              {status}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {entry.clientEmail}
            {entry.clientPhone ? ` · ${entry.clientPhone}` : ''}
          </Text>
          {entry.status === 'offered' && entry.offerExpiresAt ? (
            <Text size="sm">Offered — held until {localTime(entry.offerExpiresAt, item.timeZone)}</Text>
          ) : null}
          {entry.fee ? <Text size="sm">{feeLabel(entry.fee)}</Text> : null}
        </Stack>
        {canCheckIn || canCancel || canWaive ? (
          <Group gap="xs" wrap="wrap">
            {canCheckIn ? (
              <BusyButton size="xs" busy={checkIn.isPending} aria-label={`Check in ${name}`} onClick={() => checkIn.mutate(entry.id)}>
                Check in
              </BusyButton>
            ) : null}
            {canWaive ? (
              <BusyButton size="xs" variant="default" busy={waive.isPending} aria-label={`Waive fee for ${name}`} onClick={() => waive.mutate(entry.id)}>
                Waive fee
              </BusyButton>
            ) : null}
            {canCancel ? (
              <Button size="xs" variant="outline" color="red.8" aria-label={`Cancel ${name}’s booking`} onClick={() => onCancel(entry)}>
                Cancel
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Group>
    </Paper>
  );
}
