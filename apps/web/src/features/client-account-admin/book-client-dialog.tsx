import { Button, Group, Modal, Radio, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ClassInstanceDto, PaymentOptionsDto } from '@kinetic/shared';
import { ApiError, apiRequest, newIdempotencyKey } from '../../api/client.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { bookClass } from '../bookings/api/book-class.ts';
import { useRefreshingMutation } from '../bookings/api/use-refreshing-mutation.ts';
import { DROP_IN, FREE, defaultPayment } from '../bookings/booking-labels.ts';
import { PaymentChoice, waitlistPaymentNote } from '../bookings/payment-choice.tsx';
import { classInstancesQueryKey, listClassInstances } from '../schedule/api/list-class-instances.ts';
import { localDate, localTime } from '../schedule/class-labels.ts';
import { useStudios } from '../studios/api/list-studios.ts';
import { clientBookedKeys, clientProfileQueryKey } from './api/client-profile-keys.ts';

/** How far ahead the dialog offers days: two weeks covers what the desk books by phone. */
export const BOOKABLE_DAYS = 14;
const ALL_STUDIOS = 'all';

export interface BookClientDialogProps {
  companyId: string;
  clientId: string;
  clientName: string;
  opened: boolean;
  onClose: () => void;
}

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : 'Something went wrong');

/**
 * The days offered: the studio's calendar days (each class's own zone, never this browser's) that
 * have a class left to book in the next two weeks, labelled "Today", "Tomorrow" or by date.
 */
function daysOf(items: ClassInstanceDto[], now = new Date()) {
  const days = new Map<string, string>();
  for (const item of items) {
    const day = localDate(item.startsAt, item.timeZone);
    if (days.has(day)) continue;
    const today = localDate(now, item.timeZone);
    const tomorrow = localDate(new Date(now.getTime() + 86_400_000), item.timeZone);
    days.set(
      day,
      day === today
        ? 'Today'
        : day === tomorrow
          ? 'Tomorrow'
          : new Intl.DateTimeFormat('en-GB', {
              weekday: 'long',
              day: 'numeric',
              month: 'short',
              timeZone: 'UTC',
            }).format(new Date(`${day}T12:00:00Z`)),
    );
  }
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([value, label]) => ({ value, label }));
}

const timeOf = (item: ClassInstanceDto) => localTime(item.startsAt, item.timeZone);

function placesLeft(item: ClassInstanceDto): string {
  const left = item.capacity - item.bookedCount;
  if (left <= 0) return 'full, joins the waitlist';
  return left === 1 ? '1 place left' : `${left} places left`;
}

/**
 * The team books a named client into an upcoming class (the profile's "Book into a class" and the
 * Clients list's quick action): choose a day and a studio, then a class; how the place is paid is
 * said (and chosen when there is more than one way) before booking; a client who has not signed the
 * current waiver may be booked anyway for this class, as on the roster.
 */
export function BookClientDialog({
  companyId,
  clientId,
  clientName,
  opened,
  onClose,
}: BookClientDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Book ${clientName} into a class`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened ? (
        <BookClientForm companyId={companyId} clientId={clientId} clientName={clientName} onDone={onClose} />
      ) : null}
    </Modal>
  );
}

function BookClientForm({
  companyId,
  clientId,
  clientName,
  onDone,
}: {
  companyId: string;
  clientId: string;
  clientName: string;
  onDone: () => void;
}) {
  // One read of the next two weeks (from this hour, so the key stays put while the dialog is open).
  const [range] = useState(() => {
    const from = new Date();
    from.setMinutes(0, 0, 0);
    return {
      from: from.toISOString(),
      to: new Date(from.getTime() + BOOKABLE_DAYS * 86_400_000).toISOString(),
    };
  });
  const [dayValue, setDayValue] = useState<string | null>(null);
  const [studioId, setStudioId] = useState(ALL_STUDIOS);
  const [classId, setClassId] = useState<string | null>(null);
  const [payWith, setPayWith] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Refused for the unsigned waiver: the team may book them for this class anyway.
  const [unsigned, setUnsigned] = useState(false);
  const [booked, setBooked] = useState<string | null>(null);
  const done = useRef<HTMLButtonElement>(null);
  const intent = useRef(newIdempotencyKey());
  const studios = useStudios(companyId);
  const filters = studioId === ALL_STUDIOS ? {} : { studioId };
  const classes = useQuery({
    queryKey: classInstancesQueryKey(companyId, range, filters),
    queryFn: ({ signal }) => listClassInstances(range, filters, signal),
    enabled: Boolean(companyId),
  });
  const bookable = (classes.data?.items ?? []).filter(
    (item) => item.status === 'scheduled' && Date.parse(item.startsAt) > Date.now(),
  );
  const days = daysOf(bookable);
  const day = days.find((entry) => entry.value === dayValue) ?? days[0] ?? null;
  const upcoming = day
    ? bookable.filter((item) => localDate(item.startsAt, item.timeZone) === day.value)
    : [];
  const chosen = upcoming.find((item) => item.id === classId) ?? null;
  const options = useQuery({
    queryKey: [...clientProfileQueryKey(companyId, clientId), 'payment-options', classId],
    queryFn: () =>
      apiRequest<PaymentOptionsDto>(
        `class-instances/${encodeURIComponent(classId ?? '')}/payment-options?clientId=${encodeURIComponent(clientId)}`,
        { silent: true, showLoader: false, inlineErrors: true },
      ),
    enabled: Boolean(classId),
  });
  const payment = payWith ?? defaultPayment(options.data);
  const book = useRefreshingMutation(bookClass, clientBookedKeys(companyId, clientId));
  const full = chosen ? chosen.bookedCount >= chosen.capacity : false;

  useEffect(() => {
    if (booked) done.current?.focus();
  }, [booked]);

  const choose = (id: string | null) => {
    setClassId(id);
    setPayWith(null);
    setError(null);
    setUnsigned(false);
    intent.current = newIdempotencyKey();
  };

  if (booked)
    return (
      <Stack gap="md">
        <Text role="status">{booked}</Text>
        <Group>
          <Button ref={done} onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!chosen) {
          setError('Choose a class');
          return;
        }
        setError(null);
        book
          .mutateAsync({
            classInstanceId: chosen.id,
            clientId,
            idempotencyKey: intent.current,
            ...(payment === DROP_IN
              ? { dropIn: true }
              : payment && payment !== FREE
                ? { clientPackageId: payment }
                : {}),
            ...(unsigned ? { overrideWaiver: true } : {}),
          })
          .then(
            (answer) => {
              intent.current = newIdempotencyKey();
              const when = `${chosen.templateName} at ${timeOf(chosen)} (${day?.label ?? localDate(chosen.startsAt, chosen.timeZone)})`;
              setBooked(
                answer.status === 'waitlisted'
                  ? `${clientName} is on the waitlist of ${when}.`
                  : `${clientName} is booked into ${when}.`,
              );
            },
            (failure: unknown) => {
              setError(messageOf(failure));
              setUnsigned(failure instanceof ApiError && Boolean(failure.errors.overrideWaiver));
            },
          );
      }}
    >
      <Stack gap="md">
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label="Day"
            data-autofocus
            allowDeselect={false}
            data={days}
            value={day?.value ?? null}
            // Never disabled: the dialog puts the focus here on opening, also while the classes load.
            placeholder={classes.isPending ? 'Loading…' : days.length === 0 ? 'No classes' : undefined}
            onChange={(value) => {
              setDayValue(value);
              choose(null);
            }}
            miw={160}
          />
          <Select
            label="Studio"
            allowDeselect={false}
            data={[
              { value: ALL_STUDIOS, label: 'All studios' },
              ...(studios.data?.items ?? []).map((studio) => ({ value: studio.id, label: studio.name })),
            ]}
            value={studioId}
            onChange={(value) => {
              setStudioId(value ?? ALL_STUDIOS);
              choose(null);
            }}
            miw={160}
          />
        </Group>
        {classes.isPending ? (
          <Text size="sm" c="dimmed">
            Loading classes…
          </Text>
        ) : classes.isError ? (
          <Text size="sm" c="red.8">
            {messageOf(classes.error)}
          </Text>
        ) : upcoming.length === 0 ? (
          <Text size="sm">
            No classes to book in the next two weeks{studioId === ALL_STUDIOS ? '' : ' at this studio'}.
          </Text>
        ) : (
          <Radio.Group label="Class" value={classId ?? ''} onChange={choose}>
            <Stack gap={0} mt={4}>
              {upcoming.map((item) => (
                <Radio
                  key={item.id}
                  value={item.id}
                  label={`${timeOf(item)} · ${item.templateName} · ${item.studioName} · ${item.instructorName} · ${placesLeft(item)}`}
                  styles={{ body: { minHeight: 44, alignItems: 'center' } }}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {chosen ? (
          full ? (
            <Text size="sm">
              {waitlistPaymentNote(options.data) ?? 'The class is full: the client joins the waitlist.'}
            </Text>
          ) : (
            <PaymentChoice options={options.data} value={payment} onChange={setPayWith} />
          )
        ) : null}
        {options.isError ? <FormSubmitError message={messageOf(options.error)} /> : null}
        <FormSubmitError message={error} />
        <Group>
          <BusyButton type="submit" busy={book.isPending}>
            {unsigned ? `Book ${clientName} anyway` : `Book ${clientName}`}
          </BusyButton>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
