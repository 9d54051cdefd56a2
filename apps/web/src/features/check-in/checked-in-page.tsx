import { useEffect, useRef } from 'react';
import { Alert, Anchor, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link, useLocation, useParams } from 'react-router';
import { loginPathForRole, publicPrefixFor } from '../../shell/login-path.ts';
import { RETURN_TO_PARAM } from '../../shell/return-to.ts';
import { hasSession } from '../../shell/session.ts';
import { AuthLayout } from '../../ui/auth-layout.tsx';
import { useMe } from '../accounts/api/get-me.ts';
import { usePublicCompany } from '../public-company/api/get-public-company.ts';
import { dayTimeLabel, localTime } from '../schedule/class-labels.ts';
import { useMyCheckIn } from './api/check-in-api.ts';

/** `checked-in/{fitnessSessionId}` (spec §2): a client with a place, checked in at the door. */
export function CheckedInPage() {
  return <CheckedIn welcome={false} />;
}

/**
 * `account-checked-in/{fitnessSessionId}/{classInstanceId}` (spec §2): checked in after booking the
 * place at the door, or after making the account there.
 */
export function AccountCheckedInPage() {
  return <CheckedIn welcome />;
}

/** The client login of the page's studio, coming back to this check-in once logged in. */
function loginBack(prefix: ReturnType<typeof publicPrefixFor>, here: string): string {
  const login = prefix.company
    ? loginPathForRole(prefix.company, prefix.roleId === 'solo-client' ? 'solo-client' : 'client')
    : '/login';
  return `${login}?${new URLSearchParams({ [RETURN_TO_PARAM]: here }).toString()}`;
}

function CheckedIn({ welcome }: { welcome: boolean }) {
  const { fitnessSessionId = '', classInstanceId } = useParams();
  const location = useLocation();
  const prefix = publicPrefixFor(location.pathname);
  const publicCompany = usePublicCompany(prefix.company);
  const signedIn = hasSession();
  const me = useMe({ enabled: signedIn });
  const mine = useMyCheckIn(me.data?.company.id ?? '', fitnessSessionId, classInstanceId);
  const company = prefix.company ?? me.data?.company.slug;
  // Arrived here from a button on the page before: focus goes to who is checked in, not to <body>.
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = Boolean(mine.data);
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);

  let body: React.ReactNode;
  if (!signedIn)
    body = (
      <Text>
        Log in to see your check-in.{' '}
        <Anchor component={Link} to={loginBack(prefix, location.pathname)}>
          Log in
        </Anchor>
      </Text>
    );
  else if (mine.isError)
    body = (
      <Alert color="red" variant="light" role="alert" title="No check-in found">
        {mine.error.message} Scan the code on the door screen at the studio to check in.
      </Alert>
    );
  else if (!mine.data) body = <Text role="status">Loading your check-in…</Text>;
  else {
    const item = mine.data.classInstance;
    body = (
      <Stack gap="sm" align="center" ta="center">
        <ThemeIcon size={72} radius={72} color="green.8" aria-hidden>
          <svg viewBox="0 0 24 24" width="44" height="44" fill="none" stroke="currentColor" strokeWidth="3">
            <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </ThemeIcon>
        <Title order={2} size="h3" ref={heading} tabIndex={-1}>
          {mine.data.clientName}
        </Title>
        <Text size="lg">
          {welcome ? 'Welcome! Your place is yours and you are checked in to ' : 'You are checked in to '}
          <strong>{item.name}</strong>.
        </Text>
        <Text>
          {dayTimeLabel(item.startsAt, item.timeZone)} · {item.studioName}
        </Text>
        <Text size="sm" c="dimmed">
          Checked in at {localTime(mine.data.checkedInAt, item.timeZone)}. Show this screen if the studio asks.
        </Text>
        {company && me.data ? (
          <Anchor component={Link} to={`/${company}/${me.data.user.roleId}/client`}>
            Go to my classes
          </Anchor>
        ) : null}
      </Stack>
    );
  }
  return (
    <AuthLayout title="Checked in" brand={me.data?.company.name ?? publicCompany.data?.name ?? 'Kinetic'}>
      {body}
    </AuthLayout>
  );
}
