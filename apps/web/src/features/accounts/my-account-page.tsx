import type { ReactNode } from 'react';
import { Stack, Title } from '@mantine/core';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { AccountSummary } from './account-summary.tsx';
import { useMe } from './api/get-me.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { PrivacySection } from '../client-settings/privacy-section.tsx';

/** "My account" (admin app) and "Account details" (client settings): who you are, and a new password. */
export function MyAccountPage({ title = 'My account', children }: { title?: string; children?: ReactNode }) {
  usePageTitle(title);
  const me = useMe();
  if (!me.data) return <PageLoader />;
  const { user, company } = me.data;
  return (
    <Stack gap="lg" maw={820}>
      <Title order={1}>{title}</Title>
      <AccountSummary user={user} />
      <ChangePasswordForm userId={user.id} companyId={company.id} />
      {children}
    </Stack>
  );
}

/** The client's Settings › Account details, with their data to download. */
export function AccountDetailsPage() {
  return (
    <MyAccountPage title="Account details">
      <PrivacySection />
    </MyAccountPage>
  );
}
