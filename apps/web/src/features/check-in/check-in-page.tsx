import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CLIENT_ROLES, emailSchema, encodeEmailId, type CheckInPassDto } from '@kinetic/shared';
import { ApiError } from '../../api/client.ts';
import { loginPathForRole, publicPrefixFor } from '../../shell/login-path.ts';
import { RETURN_TO_PARAM } from '../../shell/return-to.ts';
import { clearSession, hasSession, notifySessionChanged } from '../../shell/session.ts';
import { AuthLayout } from '../../ui/auth-layout.tsx';
import { BusyButton } from '../../ui/busy-button.tsx';
import { useMe } from '../accounts/api/get-me.ts';
import { logout } from '../accounts/api/logout.ts';
import { usePublicCompany } from '../public-company/api/get-public-company.ts';
import { buyCheckInPass } from './api/check-in-api.ts';
import { keepPass, keptPass } from './check-in-pass.ts';
import { CheckInSteps, ClassLine } from './check-in-steps.tsx';

const SCAN = 'Scan the code on the door screen at the studio to check in.';
/** What the server says of a whole code it refuses (its own sentence is shown then). */
const VERDICTS = ['expired', 'future', 'forged'];
const NOT_A_CODE = 'This address is not a whole check-in code. Scan the code on the door screen at the studio again.';

/**
 * `check-in/{fitnessSessionId}?i={classInstanceId}&c={code}&t={step}` (spec §2), opened by scanning the
 * door screen. The code is traded at once for a pass (so a slow log-in or sign-up does not outlive it) and
 * taken out of the address; then a client of the studio is checked in, and a visitor logs in or signs up.
 */
export function CheckInPage() {
  const { fitnessSessionId = '' } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const prefix = publicPrefixFor(location.pathname);
  const signedIn = hasSession();
  const me = useMe({ enabled: signedIn });
  const company = prefix.company ?? me.data?.company.slug ?? null;
  // The studio's name heads the page even when the code is refused (no pass to name it).
  const publicCompany = usePublicCompany(prefix.company);
  const classInstanceId = search.get('i');
  const code = search.get('c');
  const step = search.get('t');
  const [pass, setPass] = useState<CheckInPassDto | null>(() =>
    code ? null : keptPass(fitnessSessionId, classInstanceId),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const asked = useRef<string | null>(null);
  // Logged out here (signed in as someone else): the visitor's choices follow, with the keyboard on them.
  const [loggedOutHere, setLoggedOutHere] = useState(false);

  useEffect(() => {
    if (!code || !step || !classInstanceId || !company) return;
    const request = `${code}.${step}`;
    if (asked.current === request) return;
    asked.current = request;
    buyCheckInPass(company, { fitnessSessionId, classInstanceId, code, step: Number(step) }).then(
      (bought) => {
        keepPass(fitnessSessionId, bought);
        setPass(bought);
        // The code leaves the address: a reload or a shared link cannot replay it.
        void navigate(`${location.pathname}?i=${classInstanceId}`, { replace: true });
      },
      (error: unknown) =>
        setProblem(
          error instanceof ApiError && error.statusCode === 400 && !VERDICTS.includes(error.errors.code ?? '')
            ? // A cut or altered address (ids, code, time): one sentence, not the request's field list.
              NOT_A_CODE
            : error instanceof ApiError
              ? error.message
              : 'The code could not be checked. Please try again.',
        ),
    );
  }, [classInstanceId, code, company, fitnessSessionId, location.pathname, navigate, step]);

  let body: React.ReactNode;
  if (problem)
    body = (
      <Alert color="red" variant="light" role="alert" title="This code does not check you in">
        {problem}
      </Alert>
    );
  else if (code && !company)
    body = <Text>{SCAN}</Text>;
  else if (!pass)
    body = code ? (
      <Text role="status">Checking the code…</Text>
    ) : (
      <Text>{SCAN}</Text>
    );
  else if (!signedIn)
    body = (
      <Visitor
        pass={pass}
        base={prefix.base}
        company={company ?? ''}
        roleId={prefix.roleId}
        takeFocus={loggedOutHere}
      />
    );
  else if (!me.data) body = <Text role="status">Checking your account…</Text>;
  else if (
    !(CLIENT_ROLES as readonly string[]).includes(me.data.user.roleId) ||
    me.data.company.slug.toLowerCase() !== (company ?? '').toLowerCase()
  )
    body = (
      <SomeoneElse
        name={me.data.user.name}
        companyName={me.data.company.name}
        onLoggedOut={() => setLoggedOutHere(true)}
      />
    );
  else
    body = (
      <CheckInSteps
        pass={pass}
        base={prefix.base}
        companyId={me.data.company.id}
        clientName={me.data.user.name}
      />
    );

  return (
    <AuthLayout title="Check-in" brand={pass?.classInstance.companyName ?? me.data?.company.name ?? publicCompany.data?.name ?? 'Kinetic'}>
      <Stack gap="md">
        {pass ? <ClassLine item={pass.classInstance} /> : null}
        {body}
      </Stack>
    </AuthLayout>
  );
}

/**
 * Signed in as someone who is not this studio's client (staff's own phone, another studio's client):
 * one button logs out here, and the page goes on as for a visitor with the pass already bought (the
 * code is out of the address by now, so "scan again" would mean walking back to the door).
 */
function SomeoneElse({
  name,
  companyName,
  onLoggedOut,
}: {
  name: string;
  companyName: string;
  onLoggedOut: () => void;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const logOut = async () => {
    setBusy(true);
    try {
      await logout();
    } catch (error) {
      console.error('The server did not confirm the logout; the session is cleared here anyway.', error);
    }
    clearSession();
    queryClient.clear();
    onLoggedOut();
    notifySessionChanged();
  };
  return (
    <Stack gap="sm" align="flex-start">
      <Text>
        You are signed in as {name} ({companyName}). Check-in with the code is for this studio’s clients: log out
        here, then log in or sign up as the client.
      </Text>
      <BusyButton busy={busy} onClick={() => void logOut()}>
        Log out
      </BusyButton>
    </Stack>
  );
}

/** Not signed in: log in (and come back here), or give an email to make an account at the door. */
function Visitor({
  pass,
  base,
  company,
  roleId,
  takeFocus = false,
}: {
  pass: CheckInPassDto;
  base: string;
  company: string;
  roleId: string | null;
  /** Reached by a button that is gone now (Log out): the first question takes the keyboard. */
  takeFocus?: boolean;
}) {
  const firstQuestion = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) firstQuestion.current?.focus();
  }, [takeFocus]);
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const clientRole = roleId === 'solo-client' ? 'solo-client' : 'client';
  const back = `${location.pathname}?i=${pass.classInstance.classInstanceId}`;
  const login = `${loginPathForRole(company, clientRole)}?${new URLSearchParams({ [RETURN_TO_PARAM]: back }).toString()}`;
  const item = pass.classInstance;

  const start = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter your email address');
      return;
    }
    void navigate(`${base}/account-sign-up/${item.fitnessSessionId}/${item.classInstanceId}/${encodeEmailId(parsed.data)}`);
  };

  return (
    <Stack gap="lg">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4" ref={firstQuestion} tabIndex={-1}>
          Have an account here?
        </Title>
        <Button component={Link} to={login}>
          Log in to check in
        </Button>
      </Stack>
      <form onSubmit={start} noValidate>
        <Stack gap="xs">
          <Title order={2} size="h4">
            New to {item.companyName}?
          </Title>
          <TextInput
            label="Your email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setError(null);
            }}
            error={error}
          />
          <Button type="submit" variant="default">
            Create an account and check in
          </Button>
          <Text size="sm" c="dimmed">
            It takes a minute: your name, a password and the studio’s waiver.
          </Text>
        </Stack>
      </form>
    </Stack>
  );
}
