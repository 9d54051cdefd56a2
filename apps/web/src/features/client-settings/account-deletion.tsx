import { useState } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeletionRequestDto } from '@kinetic/shared';
import { ApiError, apiRequest } from '../../api/client.ts';
import { BusyButton } from '../../ui/busy-button.tsx';

const KEY = ['my-deletion-request'] as const;
const day = (instant: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' }).format(new Date(instant));

/**
 * "Delete my account": asked with the password; nothing changes for 30 days (the studio sees the request,
 * the client may withdraw it), then the personal details are replaced and the studio keeps its records.
 */
export function AccountDeletion() {
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: KEY,
    queryFn: () => apiRequest<DeletionRequestDto>('my/deletion-request', { silent: true, showLoader: false }),
  });
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ask = useMutation({
    mutationFn: () =>
      apiRequest<DeletionRequestDto>('my/deletion-request', { method: 'POST', body: { password }, inlineErrors: true }),
    onSuccess: (data) => queryClient.setQueryData(KEY, data),
  });
  const withdraw = useMutation({
    mutationFn: () => apiRequest<DeletionRequestDto>('my/deletion-request', { method: 'DELETE' }),
    onSuccess: (data) => queryClient.setQueryData(KEY, data),
  });

  const submit = async () => {
    setError(null);
    if (!password) {
      setError('Enter your password to confirm');
      return;
    }
    try {
      await ask.mutateAsync();
      setOpen(false);
      setPassword('');
    } catch (failure) {
      setError(failure instanceof ApiError ? (failure.errors.password ?? failure.message) : 'Try again.');
    }
  };

  const requested = current.data?.takesEffectAt;
  return (
    <Stack gap="sm" component="section" aria-labelledby="delete-heading">
      <Title order={2} size="h3" id="delete-heading">
        Delete my account
      </Title>
      {requested ? (
        <Alert color="yellow" title="Your account is to be deleted">
          <Stack gap="xs">
            <Text size="sm">
              On {day(requested)} your name, email, phone, sign-up details and saved card are removed and you can no
              longer log in. The studio keeps its records of payments and visits, without your name.
            </Text>
            <Group>
              <BusyButton variant="default" busy={withdraw.isPending} onClick={() => withdraw.mutate()}>
                Keep my account
              </BusyButton>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <>
          <Text size="sm">
            Your details are removed 30 days after you ask (you can change your mind until then). The studio keeps
            what the law asks of it — payments and visits — without your name.
          </Text>
          <Group>
            <Button variant="default" color="red" onClick={() => setOpen(true)}>
              Delete my account…
            </Button>
          </Group>
        </>
      )}
      <Modal opened={open} onClose={() => setOpen(false)} title="Delete your account?" centered closeButtonProps={{ 'aria-label': 'Close' }}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          noValidate
        >
          <Stack gap="md">
            <Text size="sm">Enter your password to confirm. You have 30 days to change your mind.</Text>
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              data-autofocus
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={error}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <BusyButton type="submit" color="red" busy={ask.isPending}>
                Delete my account
              </BusyButton>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
