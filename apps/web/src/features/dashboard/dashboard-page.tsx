import { Button, CopyButton, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { onboardingStepsFor } from '@kinetic/shared';
import { clientLoginPath } from '../../shell/login-path.ts';
import { useAppBase, useIsSolo } from '../../shell/use-app-base.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
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
        {can.manageSettings ? <ClientLoginAddress path={clientLogin} /> : null}
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
