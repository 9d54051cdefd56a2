import { useRef, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeletionRequestDto } from '@kinetic/shared';
import { ApiError, apiRequest } from '../../api/client.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { focusFirstInvalid } from '../../ui/focus-first-invalid.ts';
import { PasswordField } from '../accounts/new-password-fields.tsx';
import { NoteLine, usePageNotes } from '../accounts/page-notes.tsx';

const KEY = ['my-deletion-request'] as const;
const day = (instant: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' }).format(new Date(instant));

const DELETION = 'deletion';

/**
 * "Delete my account": asked with the password; nothing changes for 30 days (the studio sees the request,
 * the client may withdraw it), then the personal details are replaced and the studio keeps its records.
 * The button pressed goes with its answer ("Delete my account…" for the notice, "Keep my account" with
 * it): what happened is said in the section's line, which takes the focus, instead of in a toast.
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
  const notes = usePageNotes();
  const formRef = useRef<HTMLFormElement>(null);
  const ask = useMutation({
    mutationFn: () =>
      apiRequest<DeletionRequestDto>('my/deletion-request', { method: 'POST', body: { password }, inlineErrors: true, silent: true }),
    onSuccess: (data) => queryClient.setQueryData(KEY, data),
  });
  const withdraw = useMutation({
    mutationFn: () => apiRequest<DeletionRequestDto>('my/deletion-request', { method: 'DELETE', inlineErrors: true, silent: true }),
    onSuccess: (data) => queryClient.setQueryData(KEY, data),
  });

  const submit = async () => {
    setError(null);
    if (!password) {
      setError('Enter your password to confirm');
      focusFirstInvalid(formRef.current);
      return;
    }
    try {
      const answer = await ask.mutateAsync();
      setOpen(false);
      setPassword('');
      notes.say(
        DELETION,
        answer.takesEffectAt
          ? `Your account is to be deleted on ${day(answer.takesEffectAt)}. Until then you can keep it.`
          : 'Your account is to be deleted.',
      );
    } catch (failure) {
      setError(failure instanceof ApiError ? (failure.errors.password ?? failure.message) : 'Try again.');
      focusFirstInvalid(formRef.current);
    }
  };

  const keep = async () => {
    notes.clear();
    try {
      await withdraw.mutateAsync();
      notes.say(DELETION, 'You keep your account: nothing will be deleted.');
    } catch (failure) {
      notes.say(DELETION, failure instanceof Error ? failure.message : 'That did not work. Try again.', true);
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
              <BusyButton variant="default" busy={withdraw.isPending} onClick={() => void keep()}>
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
            <Button
              variant="default"
              color="red"
              onClick={() => {
                notes.clear();
                setOpen(true);
              }}
            >
              Delete my account…
            </Button>
          </Group>
        </>
      )}
      <NoteLine owner={DELETION} notes={notes} />
      <Modal opened={open} onClose={() => setOpen(false)} title="Delete your account?" centered closeButtonProps={{ 'aria-label': 'Close' }}>
        <form
          ref={formRef}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          noValidate
        >
          <Stack gap="md">
            <Text size="sm">Enter your password to confirm. You have 30 days to change your mind.</Text>
            <PasswordField
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
