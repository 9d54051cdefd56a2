import { Alert, Button, CopyButton, Group, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { onboardingStepsFor } from '@kinetic/shared';
import { clientLoginPath } from '../../shell/login-path.ts';
import { useAppBase, useIsSolo } from '../../shell/use-app-base.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { useDashboard } from './api/dashboard.ts';
import { DashboardCards } from './dashboard-cards.tsx';
import { OnboardingChecklist } from './onboarding-checklist.tsx';

/**
 * Where the clients log in, to pass on: copyable, not a link (an owner following it would be sent back
 * to the admin app). The full address goes to the clipboard; "Copied" is announced.
 */
function ClientLoginAddress({ path }: { path: string }) {
  return (
    <Group gap="xs" wrap="wrap" align="center">
      <Text>
        Your clients log in at{' '}
        <Text span fw={700} data-testid="client-login-address" style={{ overflowWrap: 'anywhere' }}>
          {location.host}
          {path}
        </Text>
      </Text>
      <CopyButton value={`${location.origin}${path}`} timeout={2000}>
        {({ copied, copy }) => (
          <>
            <Button variant="light" size="compact-sm" onClick={copy}>
              {copied ? 'Copied' : 'Copy address'}
            </Button>
            <VisuallyHidden role="status">{copied ? 'Copied' : ''}</VisuallyHidden>
          </>
        )}
      </CopyButton>
    </Group>
  );
}

/**
 * The admin app's index (issue 18): the onboarding checklist while setup is incomplete, then what is
 * happening today (live seats, read again every 30 seconds), this week against last, and what needs
 * handling, each a link to where it is handled. An instructor sees their own classes.
 */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const me = useMe();
  const base = useAppBase();
  const solo = useIsSolo();
  const dashboard = useDashboard(me.data?.company.id ?? '');
  if (!me.data) return <PageLoader />;
  const { user, company, onBoardingData, can } = me.data;
  const clientLogin = clientLoginPath(company.slug, company.kind);
  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Title order={1}>Dashboard</Title>
        <Text size="lg">Welcome, {user.name}.</Text>
        {can.manageSettings ? <ClientLoginAddress path={clientLogin} /> : null}
      </Stack>
      {can.manageSettings && onBoardingData.length > 0 ? (
        <Stack maw={720}>
          <OnboardingChecklist
            steps={onboardingStepsFor(company.kind)}
            pending={onBoardingData}
            base={base}
            solo={solo}
          />
        </Stack>
      ) : null}
      {dashboard.data ? (
        <DashboardCards data={dashboard.data} base={base} can={can} />
      ) : dashboard.isError ? (
        <Alert color="red" role="alert" title="Today's overview could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Check the connection, then try again.</Text>
            <Button size="compact-sm" variant="light" onClick={() => void dashboard.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text>Loading today’s overview…</Text>
        </Group>
      )}
    </Stack>
  );
}
