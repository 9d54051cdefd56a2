import { Anchor, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { AuthLayout } from '../../ui/auth-layout.tsx';
import { publicPrefixFor } from '../../shell/login-path.ts';

/** `check-in/{fitnessSessionId}` exists (spec §2); checking in arrives with the check-in feature. */
export function CheckInPage() {
  const prefix = publicPrefixFor(useLocation().pathname);
  return (
    <AuthLayout title="Check-in">
      <Stack gap="sm">
        <Text>Check-in opens here when your studio sets it up.</Text>
        <Text c="dimmed">Until then, please check in at the front desk. Your booking is not affected.</Text>
        <Anchor component={Link} to={`${prefix.base}/login`}>
          Go to the login page
        </Anchor>
      </Stack>
    </AuthLayout>
  );
}
