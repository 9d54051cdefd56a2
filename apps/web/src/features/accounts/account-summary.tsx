import { useRef, useState } from 'react';
import { Alert, Button, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { changeEmailBody, updateMeBody, type AccountDto, type ChangeEmailBody, type UpdateMeBody } from '@kinetic/shared';
import { useFormSubmit } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { PhoneInput } from '../../ui/phone-input.tsx';
import { useUnsavedChangesGuard } from '../../ui/use-unsaved-changes-guard.ts';
import { useCancelEmailChange, useChangeEmail, useMyEmail, useResendEmailLink, useUpdateMe } from './api/update-me.ts';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

/** Who is signed in: name, email and phone; name and phone can be changed here. */
export function AccountSummary({ user }: { user: AccountDto['user'] }) {
  const [editing, setEditing] = useState<'details' | 'email' | null>(null);
  const email = useMyEmail();
  const pending = email.data?.pendingEmail;
  return (
    <Paper withBorder p="md" radius="md">
      {editing === 'details' ? (
        <EditDetails user={user} onDone={() => setEditing(null)} />
      ) : editing === 'email' ? (
        <ChangeEmail current={user.email} onDone={() => setEditing(null)} />
      ) : (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }} component="dl" m={0}>
            <Detail label="Name" value={user.name} />
            <Detail label="Email" value={user.email} />
            <Detail label="Phone" value={user.phone || 'Not given'} />
          </SimpleGrid>
          <PendingEmail current={user.email} pending={pending ?? null} />
          <Group gap="sm">
            <Button variant="default" onClick={() => setEditing('details')}>
              Edit name and phone
            </Button>
            <Button variant="default" onClick={() => setEditing('email')}>
              Change email
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}

const failureOf = (failure: unknown) =>
  failure instanceof Error ? failure.message : 'That did not work. Check your connection and try again.';

/**
 * A new address waiting for its link: the link can be sent again (it went to spam, or was deleted) or the
 * change cancelled (a typo). What happened is said in a status line that keeps the focus when the box goes.
 */
function PendingEmail({ current, pending }: { current: string; pending: string | null }) {
  const resend = useResendEmailLink();
  const cancel = useCancelEmailChange();
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const noteRef = useRef<HTMLParagraphElement>(null);
  const say = (text: string, error = false) => {
    setNote({ text, error });
    // The button pressed may be gone (Cancel removes the box): the focus moves to what it did.
    requestAnimationFrame(() => noteRef.current?.focus());
  };
  const sendAgain = async () => {
    try {
      const answer = await resend.mutateAsync();
      say(`We sent a new link to ${answer.pendingEmail ?? pending ?? ''}. The earlier link no longer works.`);
    } catch (failure) {
      say(failureOf(failure), true);
    }
  };
  const cancelChange = async () => {
    try {
      await cancel.mutateAsync();
      say(`The change to ${pending ?? ''} is cancelled. Your email stays ${current}.`);
    } catch (failure) {
      say(failureOf(failure), true);
    }
  };
  return (
    <>
      {pending ? (
        <Alert color="blue" title="Waiting for your new email" role="region" aria-label="Waiting for your new email">
          <Stack gap="sm">
            <Text size="sm">
              Open the link we sent to {pending} to start using it. Until then, keep using {current}.
            </Text>
            <Group gap="sm">
              <BusyButton size="sm" variant="default" busy={resend.isPending} onClick={() => void sendAgain()}>
                Send the link again
              </BusyButton>
              <BusyButton size="sm" variant="default" busy={cancel.isPending} onClick={() => void cancelChange()}>
                Cancel the change
              </BusyButton>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {note ? (
        <Text ref={noteRef} tabIndex={-1} role={note.error ? 'alert' : 'status'} size="sm" fw={700} c={note.error ? 'red.9' : undefined}>
          {note.text}
        </Text>
      ) : null}
    </>
  );
}

function EditDetails({ user, onDone }: { user: AccountDto['user']; onDone: () => void }) {
  const update = useUpdateMe();
  const form = useForm<UpdateMeBody>({
    initialValues: { name: user.name, phone: user.phone ?? '' },
    validate: schemaResolver(updateMeBody, { sync: true }),
  });
  const { submitError, runSubmit } = useFormSubmit(form);
  useUnsavedChangesGuard(form.isDirty());
  const phone = form.getInputProps('phone');

  const submit = async (values: UpdateMeBody) => {
    await runSubmit(async () => {
      await update.mutateAsync(values);
      form.resetDirty();
      onDone();
    });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Your name and phone">
      <Stack gap="md" maw={420}>
        <TextInput label="Name" autoComplete="name" required data-autofocus {...form.getInputProps('name')} />
        <PhoneInput {...phone} onPhoneChange={(value) => form.setFieldValue('phone', value)} />
        <Text size="sm" c="dimmed">
          Email: {user.email}
        </Text>
        <FormSubmitError message={submitError} />
        <Group gap="sm">
          <BusyButton type="submit" busy={update.isPending}>
            Save
          </BusyButton>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ChangeEmail({ current, onDone }: { current: string; onDone: () => void }) {
  const change = useChangeEmail();
  const form = useForm<ChangeEmailBody>({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(changeEmailBody, { sync: true }),
  });
  const { submitError, runSubmit } = useFormSubmit(form);
  useUnsavedChangesGuard(form.isDirty());

  const submit = async (values: ChangeEmailBody) => {
    await runSubmit(async () => {
      await change.mutateAsync(values);
      form.resetDirty();
      onDone();
    });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Change your email">
      <Stack gap="md" maw={420}>
        <Text size="sm">
          Now: {current}. We send a link to the new address; your email changes when you open it.
        </Text>
        <TextInput label="New email" type="email" autoComplete="email" required data-autofocus {...form.getInputProps('email')} />
        <PasswordInput label="Your password" autoComplete="current-password" required {...form.getInputProps('password')} />
        <FormSubmitError message={submitError} />
        <Group gap="sm">
          <BusyButton type="submit" busy={change.isPending}>
            Send the link
          </BusyButton>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
