import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { CheckInClassDto, CheckInPassDto } from '@kinetic/shared';
import { ApiError, newIdempotencyKey } from '../../api/client.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { acceptOffer } from '../bookings/api/accept-offer.ts';
import { bookClass } from '../bookings/api/book-class.ts';
import { usePaymentOptions } from '../bookings/api/get-payment-options.ts';
import { defaultPayment, DROP_IN, FREE } from '../bookings/booking-labels.ts';
import { PaymentChoice } from '../bookings/payment-choice.tsx';
import { dayTimeLabel } from '../schedule/class-labels.ts';
import { useMyWaiver } from '../waivers/api/waivers-api.ts';
import { SignForm } from '../waivers/my-waiver-page.tsx';
import { checkInWithPass } from './api/check-in-api.ts';
import { dropPass } from './check-in-pass.ts';

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : 'The check-in did not go through. Please try again.';

/** "Power Yoga · Thu 26 Nov, 18:00 · Midtown": the class a code is for. */
export function ClassLine({ item }: { item: CheckInClassDto }) {
  return (
    <Text>
      <strong>{item.name}</strong> · {dayTimeLabel(item.startsAt, item.timeZone)} · {item.studioName}
    </Text>
  );
}

type Step =
  | { kind: 'checking' }
  | { kind: 'waiver' }
  | { kind: 'book' }
  | { kind: 'offered'; bookingId: string; message: string }
  | { kind: 'refused'; message: string };

/**
 * A signed-in client with a pass: checks in, and when the server says what is missing, takes them
 * through it on the spot (the waiver, then a place booked through the booking endpoint) and tries again.
 * Done, it goes to `checked-in/{fitnessSessionId}` (a place they had) or
 * `account-checked-in/{fitnessSessionId}/{classInstanceId}` (a place booked here, or a new account).
 */
export function CheckInSteps({
  pass,
  base,
  companyId,
  clientName,
  newAccount = false,
}: {
  pass: CheckInPassDto;
  /** The public prefix the page is under (`/{company}/{roleId}/client/app`, or '' at the root). */
  base: string;
  companyId: string;
  clientName: string;
  newAccount?: boolean;
}) {
  const navigate = useNavigate();
  const item = pass.classInstance;
  const [step, setStep] = useState<Step>({ kind: 'checking' });
  const heading = useRef<HTMLHeadingElement>(null);
  const started = useRef(false);

  const run = useCallback(
    async (bookedHere: boolean) => {
      setStep({ kind: 'checking' });
      try {
        await checkInWithPass({
          fitnessSessionId: item.fitnessSessionId,
          classInstanceId: item.classInstanceId,
          pass: pass.pass,
        });
        dropPass(item.fitnessSessionId);
        await navigate(
          bookedHere || newAccount
            ? `${base}/account-checked-in/${item.fitnessSessionId}/${item.classInstanceId}`
            : `${base}/checked-in/${item.fitnessSessionId}`,
          { replace: true },
        );
      } catch (error) {
        const blocker = error instanceof ApiError ? error.errors.checkIn : undefined;
        const bookingId = error instanceof ApiError ? error.errors.bookingId : undefined;
        setStep(
          blocker === 'waiver'
            ? { kind: 'waiver' }
            : blocker === 'book'
              ? { kind: 'book' }
              : blocker === 'offered' && bookingId
                ? { kind: 'offered', bookingId, message: messageOf(error) }
                : { kind: 'refused', message: messageOf(error) },
        );
      }
    },
    [base, item.classInstanceId, item.fitnessSessionId, navigate, newAccount, pass.pass],
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void run(false);
  }, [run]);

  // Each new step is announced by its heading, which takes the keyboard (the button pressed is gone).
  useEffect(() => {
    if (step.kind !== 'checking') heading.current?.focus();
  }, [step.kind]);

  if (step.kind === 'checking')
    return (
      <Text role="status" aria-live="polite">
        Checking you in to {item.name}…
      </Text>
    );
  if (step.kind === 'refused')
    return (
      <Stack gap="sm">
        <Title order={2} size="h4" ref={heading} tabIndex={-1}>
          Not checked in
        </Title>
        <Alert color="red" variant="light" role="alert">
          {step.message}
        </Alert>
      </Stack>
    );
  if (step.kind === 'waiver')
    return (
      <Stack gap="sm">
        <Title order={2} size="h4" ref={heading} tabIndex={-1}>
          Sign the studio’s waiver to check in
        </Title>
        <Text size="sm">
          Nobody takes part without it. Sign it here and you are checked in straight after.
        </Text>
        <WaiverStep companyId={companyId} clientName={clientName} onSigned={() => void run(false)} />
      </Stack>
    );
  if (step.kind === 'offered')
    return (
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" ref={heading} tabIndex={-1}>
          A place is held for you
        </Title>
        <TakeOffer bookingId={step.bookingId} message={step.message} onTaken={() => void run(true)} />
      </Stack>
    );
  return (
    <Stack gap="sm">
      <Title order={2} size="h4" ref={heading} tabIndex={-1}>
        You have no place in this class yet
      </Title>
      <BookStep companyId={companyId} item={item} pass={pass.pass} onBooked={() => void run(true)} />
    </Stack>
  );
}

function WaiverStep({
  companyId,
  clientName,
  onSigned,
}: {
  companyId: string;
  clientName: string;
  onSigned: () => void;
}) {
  const mine = useMyWaiver(companyId);
  if (mine.isError)
    return (
      <Alert color="red" role="alert" title="The waiver could not be loaded">
        {mine.error.message}
      </Alert>
    );
  if (!mine.data?.waiver) return <Text>Loading the waiver…</Text>;
  return (
    <SignForm companyId={companyId} waiver={mine.data.waiver} defaultName={clientName} onSigned={onSigned} />
  );
}

/** A place held for them from the waitlist: taken (as on the class page), then they are checked in. */
function TakeOffer({
  bookingId,
  message,
  onTaken,
}: {
  bookingId: string;
  message: string;
  onTaken: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const take = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await acceptOffer(bookingId);
      onTaken();
    } catch (error) {
      setFailure(messageOf(error));
      setBusy(false);
    }
  };
  return (
    <>
      <Text>{message}</Text>
      {failure ? (
        <Alert color="red" variant="light" role="alert" title="The place was not taken">
          {failure}
        </Alert>
      ) : null}
      <BusyButton busy={busy} onClick={() => void take()}>
        Take the place and check in
      </BusyButton>
    </>
  );
}

/**
 * A place offered at the door: paid as a booking on the class page would be (a package's credit, the
 * membership, or the drop-in), through the same endpoint, which holds the class and its capacity.
 */
function BookStep({
  companyId,
  item,
  pass,
  onBooked,
}: {
  companyId: string;
  item: CheckInClassDto;
  pass: string;
  onBooked: () => void;
}) {
  const options = usePaymentOptions(companyId, item.classInstanceId, true);
  const [payWith, setPayWith] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const intent = useRef(newIdempotencyKey());
  const chosen = payWith ?? defaultPayment(options.data);
  const places = item.placesLeft === 1 ? 'One place is left' : `${item.placesLeft} places are left`;

  const book = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await bookClass({
        classInstanceId: item.classInstanceId,
        idempotencyKey: intent.current,
        checkInPass: pass,
        ...(chosen === DROP_IN
          ? { dropIn: true }
          : chosen && chosen !== FREE
            ? { clientPackageId: chosen }
            : {}),
      });
      onBooked();
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm" align="flex-start">
      <Text>
        {places} in {item.name}: book one and you are checked in.
      </Text>
      {options.isError ? (
        <Alert color="red" role="alert" title="Ways to pay could not be loaded">
          {options.error.message}
        </Alert>
      ) : null}
      <PaymentChoice options={options.data} value={chosen} onChange={setPayWith} />
      {failure ? (
        <Alert color="red" variant="light" role="alert" title="Not booked">
          {failure}
        </Alert>
      ) : null}
      <BusyButton busy={busy} disabled={!options.data} onClick={() => void book()}>
        Book and check in
      </BusyButton>
    </Stack>
  );
}
