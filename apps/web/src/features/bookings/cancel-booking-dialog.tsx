import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ClassInstanceDetailsDto, RosterEntryDto } from '@kinetic/shared';
import { ApiError } from '../../api/client.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { scheduleQueryKey } from '../schedule/api/schedule-keys.ts';
import { cancelBooking } from './api/cancel-booking.ts';
import { useRefreshingMutation } from './api/use-refreshing-mutation.ts';
import { isLateCancel, money } from './booking-labels.ts';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : 'Something went wrong');

interface CancelBookingDialogProps {
  companyId: string;
  item: ClassInstanceDetailsDto;
  /** The booking to cancel; null keeps the dialog closed. */
  entry: RosterEntryDto | null;
  /** Whether this person may waive the fee (sellAndRefund); without it a late cancellation keeps its fee. */
  canWaive: boolean;
  onClose: () => void;
}

/** The team cancels a place or takes someone off the waitlist; a late cancellation may waive its fee. */
export function CancelBookingDialog({ companyId, item, entry, canWaive, onClose }: CancelBookingDialogProps) {
  const [waiveFee, setWaiveFee] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = useRefreshingMutation(cancelBooking, [scheduleQueryKey(companyId)]);
  const close = () => {
    setWaiveFee(false);
    setError(null);
    onClose();
  };
  const waiting = entry?.status === 'waitlisted';
  const late = entry?.status === 'booked' && isLateCancel(item);
  const fee = item.rules.lateCancelFee;
  return (
    <Modal
      opened={entry !== null}
      onClose={close}
      title={entry ? `Cancel ${entry.clientName}’s ${waiting ? 'place on the waitlist' : 'booking'}?` : ''}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {entry ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setError(null);
            cancel.mutateAsync({ bookingId: entry.id, waiveFee: canWaive && late && fee > 0 && waiveFee }).then(close, (failure: unknown) =>
              setError(messageOf(failure)),
            );
          }}
        >
          <Stack gap="md">
            {late ? (
              <Text>
                The free-cancellation time ({item.rules.freeCancellationHoursBefore} hours before the start) has passed, so
                this counts as a late cancellation{fee > 0 ? ` with a ${money(fee, item.currency)} fee` : ''}.
              </Text>
            ) : entry.status === 'offered' ? (
              <Text>The place held for {entry.clientName} goes to the next person on the waitlist.</Text>
            ) : waiting ? (
              <Text>{entry.clientName} leaves the waitlist; the others move up.</Text>
            ) : (
              <Text>The place is freed for someone else. There is no fee.</Text>
            )}
            {canWaive && late && fee > 0 ? (
              <Checkbox
                label="Waive the late-cancel fee"
                checked={waiveFee}
                onChange={(event) => setWaiveFee(event.currentTarget.checked)}
              />
            ) : null}
            <FormSubmitError message={error} />
            <Group>
              <BusyButton type="submit" color="red.8" busy={cancel.isPending} data-autofocus>
                {waiting ? 'Take off the waitlist' : 'Cancel the booking'}
              </BusyButton>
              <Button variant="default" onClick={close}>
                Keep it
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
