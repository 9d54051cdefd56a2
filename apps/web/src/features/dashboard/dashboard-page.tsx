import { Stack, Text, Title } from '@mantine/core';
import { onboardingStepsFor } from '@kinetic/shared';
import { clientLoginPath } from '../../shell/login-path.ts';
import { useAppBase, useIsSolo } from '../../shell/use-app-base.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { OnboardingChecklist } from './onboarding-checklist.tsx';

/** The admin app's index: a welcome and the onboarding checklist. */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const me = useMe();
  const base = useAppBase();
  const solo = useIsSolo();
  if (!me.data) return <PageLoader />;
  const { user, company, onBoardingData, can } = me.data;
  const clientLogin = clientLoginPath(company.slug, company.kind);
  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Title order={1}>Dashboard</Title>
        <Text size="lg">Welcome, {user.name}.</Text>
        {can.manageSettings ? (
          <Text>
            Your clients log in at{' '}
            <Text span fw={700} data-testid="client-login-address" style={{ overflowWrap: 'anywhere' }}>
              {location.host}
              {clientLogin}
            </Text>
          </Text>
        ) : null}
      </Stack>
      {can.manageSettings ? (
        <OnboardingChecklist
          steps={onboardingStepsFor(company.kind)}
          pending={onBoardingData}
          base={base}
          solo={solo}
        />
      ) : (
        <Text>The schedule, classes and clients will appear here as those pages arrive.</Text>
      )}
    </Stack>
  );
}
