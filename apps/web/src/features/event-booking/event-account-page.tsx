import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Stack, Text, TextInput, Title } from '@mantine/core';
import { Navigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { clientSignupBody, loginFormErrors, type EventPageDto, type SessionDto } from '@kinetic/shared';
import { ApiError } from '../../api/client.ts';
import { notifySessionChanged, saveSession } from '../../shell/session.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { focusFirstInvalid } from '../../ui/focus-first-invalid.ts';
import { PhoneInput } from '../../ui/phone-input.tsx';
import { SegmentedChoice } from '../../ui/segmented-choice.tsx';
import { useFocusLater } from '../../ui/use-focus-later.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { isSession, login } from '../accounts/api/login.ts';
import { signupClient } from '../accounts/api/signup-client.ts';
import { NewPasswordInput, PasswordField } from '../accounts/new-password-fields.tsx';
import { usePublicCompany } from '../public-company/api/get-public-company.ts';
import { BookingProblemNote } from './booking-problem-note.tsx';
import { useEventPage } from './event-booking-api.ts';
import { chosenDate, dateLabel, priceLabel, useEventFlow, useGoTo } from './event-flow.ts';
import { EventFrame, EventLoadError, EventLoading, EventNotFound, useClientSession } from './event-frame.tsx';
import { useNextStep } from './use-book-event.ts';
import { READABLE_ALERT } from './event-facts.tsx';

type Mode = 'signup' | 'login';
type Errors = Partial<Record<'name' | 'email' | 'phone' | 'password' | 'form', string>>;

/** Where the account step goes on: `?then=` names a later page (the waitlist, the booking, cancelling). */
const THEN_PAGES = { waitlist: 'fullyBooked', booked: 'booked', cancel: 'cancel' } as const;

/**
 * `book-event/account-details/{eventId}` (spec §2): log in, or create a client account inline (the
 * client sign-up's own call and rules), then on to the next step. Skipped for a client of this studio
 * who is already signed in.
 */
export function EventAccountPage() {
  const flow = useEventFlow();
  const page = useEventPage(flow.company, flow.eventId);
  usePageTitle('Your account');
  return (
    <EventFrame>
      {!flow.eventId ? (
        <EventNotFound />
      ) : page.isError ? (
        <EventLoadError error={page.error} />
      ) : !page.data ? (
        <EventLoading />
      ) : page.data.state !== 'open' ? (
        // A cancelled or past event (an old link, a tab left open): nothing to sign up or log in for;
        // its page says why.
        <Navigate replace to={flow.pathOf('event')} />
      ) : (
        <AccountStep event={page.data} />
      )}
    </EventFrame>
  );
}

function AccountStep({ event }: { event: EventPageDto }) {
  const flow = useEventFlow();
  const goTo = useGoTo();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const client = useClientSession(flow.company);
  const brand = usePublicCompany(flow.company);
  const { next, busy: booking, problem } = useNextStep(event);
  const [mode, setMode] = useState<Mode>('signup');
  const [values, setValues] = useState({ name: '', email: '', phone: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const skipped = useRef(false);
  const then = search.get('then');
  // The form goes when the account is made; a refusal after it (the waiver) takes the keyboard, not <body>.
  const { ref: problemRef, focusLater } = useFocusLater<HTMLDivElement>();
  useEffect(() => {
    if (problem) focusLater();
  }, [problem, focusLater]);
  const date = chosenDate(event.dates, flow.date);

  const proceed = async (replace: boolean) => {
    const later = then && then in THEN_PAGES ? THEN_PAGES[then as keyof typeof THEN_PAGES] : null;
    if (later) return goTo(flow.pathOf(later), replace);
    return next(replace);
  };

  useEffect(() => {
    // Signed in already: this step is skipped (replaced, so Back returns to the event page).
    if (client.status === 'client' && !skipped.current) {
      skipped.current = true;
      void proceed(true);
    }
  });

  const signedIn = async (session: SessionDto) => {
    // This page goes on itself: the skip above must not go on a second time once the account is read.
    skipped.current = true;
    saveSession(session);
    queryClient.removeQueries({ queryKey: ['me'] });
    notifySessionChanged();
    await proceed(true);
  };

  const submit = async (form: FormEvent) => {
    form.preventDefault();
    const found: Errors = {};
    if (mode === 'login') {
      Object.assign(found, loginFormErrors({ email: values.email, password: values.password }));
    } else {
      const parsed = clientSignupBody.safeParse({
        company: flow.company,
        roleId: flow.roleId === 'solo-client' ? 'solo-client' : 'client',
        ...values,
      });
      if (!parsed.success)
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0]) as keyof Errors;
          found[field] ??= issue.message;
        }
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    setSending(true);
    try {
      if (mode === 'login') {
        const result = await login({
          email: values.email,
          password: values.password,
          roleId: flow.roleId === 'solo-client' ? 'solo-client' : 'client',
          ...(brand.data ? { companyId: brand.data.id } : {}),
        });
        if (!isSession(result)) throw new Error('Log in on the studio’s own login page.');
        await signedIn(result);
      } else {
        await signedIn(
          await signupClient({
            company: flow.company,
            roleId: flow.roleId === 'solo-client' ? 'solo-client' : 'client',
            ...values,
          }),
        );
      }
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.errors : {};
      const next: Errors = {};
      for (const key of ['name', 'email', 'phone', 'password'] as const)
        if (fields[key]) next[key] = fields[key];
      next.form = failure instanceof Error ? failure.message : 'That did not work. Please try again.';
      setErrors(next);
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
    } finally {
      setSending(false);
    }
  };

  if (client.status === 'client' || client.status === 'loading')
    // Signed in: going on. A refusal on the way (the waiver, a closed booking window) is said here.
    return problem ? (
      <Stack gap="md">
        <Title order={1}>Your account</Title>
        <div ref={problemRef} tabIndex={-1}>
          <BookingProblemNote problem={problem} />
        </div>
      </Stack>
    ) : (
      <EventLoading />
    );

  const field = (name: 'name' | 'email' | 'phone' | 'password') => ({
    value: values[name],
    error: errors[name],
    onChange: (change: { currentTarget: { value: string } }) => {
      const value = change.currentTarget.value;
      setValues((old) => ({ ...old, [name]: value }));
    },
  });

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1}>Your account</Title>
        <Text>
          {event.title}
          {date ? `, ${dateLabel(date, event.timeZone)}` : ''} · {priceLabel(event)}
        </Text>
      </Stack>
      {client.status === 'other' ? (
        <Alert
          styles={READABLE_ALERT}
          color="yellow"
          variant="light"
          title="You are signed in with another account"
        >
          Events are booked with a client account of {event.companyName}. Log in with it, or create one,
          below.
        </Alert>
      ) : null}
      <SegmentedChoice<Mode>
        label="Do you have an account?"
        value={mode}
        onChange={(value) => {
          setMode(value);
          setErrors({});
        }}
        options={[
          { value: 'signup', label: 'I am new here' },
          { value: 'login', label: 'I have an account' },
        ]}
      />
      <form ref={formRef} onSubmit={(form) => void submit(form)} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3">
            {mode === 'signup' ? 'Create your account' : 'Log in'}
          </Title>
          {mode === 'signup' ? (
            <TextInput label="Your name" autoComplete="name" required {...field('name')} />
          ) : null}
          <TextInput label="Email" type="email" autoComplete="email" required {...field('email')} />
          {mode === 'signup' ? (
            <PhoneInput
              value={values.phone}
              error={errors.phone}
              onPhoneChange={(value: string) => setValues((old) => ({ ...old, phone: value }))}
            />
          ) : null}
          {mode === 'signup' ? (
            <NewPasswordInput label="Password" required {...field('password')} />
          ) : (
            <PasswordField label="Password" autoComplete="current-password" required {...field('password')} />
          )}
          <div role="alert">
            {errors.form ? (
              <Alert styles={READABLE_ALERT} color="red" variant="light">
                {errors.form}
              </Alert>
            ) : null}
          </div>
          <BookingProblemNote problem={problem} />
          <BusyButton type="submit" busy={sending || booking} style={{ alignSelf: 'flex-start' }}>
            {mode === 'signup' ? 'Create the account and continue' : 'Log in and continue'}
          </BusyButton>
        </Stack>
      </form>
    </Stack>
  );
}
