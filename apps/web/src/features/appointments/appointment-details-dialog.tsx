import { Badge, Button, Checkbox, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AppointmentDto } from '@kinetic/shared';
import { ApiError } from '../../api/client.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { cancelBooking } from '../bookings/api/cancel-booking.ts';
import { money, paidWithLabel, statusLabel, STATUS_COLOURS } from '../bookings/booking-labels.ts';
import { classTimeLabel, studioZoneNote } from '../schedule/class-labels.ts';
import { useAppointmentType } from '../appointment-setup/api/appointment-setup-api.ts';
import { useSessionSettings } from '../session-settings/api/get-session-settings.ts';
import { appointmentsQueryKey, cancelAppointment, useAppointment } from './api/appointments-api.ts';
import { ACTIVE_STATUSES, appointmentRules } from './appointment-labels.ts';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : 'Something went wrong');
const NARROW = '(max-width: 40em)';

type Attendee = AppointmentDto['attendees'][number];

interface AppointmentDetailsDialogProps {
  companyId: string;
  /** The appointment as the calendar has it; null keeps the dialog closed. */
  appointment: AppointmentDto | null;
  /** Whether this person may cancel (and waive fees: sellAndRefund). */
  canCancel: boolean;
  canWaive: boolean;
  onClose: () => void;
  /** Something changed: the calendar fetches again; `message` says what happened. */
  onChanged: (message: string, closed: boolean) => void;
}

/** An appointment's details: when (studio's clock), who, where, the clients and how they pay; cancel. */
export function AppointmentDetailsDialog(props: AppointmentDetailsDialogProps) {
  const { companyId, appointment: shown, onClose } = props;
  const narrow = useMediaQuery(NARROW);
  // The latest from the server once it answers (after a client's cancellation, say); the calendar's until then.
  const fresh = useAppointment(companyId, shown?.id ?? null);
  const appointment = shown ? (fresh.data?.id === shown.id ? fresh.data : shown) : null;
  const [cancelling, setCancelling] = useState<Attendee | null>(null);
  const [cancelAll, setCancelAll] = useState(false);
  return (
    <>
      <Modal
        opened={shown !== null}
        onClose={onClose}
        title={appointment ? appointment.typeName : ''}
        fullScreen={narrow}
        closeButtonProps={{ 'aria-label': 'Close' }}
        // The calendar puts the keyboard on the appointment (opened by address, nothing had focus before).
        returnFocus={false}
      >
        {appointment ? (
          <AppointmentDetails
            appointment={appointment}
            canCancel={props.canCancel}
            onCancelBooking={setCancelling}
            onCancelAppointment={() => setCancelAll(true)}
          />
        ) : null}
      </Modal>
      <CancelClientDialog
        companyId={companyId}
        appointment={appointment}
        attendee={cancelling}
        canWaive={props.canWaive}
        onClose={() => setCancelling(null)}
        onDone={(attendee, lastOne) => {
          setCancelling(null);
          props.onChanged(
            lastOne
              ? `${attendee.clientName}’s booking was cancelled; the appointment is cancelled and its time is free again.`
              : `${attendee.clientName}’s booking was cancelled.`,
            lastOne,
          );
        }}
      />
      <CancelAppointmentDialog
        appointment={cancelAll ? appointment : null}
        onClose={() => setCancelAll(false)}
        onDone={() => {
          setCancelAll(false);
          props.onChanged('The appointment was cancelled; every client was told.', true);
        }}
      />
    </>
  );
}

function AppointmentDetails({
  appointment,
  canCancel,
  onCancelBooking,
  onCancelAppointment,
}: {
  appointment: AppointmentDto;
  canCancel: boolean;
  onCancelBooking: (attendee: Attendee) => void;
  onCancelAppointment: () => void;
}) {
  const zone = studioZoneNote(appointment);
  const cancelled = appointment.status === 'cancelled';
  return (
    <Stack gap="sm">
      {cancelled ? (
        <Badge color="gray.7" variant="filled">
          Cancelled
        </Badge>
      ) : null}
      <Text fw={600}>
        {classTimeLabel(appointment)}
        {zone ? ` (${zone})` : ''}
      </Text>
      {appointment.bufferBeforeMinutes || appointment.bufferAfterMinutes ? (
        <Text size="sm" c="dimmed">
          Buffer:{' '}
          {[
            appointment.bufferBeforeMinutes ? `${appointment.bufferBeforeMinutes} min before` : '',
            appointment.bufferAfterMinutes ? `${appointment.bufferAfterMinutes} min after` : '',
          ]
            .filter(Boolean)
            .join(', ')}
        </Text>
      ) : null}
      <Text>With {appointment.instructorName}</Text>
      <Text>
        {appointment.roomName
          ? `${appointment.studioName} · ${appointment.roomName}`
          : appointment.studioName}
      </Text>
      <Stack gap={4}>
        <Text fw={600} component="h3" size="md" m={0}>
          {appointment.capacity > 1
            ? `Clients (${appointment.bookedCount} of ${appointment.capacity})`
            : 'Client'}
        </Text>
        {appointment.attendees.length === 0 ? <Text size="sm">Nobody is booked.</Text> : null}
        <List listStyleType="none" spacing="xs" p={0}>
          {appointment.attendees.map((attendee) => {
            const paid = paidWithLabel(attendee.paidWith) ?? (attendee.paidWith === 'free' ? 'Free' : null);
            return (
              <List.Item key={attendee.bookingId}>
                <Group gap="xs" wrap="wrap">
                  <Text fw={500}>{attendee.clientName}</Text>
                  <Badge color={STATUS_COLOURS[attendee.status]} variant="filled">
                    {statusLabel({ status: attendee.status, cancelledBy: null, waitlistPosition: null })}
                  </Badge>
                  {paid ? (
                    <Text size="sm" c="dimmed">
                      {paid}
                    </Text>
                  ) : null}
                  {canCancel && !cancelled && ACTIVE_STATUSES.has(attendee.status) ? (
                    <Button size="compact-sm" variant="default" onClick={() => onCancelBooking(attendee)}>
                      {`Cancel ${attendee.clientName}’s booking`}
                    </Button>
                  ) : null}
                </Group>
              </List.Item>
            );
          })}
        </List>
      </Stack>
      {appointment.notes ? (
        <Stack gap={2}>
          <Text fw={600} component="h3" size="md" m={0}>
            Notes
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{appointment.notes}</Text>
        </Stack>
      ) : null}
      {canCancel && !cancelled ? (
        <Group>
          <Button color="red.9" variant="outline" onClick={onCancelAppointment}>
            Cancel appointment
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** The team cancels one client's place; a late cancellation says its fee (the type's window and fee). */
function CancelClientDialog({
  companyId,
  appointment,
  attendee,
  canWaive,
  onClose,
  onDone,
}: {
  companyId: string;
  appointment: AppointmentDto | null;
  attendee: Attendee | null;
  canWaive: boolean;
  onClose: () => void;
  onDone: (attendee: Attendee, lastOne: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const settings = useSessionSettings(attendee ? companyId : '');
  const type = useAppointmentType(attendee ? companyId : '', appointment?.appointmentTypeId);
  const rules = appointmentRules(settings.data, type.data);
  const [waiveFee, setWaiveFee] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setWaiveFee(false);
    setError(null);
    onClose();
  };
  const late =
    appointment && rules
      ? Date.now() >= Date.parse(appointment.startsAt) - rules.freeCancellationHoursBefore * 3_600_000
      : false;
  const fee = rules?.lateCancelFee ?? 0;
  const others = appointment
    ? appointment.attendees.filter(
        (entry) => entry.bookingId !== attendee?.bookingId && ACTIVE_STATUSES.has(entry.status),
      ).length
    : 0;
  return (
    <Modal
      opened={attendee !== null}
      onClose={close}
      title={attendee ? `Cancel ${attendee.clientName}’s booking?` : ''}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {attendee && appointment ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setError(null);
            setBusy(true);
            cancelBooking({
              bookingId: attendee.bookingId,
              waiveFee: canWaive && late && fee > 0 && waiveFee,
            })
              .then(
                () => {
                  setWaiveFee(false);
                  onDone(attendee, others === 0);
                },
                (failure: unknown) => setError(messageOf(failure)),
              )
              .finally(() => {
                setBusy(false);
                void queryClient.invalidateQueries({ queryKey: appointmentsQueryKey(companyId) });
              });
          }}
        >
          <Stack gap="md">
            {!rules ? (
              <Text>Reading the cancellation rules…</Text>
            ) : late ? (
              <Text>
                The free-cancellation time ({rules.freeCancellationHoursBefore} hours before the start) has
                passed, so this counts as a late cancellation
                {fee > 0 ? ` with a ${money(fee, rules.currency)} fee` : ''}.
              </Text>
            ) : (
              <Text>The time is freed for someone else. There is no fee.</Text>
            )}
            {others === 0 ? (
              <Text size="sm">
                {attendee.clientName} is the only client: the appointment is cancelled with this booking.
              </Text>
            ) : null}
            {canWaive && late && fee > 0 ? (
              <Checkbox
                label="Waive the late-cancel fee"
                checked={waiveFee}
                onChange={(event) => setWaiveFee(event.currentTarget.checked)}
              />
            ) : null}
            <FormSubmitError message={error} />
            <Group>
              <BusyButton type="submit" color="red.8" busy={busy} data-autofocus>
                Cancel the booking
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

/** The whole appointment: every client is told (with the reason, when given). Opens on the safe answer. */
function CancelAppointmentDialog({
  appointment,
  onClose,
  onDone,
}: {
  appointment: AppointmentDto | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const active = appointment?.attendees.filter((entry) => ACTIVE_STATUSES.has(entry.status)).length ?? 0;
  return (
    <Modal
      opened={appointment !== null}
      onClose={close}
      title="Cancel this appointment?"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {appointment ? (
        <Stack gap="md">
          <Text>
            {classTimeLabel(appointment)}, {appointment.typeName} with {appointment.instructorName}.{' '}
            {active === 0
              ? 'Nobody is booked.'
              : active === 1
                ? 'The client is told by email.'
                : `All ${active} clients are told by email.`}
          </Text>
          <Textarea
            label="Reason (optional)"
            description="Sent to the clients in the cancellation email."
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <FormSubmitError message={error} />
          <Group>
            <Button variant="default" data-autofocus onClick={close}>
              Keep the appointment
            </Button>
            <BusyButton
              color="red.9"
              variant="outline"
              busy={busy}
              onClick={() => {
                setError(null);
                setBusy(true);
                cancelAppointment({ appointmentId: appointment.id, reason })
                  .then(
                    () => {
                      setReason('');
                      onDone();
                    },
                    (failure: unknown) => setError(messageOf(failure)),
                  )
                  .finally(() => setBusy(false));
              }}
            >
              Cancel appointment
            </BusyButton>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
