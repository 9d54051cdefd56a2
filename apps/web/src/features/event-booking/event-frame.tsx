import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { Alert, Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { CLIENT_ROLES, type AccountDto } from '@kinetic/shared';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { hasSession, subscribeSession } from '../../shell/session.ts';
import { isDocumentEntry } from '../../app/app-router.tsx';
import { useMe } from '../accounts/api/get-me.ts';
import { CompanyBrand } from '../public-company/company-branding.tsx';
import { usePublicCompany } from '../public-company/api/get-public-company.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { useEventFlow } from './event-flow.ts';
import { READABLE_ALERT } from './event-facts.tsx';

/**
 * Every page of the event flow: the studio's name and logo, the way back to its events and (for a
 * signed-in client) to their own calendar, then the page. No client shell: these pages are public.
 */
export function EventFrame({ children, back = true }: { children: ReactNode; back?: boolean }) {
  const { company, roleId, listPath, returnTo } = useEventFlow();
  const brand = usePublicCompany(company);
  const client = useClientSession(company);
  const mainRef = usePageFocus();
  return (
    <Container size="sm" py="lg" px="md" component="main" id="main" ref={mainRef} tabIndex={-1}>
      <Stack gap="md">
        {brand.data ? <CompanyBrand company={brand.data} align="start" /> : null}
        {back ? (
          <Group gap="md">
            {returnTo ? (
              // Opened from the widget's schedule (inside a studio's site, with no Back button of its own).
              <Anchor component={Link} to={returnTo} size="sm" className="tap-link">
                Back to the schedule
              </Anchor>
            ) : null}
            <Anchor component={Link} to={listPath} size="sm" className="tap-link">
              All events
            </Anchor>
            {client.status === 'client' ? (
              <Anchor component={Link} to={`/${company}/${roleId}/client`} size="sm" className="tap-link">
                My calendar
              </Anchor>
            ) : null}
          </Group>
        ) : null}
        {children}
      </Stack>
    </Container>
  );
}

/**
 * Each step is its own page (its own frame): arriving by a navigation, the keyboard starts at the new
 * page's main region rather than on <body>, as the shells' useRouteFocus does (that module sits in the
 * client calendar's chunk, 7 kB this page would then load first).
 */
function usePageFocus() {
  const ref = useRef<HTMLDivElement>(null);
  const arrival = useRef(useLocation());
  useEffect(() => {
    if (!isDocumentEntry(arrival.current)) ref.current?.focus({ preventScroll: true });
  }, []);
  return ref;
}

export type ClientSession =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'client'; me: AccountDto }
  /** Signed in, but as the team or as a client of another studio. */
  | { status: 'other'; me: AccountDto };

/** Whether the visitor is signed in as a client of this studio (the flow's account step is skipped then). */
export function useClientSession(company: string): ClientSession {
  // Read again when a session starts or ends on this page (the account step's inline sign-up), so the
  // frame's "My calendar" and the steps see the new client without a navigation.
  const signedIn = useSyncExternalStore(subscribeSession, hasSession);
  const me = useMe({ enabled: signedIn });
  if (!signedIn) return { status: 'none' };
  if (me.isPending) return { status: 'loading' };
  if (!me.data) return { status: 'none' };
  const own =
    (CLIENT_ROLES as readonly string[]).includes(me.data.user.roleId) &&
    me.data.company.slug.toLowerCase() === company.toLowerCase();
  return own ? { status: 'client', me: me.data } : { status: 'other', me: me.data };
}

/** The event page's answer when it fails: not found in a visitor's words, anything else as it is. */
export function EventLoadError({ error }: { error: Error }) {
  const status = error instanceof ApiError ? error.statusCode : 0;
  if (status === 404 || status === 400) return <EventNotFound />;
  return (
    <>
      <Title order={1}>Event</Title>
      <Alert styles={READABLE_ALERT} color="red" role="alert" title="This event could not be loaded">
        {error.message}
      </Alert>
    </>
  );
}

export function EventNotFound() {
  return (
    <Stack gap="xs">
      <Title order={1}>This event could not be found</Title>
      <Text>The link may be mistyped or cut short, or the event is no longer offered.</Text>
    </Stack>
  );
}

export function EventLoading() {
  return <PageLoader text="Loading the event…" />;
}
