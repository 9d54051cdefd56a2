import type { ReactNode } from 'react';
import { Anchor, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { AccountSummary } from './account-summary.tsx';
import { useMe } from './api/get-me.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { PageNotesProvider } from './page-notes.tsx';
import { PrivacySection } from '../client-settings/privacy-section.tsx';
import { clientAreaPath } from '../../shell/login-path.ts';
import { CalendarFeedCard } from '../calendar-feeds/calendar-feed-card.tsx';
import { isClientRole } from '@kinetic/shared';

/**
 * "My account" (admin app) and "Account details" (client settings): who you are, and a new password.
 * Each part says the result of what was done there in a line of its own, one at a time (`page-notes.tsx`).
 */
export function MyAccountPage({ title = 'My account', children }: { title?: string; children?: ReactNode }) {
  usePageTitle(title);
  const me = useMe();
  if (!me.data) return <PageLoader />;
  const { user, company } = me.data;
  return (
    <PageNotesProvider>
      <Stack gap="lg" maw={820}>
        <Title order={1}>{title}</Title>
        <AccountSummary user={user} />
        <ChangePasswordForm userId={user.id} companyId={company.id} />
        {/* The team's calendar feed of the classes they teach; clients find theirs under Notifications. */}
        {isClientRole(user.roleId) ? null : <CalendarFeedCard />}
        {children}
      </Stack>
    </PageNotesProvider>
  );
}

/** The client's Settings › Account details: their sign-up details to edit, and their data to download. */
export function AccountDetailsPage() {
  const me = useMe();
  const details = me.data
    ? `${clientAreaPath(me.data.company.slug, me.data.user.roleId)}/client-signup/edit/${me.data.clientSignupDetailsId ?? me.data.user.id}`
    : null;
  return (
    <MyAccountPage title="Account details">
      {details ? (
        <Anchor component={Link} to={details} fw={700} py="sm" style={{ alignSelf: 'flex-start' }}>
          Edit my sign-up details
        </Anchor>
      ) : null}
      <PrivacySection />
    </MyAccountPage>
  );
}
