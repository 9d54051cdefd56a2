import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import type { BookedAppointmentDto } from '@kinetic/shared';
import { isDocumentEntry } from '../../app/app-router.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { myBookingsQueryKey } from '../bookings/api/booking-keys.ts';
import { useClientSession } from '../event-booking/event-frame.tsx';
import { CompanyBrand } from '../public-company/company-branding.tsx';
import { usePublicCompany } from '../public-company/api/get-public-company.ts';
import { appointmentSlotsKey, usePublicAppointmentTypes } from './api/appointment-booking-api.ts';
import { BookedStep, type BookedFacts } from './booked-step.tsx';
import { readChoice, useBookingAddress, type BookingStep } from './booking-address.ts';
import { InstructorStep, TypeStep } from './choose-steps.tsx';
import { ConfirmStep } from './confirm-step.tsx';
import { TimeStep } from './time-step.tsx';

const STEP_TITLES: Record<BookingStep, string> = {
  type: 'Book a private session',
  instructor: 'Choose an instructor',
  time: 'Choose a time',
  confirm: 'Confirm your booking',
  booked: 'You’re booked',
};

/**
 * `/{company}/{client|solo-client}/client/app/appointments` (issue 17 §3): a private session in four
 * steps — type, instructor (or anyone) and studio, a free time, confirm — then "You’re booked". A type
 * with one instructor at one studio (a solo instructor's) has nothing to choose in step 2: it is skipped. Public
 * (no shell, no session needed to browse); booking asks to log in or sign up and comes back to the same
 * choice, which the address holds so Back walks the steps. Each step's heading takes the focus.
 */
export function BookAppointmentPage() {
  const address = useBookingAddress();
  const { company, roleId, search, choose, returnTo, here, clientBase } = address;
  const brand = usePublicCompany(company);
  const session = useClientSession(company);
  const types = usePublicAppointmentTypes(company);
  const choice = readChoice(search, types.data?.items ?? []);
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const [booked, setBooked] = useState<{ id: string; facts: BookedFacts } | null>(null);
  usePageTitle(STEP_TITLES[choice.step]);
  const headingRef = useStepFocus(types.data ? choice.step : null);

  const onBooked = (answer: BookedAppointmentDto, paid: string) => {
    const { appointment } = answer;
    setBooked({
      id: appointment.id,
      facts: {
        typeName: appointment.typeName,
        startsAt: appointment.startsAt,
        endsAt: appointment.endsAt,
        timeZone: appointment.timeZone,
        instructorName: appointment.instructorName,
        place: appointment.roomName
          ? `${appointment.studioName} · ${appointment.roomName}`
          : appointment.studioName,
        paid,
      },
    });
    void queryClient.invalidateQueries({ queryKey: appointmentSlotsKey(company) });
    if (session.status === 'client')
      void queryClient.invalidateQueries({ queryKey: myBookingsQueryKey(session.me.company.id) });
    // Replaced: Back from the confirmation does not offer the booked time again.
    choose({ booked: appointment.id, start: null }, { replace: true });
  };

  let body: React.ReactNode;
  if (types.isError)
    body = (
      <Alert color="red" role="alert" title="Private sessions could not be loaded">
        {types.error.message}
      </Alert>
    );
  else if (!types.data) body = <PageLoader text="Loading private sessions…" />;
  else if (types.data.items.length === 0)
    body = (
      <Text>{brand.data?.name ?? 'This studio'} does not offer private sessions online at the moment.</Text>
    );
  else if (choice.step === 'type')
    body = (
      <TypeStep
        types={types.data.items}
        headingRef={headingRef}
        onChoose={(type) =>
          choose({ type: type.id, instructor: null, studio: null, date: null, start: null, booked: null })
        }
      />
    );
  else if (choice.step === 'instructor')
    body = (
      <InstructorStep
        type={choice.type!}
        studioId={choice.studio?.id ?? null}
        headingRef={headingRef}
        onStudio={(studio) => choose({ studio }, { replace: true })}
        onChoose={(instructor, studio) => {
          setNotice(null);
          choose({ instructor, studio, date: null, start: null });
        }}
      />
    );
  else if (choice.step === 'time')
    body = (
      <TimeStep
        company={company}
        type={choice.type!}
        instructor={choice.instructor!}
        studio={choice.studio!}
        date={choice.date}
        headingRef={headingRef}
        notice={notice}
        onDate={(date) => choose({ date }, { replace: true })}
        onContinue={(slot) => {
          setNotice(null);
          choose({ start: slot.startsAt, date: slot.localDate });
        }}
      />
    );
  else if (choice.step === 'confirm')
    body = (
      <ConfirmStep
        company={company}
        roleId={roleId}
        type={choice.type!}
        instructor={choice.instructor!}
        studio={choice.studio!}
        start={choice.start!}
        session={session}
        here={here}
        clientBase={clientBase}
        headingRef={headingRef}
        onChangeTime={() => choose({ start: null })}
        onTaken={(message) => {
          setNotice(message);
          void queryClient.invalidateQueries({ queryKey: appointmentSlotsKey(company) });
          choose({ start: null }, { replace: true });
        }}
        onBooked={onBooked}
      />
    );
  else
    body = (
      <BookedStep
        facts={booked?.id === choice.booked ? booked.facts : null}
        appointmentId={choice.booked!}
        companyId={session.status === 'client' ? session.me.company.id : ''}
        clientBase={clientBase}
        headingRef={headingRef}
        onAnother={() => {
          setBooked(null);
          choose({ type: null, instructor: null, studio: null, date: null, start: null, booked: null });
        }}
      />
    );

  const step = types.data && types.data.items.length > 0 ? choice.step : null;
  return (
    <Container size="sm" py="lg" px="md" component="main" id="main">
      <Stack gap="md">
        {brand.data ? <CompanyBrand company={brand.data} align="start" /> : null}
        <Group gap="md" component="nav" aria-label="Ways out">
          {returnTo ? (
            <Anchor component={Link} to={returnTo} size="sm" className="tap-link">
              Back to the schedule
            </Anchor>
          ) : null}
          {session.status === 'client' ? (
            <Anchor component={Link} to={clientBase} size="sm" className="tap-link">
              My calendar
            </Anchor>
          ) : null}
        </Group>
        <Stack gap={4}>
          <Title order={1}>Book a private session</Title>
          {step && step !== 'booked' ? (
            <StepTrail step={step} skipsInstructor={choice.skipsInstructorStep} />
          ) : null}
        </Stack>
        {body}
      </Stack>
    </Container>
  );
}

const TRAIL: BookingStep[] = ['type', 'instructor', 'time', 'confirm'];

/** "Step 2 of 4"; of 3 where the type's one instructor at one studio needs no choosing. */
function StepTrail({ step, skipsInstructor }: { step: BookingStep; skipsInstructor: boolean }) {
  const trail = skipsInstructor ? TRAIL.filter((entry) => entry !== 'instructor') : TRAIL;
  return (
    <Text size="sm" c="dimmed">
      Step {trail.indexOf(step) + 1} of {trail.length}
    </Text>
  );
}

/**
 * A new step's heading takes the focus, so keyboard and screen-reader users start at what changed; the
 * page the document was loaded on keeps the browser's own starting point.
 */
function useStepFocus(step: BookingStep | null) {
  const ref = useRef<HTMLHeadingElement>(null);
  const arrival = useRef(useLocation());
  const shown = useRef<BookingStep | null>(null);
  useEffect(() => {
    if (step === null) return;
    const first = shown.current === null;
    if (shown.current === step) return;
    shown.current = step;
    if (first && isDocumentEntry(arrival.current)) return;
    ref.current?.focus({ preventScroll: false });
  }, [step]);
  return ref;
}
