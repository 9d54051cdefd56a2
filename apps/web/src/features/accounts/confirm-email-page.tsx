import { useState } from 'react';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { ConfirmEmailDto } from '@kinetic/shared';
import { apiRequest } from '../../api/client.ts';
import { AuthLayout } from '../../ui/auth-layout.tsx';
import { BusyButton } from '../../ui/busy-button.tsx';

/**
 * `/confirm-email/{token}`: the link sent to a new email address. Confirming takes a press of the button
 * (mail scanners open links; they don't press buttons), signed in or not.
 */
export function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const [error, setError] = useState<string | null>(null);
  const confirm = useMutation({
    mutationFn: () =>
      apiRequest<ConfirmEmailDto>('email-confirmations', { method: 'POST', body: { token }, silent: true, inlineErrors: true }),
    onError: (failure) => setError(failure.message),
  });
  return (
    <AuthLayout title="Confirm your new email">
      <Stack gap="md">
        {confirm.data ? (
          <Alert color="green" role="status" title="Email changed">
            <Stack gap="xs">
              <Text>Your email is now {confirm.data.email}. Use it the next time you log in.</Text>
              <Anchor component={Link} to={confirm.data.loginPath} fw={700}>
                Go to the login page
              </Anchor>
            </Stack>
          </Alert>
        ) : (
          <>
            <Text>Press the button to use this address for your account from now on.</Text>
            {error ? (
              <Alert color="red" role="alert" title="The email was not changed">
                {error}
              </Alert>
            ) : null}
            <BusyButton busy={confirm.isPending} onClick={() => confirm.mutate()}>
              Confirm my new email
            </BusyButton>
          </>
        )}
      </Stack>
    </AuthLayout>
  );
}
