import type { ReactNode } from 'react';
import { Alert, Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { formatMoney, remainingLabel } from '@kinetic/shared';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { useMyUpcomingBookings } from '../bookings/api/list-my-bookings.ts';
import { BookingList } from '../client-calendar/my-bookings.tsx';
import { useMyAccount } from '../client-packages/my-packages-api.ts';
import { useMyWaiver } from '../waivers/api/waivers-api.ts';

const COMING_UP = 5;

function Section({ title, id, link, children }: { title: string; id: string; link: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="xs">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {children}
        <div>{link}</div>
      </Stack>
    </Paper>
  );
}

const day = (instant: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(new Date(instant));

/**
 * My Profile (`profile/{clientId}`, spec §2): the client's own page at a glance — who they are, the
 * classes coming up, what they hold, what they owe and their waiver — each with the way to its page.
 * Another id in the address is not theirs to see: it answers not found.
 */
export function MyProfilePage() {
  usePageTitle('My Profile');
  const { company, roleId, clientId } = useParams();
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const bookings = useMyUpcomingBookings(companyId);
  const account = useMyAccount(companyId);
  const waiver = useMyWaiver(companyId);
  const base = `/${company ?? ''}/${roleId ?? ''}/client`;

  if (!me.data) return <PageLoader />;
  if (clientId !== me.data.user.id)
    // An old link, or someone else's: the page keeps its heading (it is the page's only one) and the way home.
    return (
      <Stack gap="md" maw={820}>
        <Title order={1}>Profile not found</Title>
        <Alert color="yellow">
          This profile is not yours to see.{' '}
          <Anchor component={Link} to={`${base}/profile/${me.data.user.id}`}>
            Open my profile
          </Anchor>
        </Alert>
      </Stack>
    );
  const { user } = me.data;
  const upcoming = (bookings.data?.items ?? []).filter((booking) =>
    ['booked', 'waitlisted', 'offered', 'checked_in'].includes(booking.status),
  );
  const held = (account.data?.packages ?? []).filter((item) => item.status === 'active' || item.status === 'paused');

  return (
    <Stack gap="md" maw={820}>
      <Title order={1}>My Profile</Title>
      <Section
        title={user.name}
        id="me-heading"
        link={
          <Anchor component={Link} to={`${base}/settings/account-details`}>
            Edit my details
          </Anchor>
        }
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" m={0}>
          <Stack gap={2}>
            <Text size="sm" c="dimmed" component="dt">
              Email
            </Text>
            <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="sm" c="dimmed" component="dt">
              Phone
            </Text>
            <Text component="dd" m={0}>
              {user.phone || 'Not given'}
            </Text>
          </Stack>
        </SimpleGrid>
      </Section>

      <Section
        title="Coming up"
        id="coming-up-heading"
        link={
          <Anchor component={Link} to={`${base}?view=mine`}>
            All my bookings
          </Anchor>
        }
      >
        {!bookings.data ? (
          bookings.isError ? <Text c="red.9">Your bookings could not be loaded.</Text> : <PageLoader />
        ) : upcoming.length === 0 ? (
          <Text c="dimmed">No classes booked.</Text>
        ) : (
          <BookingList items={upcoming.slice(0, COMING_UP)} past={false} detailsPath={(id) => `${base}/classes/details/${id}`} />
        )}
      </Section>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Section
          title="Packages"
          id="packages-heading"
          link={
            <Anchor component={Link} to={`${base}/settings/packages`}>
              {held.length ? 'My packages' : 'Buy a package'}
            </Anchor>
          }
        >
          {!account.data ? (
            account.isError ? <Text c="red.9">Your packages could not be loaded.</Text> : <PageLoader />
          ) : held.length === 0 ? (
            <Text c="dimmed">Nothing held.</Text>
          ) : (
            <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {held.map((item) => (
                <Text key={item.id} component="li">
                  <strong>{item.terms.name}</strong> — {remainingLabel(item)}
                </Text>
              ))}
            </Stack>
          )}
        </Section>

        <Section
          title="Payment"
          id="payment-heading"
          link={
            <Anchor component={Link} to={`${base}/settings/payment`}>
              Orders and receipts
            </Anchor>
          }
        >
          {account.data ? (
            <Text>
              {account.data.balanceOwing > 0
                ? `You owe ${formatMoney(account.data.balanceOwing, account.data.currency)}.`
                : 'You owe nothing.'}
            </Text>
          ) : null}
        </Section>

        <Section
          title="Waiver"
          id="waiver-heading"
          link={
            <Anchor component={Link} to={`${base}/settings/waiver`}>
              {waiver.data?.mustSign ? 'Sign the waiver' : 'My waiver'}
            </Anchor>
          }
        >
          {waiver.data ? (
            <Text>
              {waiver.data.mustSign
                ? 'Please sign the studio’s waiver before your next booking.'
                : waiver.data.signature
                  ? `Signed on ${day(waiver.data.signature.signedAt)}.`
                  : 'The studio has no waiver to sign.'}
            </Text>
          ) : null}
        </Section>
      </SimpleGrid>
    </Stack>
  );
}
