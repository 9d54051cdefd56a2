import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { AppointmentDto, AppointmentSlotDto, ClientDto, PersonDto, StudioDto } from '@kinetic/shared';
import { ApiError, newIdempotencyKey } from '../../api/client.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { PhoneInput } from '../../ui/phone-input.tsx';
import { useAppointmentTypes } from '../appointment-setup/api/appointment-setup-api.ts';
import { SlotPicker, slotValue } from '../appointment-booking/slot-picker.tsx';
import { clientsQueryKey } from '../bookings/api/booking-keys.ts';
import { createClient } from '../bookings/api/create-client.ts';
import { useClientSearch } from '../bookings/api/search-clients.ts';
import { DROP_IN, FREE, defaultPayment, money, paymentChoices } from '../bookings/booking-labels.ts';
import { PaymentChoice } from '../bookings/payment-choice.tsx';
import {
  appointmentsQueryKey,
  bookAppointment,
  useAppointmentPaymentOptions,
  useAppointmentSlots,
} from './api/appointments-api.ts';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : 'Something went wrong');
const optionLabel = (client: ClientDto) => `${client.name} · ${client.email}`;
const NARROW = '(max-width: 40em)';
const ANYONE = 'anyone';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ANYWHERE = 'any';

/**
 * A whole, real calendar date (YYYY-MM-DD, year 2000 on). A date field emptied or part-typed gives "" or a
 * year like 0002: neither may be formatted or asked about.
 */
const isCompleteDate = (date: string) => {
  if (!DATE.test(date) || date < '2000-01-01') return false;
  const parsed = new Date(`${date}T12:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
};

/** "Tue 1 Dec 2026" for a YYYY-MM-DD date (the date itself if it is not a whole date). */
const dayLabel = (date: string) =>
  isCompleteDate(date)
    ? new Intl.DateTimeFormat('en-GB', {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${date}T12:00:00Z`))
    : date;

interface BookAppointmentDialogProps {
  companyId: string;
  opened: boolean;
  /** The day the dialog starts on (the calendar's), YYYY-MM-DD. */
  initialDate: string;
  studios: StudioDto[];
  instructors: PersonDto[];
  /** A solo owner books their own sessions: no instructor to choose. */
  fixedInstructorId?: string | null;
  onClose: () => void;
  onBooked: (appointment: AppointmentDto, clientName: string) => void;
}

/** The team books a client into a free slot of an appointment type (issue 17 §3). */
export function BookAppointmentDialog(props: BookAppointmentDialogProps) {
  const narrow = useMediaQuery(NARROW);
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.fixedInstructorId !== undefined ? 'Book a private session' : 'Book appointment'}
      size="lg"
      fullScreen={narrow}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {props.opened ? <BookAppointmentForm {...props} /> : null}
    </Modal>
  );
}

function BookAppointmentForm({
  companyId,
  initialDate,
  studios,
  instructors,
  fixedInstructorId,
  onClose,
  onBooked,
}: BookAppointmentDialogProps) {
  const queryClient = useQueryClient();
  const types = useAppointmentTypes(companyId);
  const typeList = (types.data?.items ?? []).filter((type) => type.active);
  const [client, setClient] = useState<ClientDto | null>(null);
  const [typeId, setTypeId] = useState<string | null>(null);
  const type =
    typeList.find((item) => item.id === typeId) ?? (typeList.length === 1 ? typeList[0] : undefined);
  const [instructorChoice, setInstructorChoice] = useState<string>(ANYONE);
  const [studioChoice, setStudioChoice] = useState<string | null>(null);
  const [date, setDate] = useState(initialDate);
  const [slotKey, setSlotKey] = useState<string | null>(null);
  const [payWith, setPayWith] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // 402: nothing the client holds pays; the team may book it as a drop-in paid at the studio.
  const [offerDropIn, setOfferDropIn] = useState(false);
  const [busy, setBusy] = useState(false);
  const intent = useRef(newIdempotencyKey());
  const noticeRef = useRef<HTMLDivElement>(null);

  const typeInstructors = instructors.filter((person) => type?.instructorIds.includes(person.id));
  const typeStudios = studios.filter((studio) => type?.studioIds.includes(studio.id));
  const instructorId =
    fixedInstructorId !== undefined
      ? fixedInstructorId
      : instructorChoice === ANYONE
        ? null
        : instructorChoice;
  // One studio: that one. Several: any of them until the person chooses (the free times say where).
  const studioId =
    studioChoice && typeStudios.some((studio) => studio.id === studioChoice)
      ? studioChoice
      : typeStudios.length === 1
        ? (typeStudios[0]?.id ?? null)
        : null;
  const slotsRequest =
    type && isCompleteDate(date)
      ? { appointmentTypeId: type.id, instructorId, studioId, from: date, to: date }
      : null;
  const slots = useAppointmentSlots(companyId, slotsRequest);
  const slotItems = useMemo(() => slots.data?.items ?? [], [slots.data]);
  const showInstructor = instructorId === null && fixedInstructorId === undefined;
  const keyOf = (item: AppointmentSlotDto) => `${item.studioId}|${slotValue(item, showInstructor)}`;
  const slot = slotItems.find((item) => keyOf(item) === slotKey) ?? null;
  // The free times per studio, each its own group ("Free times on Tue 1 Dec at Midtown").
  const byStudio = typeStudios
    .map((studio) => ({ studio, slots: slotItems.filter((item) => item.studioId === studio.id) }))
    .filter((group) => group.slots.length > 0);
  const options = useAppointmentPaymentOptions(
    companyId,
    type && slot && client
      ? { appointmentTypeId: type.id, startsAt: slot.startsAt, studioId: slot.studioId, clientId: client.id }
      : null,
  );
  const chosenPayment = payWith ?? defaultPayment(options.data);
  const choice = options.data
    ? paymentChoices(options.data).find((item) => item.value === chosenPayment)
    : undefined;

  // A new choice upstream makes the old slot meaningless.
  useEffect(() => {
    setSlotKey(null);
    setPayWith(null);
  }, [type?.id, instructorId, studioId, date]);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const book = (dropIn: boolean) => {
    setError(null);
    setNotice(null);
    if (!client) return setError('Choose the client');
    if (!type) return setError('Choose the appointment type');
    if (!slot) return setError('Choose a free time');
    setBusy(true);
    bookAppointment({
      idempotencyKey: intent.current,
      body: {
        appointmentTypeId: type.id,
        instructorId: slot.instructorId,
        studioId: slot.studioId,
        startsAt: slot.startsAt,
        clientId: client.id,
        ...(dropIn || chosenPayment === DROP_IN
          ? { payWith: 'drop-in' as const }
          : chosenPayment && chosenPayment !== FREE
            ? { clientPackageId: chosenPayment }
            : {}),
        notes: notes.trim() || null,
      },
    })
      .then(
        (answer) => {
          intent.current = newIdempotencyKey();
          onBooked(answer.appointment, client.name);
        },
        (failure: unknown) => {
          // A refused booking is not a booking: the next press is a new attempt.
          intent.current = newIdempotencyKey();
          const status = failure instanceof ApiError ? failure.statusCode : 0;
          if (status === 409) {
            setSlotKey(null);
            setNotice(`${messageOf(failure)} The free times are up to date again.`);
            void slots.refetch();
          } else if (status === 402) {
            setError(messageOf(failure));
            setOfferDropIn(!dropIn);
          } else setError(messageOf(failure));
        },
      )
      .finally(() => {
        setBusy(false);
        void queryClient.invalidateQueries({ queryKey: appointmentsQueryKey(companyId) });
      });
  };

  if (types.isSuccess && typeList.length === 0)
    return (
      <Stack gap="md">
        <Text>There are no appointment types clients can book yet. Add one first.</Text>
        <Group>
          <Button variant="default" onClick={onClose} data-autofocus>
            Close
          </Button>
        </Group>
      </Stack>
    );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        book(false);
      }}
    >
      <Stack gap="md">
        <ClientField
          companyId={companyId}
          value={client}
          onChange={(next) => {
            setClient(next);
            setPayWith(null);
            setOfferDropIn(false);
          }}
        />
        <Select
          label="Appointment type"
          required
          data={typeList.map((item) => ({
            value: item.id,
            label: `${item.name} · ${item.durationMinutes} min · ${item.price ? money(item.price, item.currency) : 'free'}`,
          }))}
          value={type?.id ?? null}
          onChange={setTypeId}
          allowDeselect={false}
        />
        {fixedInstructorId === undefined ? (
          <Select
            label="Instructor"
            data={[
              { value: ANYONE, label: 'Anyone' },
              ...typeInstructors.map((person) => ({ value: person.id, label: person.name })),
            ]}
            value={instructorChoice}
            onChange={(value) => setInstructorChoice(value ?? ANYONE)}
            allowDeselect={false}
            disabled={!type}
          />
        ) : null}
        {typeStudios.length > 1 ? (
          <Select
            label="Studio"
            data={[
              { value: ANYWHERE, label: 'Any studio' },
              ...typeStudios.map((studio) => ({ value: studio.id, label: studio.name })),
            ]}
            value={studioId ?? ANYWHERE}
            onChange={(value) => setStudioChoice(value === ANYWHERE ? null : value)}
            allowDeselect={false}
          />
        ) : null}
        <TextInput
          label="Date"
          type="date"
          required
          value={date}
          onChange={(event) => setDate(event.currentTarget.value)}
          error={isCompleteDate(date) ? undefined : 'Choose a date'}
        />
        <div ref={noticeRef} tabIndex={-1} role="status" aria-live="polite">
          {notice ? (
            <Alert color="yellow" variant="light" role="none" title="Choose another time">
              {notice}
            </Alert>
          ) : null}
        </div>
        {!type || !isCompleteDate(date) ? null : slots.isError ? (
          <Text c="red.8" role="alert">
            {slots.error.message}
          </Text>
        ) : slots.isPending ? (
          <Text size="sm">Finding free times…</Text>
        ) : slotItems.length === 0 ? (
          <Text size="sm">
            No free times on {dayLabel(date)}
            {instructorId && fixedInstructorId === undefined ? ' for this instructor' : ''}
            {studioId && typeStudios.length > 1 ? ' at this studio' : ''}. Try another date.
          </Text>
        ) : (
          <Stack gap="sm">
            {byStudio.map((group) => (
              <SlotPicker
                key={group.studio.id}
                slots={group.slots}
                value={slot && slot.studioId === group.studio.id ? slotValue(slot, showInstructor) : null}
                onChange={(chosen) => {
                  setSlotKey(keyOf(chosen));
                  setNotice(null);
                }}
                label={`Free times on ${dayLabel(date)}${typeStudios.length > 1 ? ` at ${group.studio.name}` : ''}`}
                showInstructor={showInstructor}
              />
            ))}
          </Stack>
        )}
        {slot && client ? (
          options.isError ? (
            <Text size="sm" c="red.8">
              {options.error.message}
            </Text>
          ) : (
            <PaymentChoice options={options.data} value={chosenPayment} onChange={setPayWith} />
          )
        ) : null}
        <Textarea
          label="Notes (optional)"
          description="Seen by the team on the appointment."
          rows={3}
          maxLength={2000}
          value={notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
        />
        <FormSubmitError message={error} />
        <Group>
          {offerDropIn ? (
            <BusyButton busy={busy} onClick={() => book(true)}>
              {options.data
                ? `Book as a ${money(options.data.dropInPrice, options.data.currency)} drop-in`
                : 'Book as a drop-in'}
            </BusyButton>
          ) : (
            <BusyButton type="submit" busy={busy}>
              {client && slot
                ? `Book ${client.name}${
                    // Any studio: two studios can both offer 09:00, so the button says which one.
                    typeStudios.length > 1 && studioId === null ? ` at ${slot.studioName}` : ''
                  } at ${slot.localTime}${
                    // Anyone: the slot names the instructor it was found with.
                    showInstructor ? ` with ${slot.instructorName}` : ''
                  }${choice && choice.value !== DROP_IN ? ` (${choice.label})` : ''}`
                : 'Book'}
            </BusyButton>
          )}
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Find a client (the roster's search: name, email or phone), or add a new one. */
function ClientField({
  companyId,
  value,
  onChange,
}: {
  companyId: string;
  value: ClientDto | null;
  onChange: (client: ClientDto | null) => void;
}) {
  const [mode, setMode] = useState<'find' | 'new'>('find');
  const [search, setSearch] = useState('');
  const typed = value && search === optionLabel(value) ? '' : search;
  const [q] = useDebouncedValue(typed.trim(), 250);
  const clients = useClientSearch(companyId, q, mode === 'find');
  const found = clients.data?.items ?? [];
  const list = [...(value && !found.some((client) => client.id === value.id) ? [value] : []), ...found];
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState({ name: '', email: '', phone: '' });
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label="Who is the client"
        value={mode}
        onChange={(next) => setMode(next === 'new' ? 'new' : 'find')}
        data={[
          { value: 'find', label: 'Find a client' },
          { value: 'new', label: 'New client' },
        ]}
      />
      {mode === 'find' ? (
        <Select
          label="Client"
          required
          placeholder="Search by name, email or phone"
          data-autofocus
          searchable
          clearable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          data={list.map((client) => ({ value: client.id, label: optionLabel(client) }))}
          value={value?.id ?? null}
          onChange={(id) => onChange(list.find((client) => client.id === id) ?? null)}
          nothingFoundMessage={
            clients.isFetching ? 'Searching…' : 'No client matches; add them as a new client'
          }
          error={clients.isError ? clients.error.message : undefined}
        />
      ) : (
        <Stack gap="xs">
          <TextInput
            label="Name"
            required
            autoComplete="off"
            value={draft.name}
            error={errors.name}
            onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
          />
          <TextInput
            label="Email"
            type="email"
            required
            autoComplete="off"
            value={draft.email}
            error={errors.email}
            onChange={(event) => setDraft({ ...draft, email: event.currentTarget.value })}
          />
          <PhoneInput
            value={draft.phone}
            error={errors.phone}
            onPhoneChange={(phone) => setDraft({ ...draft, phone })}
          />
          <FormSubmitError message={error} />
          <Group>
            <BusyButton
              variant="default"
              busy={busy}
              onClick={() => {
                setError(null);
                setErrors({});
                setBusy(true);
                createClient(draft)
                  .then(
                    (client) => {
                      void queryClient.invalidateQueries({ queryKey: clientsQueryKey(companyId) });
                      setSearch(optionLabel(client));
                      onChange(client);
                      setDraft({ name: '', email: '', phone: '' });
                      setMode('find');
                    },
                    (failure: unknown) => {
                      setError(messageOf(failure));
                      if (failure instanceof ApiError) setErrors(failure.errors);
                    },
                  )
                  .finally(() => setBusy(false));
              }}
            >
              Add the client
            </BusyButton>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
