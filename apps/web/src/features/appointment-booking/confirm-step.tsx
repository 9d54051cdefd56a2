import { useRef, useState, type Ref } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import {
  CLIENT_ROLES,
  loginPathForRole,
  type BookedAppointmentDto,
  type PaymentOptionsDto,
  type PublicAppointmentTypeDto,
} from '@kinetic/shared';
import { ApiError, newIdempotencyKey } from '../../api/client.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { paymentChoices, defaultPayment, DROP_IN, FREE, money } from '../bookings/booking-labels.ts';
import { PaymentChoice } from '../bookings/payment-choice.tsx';
import type { ClientSession } from '../event-booking/event-frame.tsx';
import { studioZoneNote } from '../schedule/class-labels.ts';
import { WaiverNeededNote, waiverPathBack } from '../waivers/waiver-needed-note.tsx';
import { bookAppointment, useAppointmentPaymentOptions } from './api/appointment-booking-api.ts';
import {
  lengthLabel,
  namedTimeRefusal,
  sessionCancellationRule,
  typePays,
  typePriceLabel,
  whenLabel,
} from './appointment-labels.ts';
import { ANYONE } from './booking-address.ts';

export interface Refusal {
  message: string;
  /** The studio's waiver must be signed first. */
  waiver: boolean;
  /** No package or payment can pay (402): buying one is the way on. */
  payment: boolean;
}

interface ConfirmStepProps {
  company: string;
  roleId: 'client' | 'solo-client';
  type: PublicAppointmentTypeDto;
  instructor: string;
  studio: PublicAppointmentTypeDto['studios'][number];
  start: string;
  session: ClientSession;
  /** This page's address with the choice, for the login, sign-up, waiver and packages to come back to. */
  here: string;
  clientBase: string;
  headingRef: Ref<HTMLHeadingElement>;
  onChangeTime: () => void;
  /** The time was taken meanwhile (409): back to the times with this sentence. */
  onTaken: (message: string) => void;
  onBooked: (booked: BookedAppointmentDto, paidWith: string) => void;
}

/** Step 4: what is about to be booked; log in or sign up first, else how to pay and Book. */
export function ConfirmStep(props: ConfirmStepProps) {
  const { type, instructor, studio, start, session, headingRef, onChangeTime } = props;
  const end = new Date(Date.parse(start) + type.durationMinutes * 60_000).toISOString();
  const zone = studioZoneNote({ startsAt: start, timeZone: studio.timeZone });
  const who =
    instructor === ANYONE ? 'Anyone available' : type.instructors.find((p) => p.id === instructor)?.name;
  return (
    <Stack gap="sm" component="section" aria-labelledby="step-heading">
      <Title order={2} size="h3" id="step-heading" ref={headingRef} tabIndex={-1}>
        Confirm your booking
      </Title>
      <Stack gap={2} component="dl" m={0}>
        <Fact label="Session">
          {type.name} ({lengthLabel(type.durationMinutes)})
        </Fact>
        <Fact label="When">
          {whenLabel(start, end, studio.timeZone)}
          {zone ? ` (the studio’s time: ${zone})` : ''}
        </Fact>
        <Fact label="With">{who}</Fact>
        <Fact label="Where">{studio.name}</Fact>
        <Fact label="Price">{typePriceLabel(type)}</Fact>
      </Stack>
      <Anchor
        component="button"
        type="button"
        size="sm"
        className="tap-link"
        onClick={onChangeTime}
        style={{ alignSelf: 'flex-start' }}
      >
        Change the time
      </Anchor>
      {session.status === 'loading' ? (
        <Text>Checking your account…</Text>
      ) : session.status === 'client' ? (
        <BookAsClient {...props} companyId={session.me.company.id} />
      ) : (
        <SignInFirst {...props} />
      )}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text component="dt" size="sm" fw={700} style={{ flexShrink: 0 }}>
        {label}:
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </Group>
  );
}

function SignInFirst(props: ConfirmStepProps) {
  const { company, roleId, session, here } = props;
  const next = new URLSearchParams({ next: here }).toString();
  const other = session.status === 'other' ? session.me : null;
  return (
    <Stack gap="xs" align="flex-start">
      {!other ? (
        <Text size="sm">Log in or create an account to book; you come straight back to this time.</Text>
      ) : (CLIENT_ROLES as readonly string[]).includes(other.user.roleId) ? (
        <Text size="sm">
          You are signed in as a client of {other.company.name}. To book here, log in with an account at this
          studio.
        </Text>
      ) : (
        <Text size="sm">
          You are signed in as {other.user.name} of the studio’s team. Book clients from the Appointment page,
          or log in with a client account.
        </Text>
      )}
      <CancellationNote {...props} paying={typePays(props.type)} />
      <Group gap="sm">
        <Button component={Link} to={`${loginPathForRole(company, roleId)}?${next}`}>
          Log in to book
        </Button>
        <Button component={Link} to={`/${company}/${roleId}/client/client-signup?${next}`} variant="default">
          Sign up
        </Button>
      </Group>
    </Stack>
  );
}

function BookAsClient({
  company,
  roleId,
  type,
  instructor,
  studio,
  start,
  here,
  clientBase,
  companyId,
  onTaken,
  onBooked,
}: ConfirmStepProps & { companyId: string }) {
  const options = useAppointmentPaymentOptions(companyId, {
    appointmentTypeId: type.id,
    startsAt: start,
    studioId: studio.id,
  });
  const [payWith, setPayWith] = useState<string | null>(null);
  const chosen = payWith ?? defaultPayment(options.data);
  const choice = options.data
    ? paymentChoices(options.data).find((entry) => entry.value === chosen)
    : undefined;
  // One key per booking meant: pressing Book again after a lost answer gets that answer, not a second place.
  const intent = useRef(newIdempotencyKey());
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  const book = async () => {
    if (busy) return;
    setBusy(true);
    setRefusal(null);
    try {
      const booked = await bookAppointment(
        {
          appointmentTypeId: type.id,
          instructorId: instructor === ANYONE ? null : instructor,
          studioId: studio.id,
          startsAt: start,
          ...(chosen === DROP_IN
            ? { payWith: 'drop-in' as const }
            : chosen && chosen !== FREE
              ? { clientPackageId: chosen }
              : {}),
        },
        intent.current,
      );
      intent.current = newIdempotencyKey();
      onBooked(booked, paidSentence(booked.booking.paidWith, options.data, chosen));
    } catch (failure) {
      const error = failure instanceof ApiError ? failure : null;
      const message =
        failure instanceof Error ? failure.message : 'The booking did not go through. Please try again.';
      intent.current = newIdempotencyKey();
      if (error?.statusCode === 409 && !error.errors.waiver) {
        onTaken(namedTimeRefusal(message, start, studio.timeZone));
        return;
      }
      setRefusal({ message, waiver: Boolean(error?.errors.waiver), payment: error?.statusCode === 402 });
      requestAnimationFrame(() => alertRef.current?.focus());
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm" align="flex-start">
      <WaiverNeededNote companyId={companyId} company={company} roleId={roleId} />
      {options.isError ? (
        <Text size="sm" c="red.9">
          How you would pay could not be loaded: {options.error.message}
        </Text>
      ) : (
        <PaymentChoice options={options.data} value={chosen} onChange={setPayWith} />
      )}
      <CancellationNote
        type={type}
        studio={studio}
        start={start}
        // Until the way to pay is known, whether the type is paid for; free chosen, nothing is lost late.
        paying={chosen === null ? typePays(type) : chosen !== FREE}
      />
      <div ref={alertRef} tabIndex={-1} role="alert" style={{ width: '100%' }}>
        {refusal ? (
          <Alert color="red" variant="light" title="Not booked yet">
            <Text size="sm">
              {refusal.message}{' '}
              {refusal.waiver ? (
                <Anchor
                  component={Link}
                  to={waiverPathBack(company, roleId, here)}
                  fz="inherit"
                  underline="always"
                >
                  Sign the waiver
                </Anchor>
              ) : refusal.payment ? (
                <Anchor
                  component={Link}
                  to={`${clientBase}/settings/packages?${new URLSearchParams({ next: here }).toString()}`}
                  fz="inherit"
                  underline="always"
                >
                  Buy a package
                </Anchor>
              ) : null}
            </Text>
          </Alert>
        ) : null}
      </div>
      <BusyButton
        busy={busy}
        size="md"
        // A long way to pay ("Book — $80.00 drop-in, pay at the studio") wraps on a phone instead of overflowing.
        styles={{
          root: { height: 'auto', minHeight: 44, maxWidth: '100%' },
          label: { whiteSpace: 'normal', paddingBlock: 8 },
        }}
        onClick={() => void book()}
        disabled={options.isPending && !options.isError}
      >
        {choice?.bookLabel ?? 'Book'}
      </BusyButton>
    </Stack>
  );
}

/** The type's cancellation rule before booking, as the class page says a class's. */
function CancellationNote({
  type,
  studio,
  start,
  paying,
}: Pick<ConfirmStepProps, 'type' | 'studio' | 'start'> & { paying: boolean }) {
  return (
    <Text size="sm">
      {sessionCancellationRule(type.cancellation, {
        startsAt: start,
        timeZone: studio.timeZone,
        currency: type.currency,
        paying,
      })}
    </Text>
  );
}

/** What the confirmation says paid: "Paid with 10-Class Pack.", "A $80.00 drop-in, to pay at the studio.", nothing when free. */
export function paidSentence(
  paidWith: string,
  options: PaymentOptionsDto | undefined,
  chosen: string | null,
): string {
  if (paidWith === 'drop-in' && options)
    return `A ${money(options.dropInPrice, options.currency)} drop-in, to pay at the studio.`;
  if (paidWith === 'class-pack' || paidWith === 'membership') {
    const held = options?.packages.find((entry) => entry.clientPackageId === chosen);
    return held ? `Paid with ${held.name}.` : 'Paid with your package.';
  }
  return '';
}
