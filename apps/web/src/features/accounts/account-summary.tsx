import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  changeEmailBody,
  updateMeBody,
  type AccountDto,
  type ChangeEmailBody,
  type MyEmailDto,
  type UpdateMeBody,
} from '@kinetic/shared';
import { useFormSubmit } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { focusFirstInvalid } from '../../ui/focus-first-invalid.ts';
import { PhoneInput } from '../../ui/phone-input.tsx';
import { useUnsavedChangesGuard } from '../../ui/use-unsaved-changes-guard.ts';
import { useCancelEmailChange, useChangeEmail, useMyEmail, useResendEmailLink, useUpdateMe } from './api/update-me.ts';
import { PasswordField } from './new-password-fields.tsx';
import { NoteLine, usePageNotes, type PageNotes } from './page-notes.tsx';

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

const SUMMARY = 'summary';

/**
 * Who is signed in: name, email and phone; name and phone can be changed here, and the email by a link.
 * An opened form starts at its first field; Cancel goes back to the button that opened it; Save and
 * "Send the link" close the form and say what happened in the line under the card, which takes the focus.
 */
export function AccountSummary({ user }: { user: AccountDto['user'] }) {
  const [editing, setEditing] = useState<'details' | 'email' | null>(null);
  const backTo = useRef<'details' | 'email' | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const emailButton = useRef<HTMLButtonElement>(null);
  const notes = usePageNotes();
  const email = useMyEmail();
  const pending = email.data?.pendingEmail;

  useEffect(() => {
    if (editing || !backTo.current) return;
    (backTo.current === 'details' ? editButton : emailButton).current?.focus();
    backTo.current = null;
  }, [editing]);

  const open = (form: 'details' | 'email') => {
    notes.clear();
    setEditing(form);
  };
  const cancel = () => {
    backTo.current = editing;
    setEditing(null);
  };
  const done = (text: string) => {
    setEditing(null);
    notes.say(SUMMARY, text);
  };

  return (
    <Paper withBorder p="md" radius="md">
      {editing === 'details' ? (
        <EditDetails user={user} onSaved={() => done('Your details are saved.')} onCancel={cancel} />
      ) : editing === 'email' ? (
        <ChangeEmail
          current={user.email}
          onSent={(sent) =>
            done(`We sent a link to ${sent.pendingEmail ?? ''}. Your email changes when you open it; until then, keep using ${sent.email}.`)
          }
          onCancel={cancel}
        />
      ) : (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }} component="dl" m={0}>
            <Detail label="Name" value={user.name} />
            <Detail label="Email" value={user.email} />
            <Detail label="Phone" value={user.phone || 'Not given'} />
          </SimpleGrid>
          <PendingEmail current={user.email} pending={pending ?? null} notes={notes} />
          <Group gap="sm">
            <Button ref={editButton} variant="default" onClick={() => open('details')}>
              Edit name and phone
            </Button>
            <Button ref={emailButton} variant="default" onClick={() => open('email')}>
              Change email
            </Button>
          </Group>
        </Stack>
      )}
      <NoteLine owner={SUMMARY} notes={notes} />
    </Paper>
  );
}

const failureOf = (failure: unknown) =>
  failure instanceof Error ? failure.message : 'That did not work. Check your connection and try again.';

/**
 * A new address waiting for its link: the link can be sent again (it went to spam, or was deleted) or the
 * change cancelled (a typo). What happened is said in the card's result line, which keeps the focus when
 * the box goes.
 */
function PendingEmail({ current, pending, notes }: { current: string; pending: string | null; notes: PageNotes }) {
  const resend = useResendEmailLink();
  const cancel = useCancelEmailChange();
  const sendAgain = async () => {
    notes.clear();
    try {
      const answer = await resend.mutateAsync();
      notes.say(SUMMARY, `We sent a new link to ${answer.pendingEmail ?? pending ?? ''}. The earlier link no longer works.`);
    } catch (failure) {
      notes.say(SUMMARY, failureOf(failure), true);
    }
  };
  const cancelChange = async () => {
    notes.clear();
    try {
      await cancel.mutateAsync();
      notes.say(SUMMARY, `The change to ${pending ?? ''} is cancelled. Your email stays ${current}.`);
    } catch (failure) {
      notes.say(SUMMARY, failureOf(failure), true);
    }
  };
  if (!pending) return null;
  return (
    <Alert color="blue" title="Waiting for your new email" role="region" aria-label="Waiting for your new email">
      <Stack gap="sm">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
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
  );
}

/** An opened form starts at its first field (`data-autofocus` works in dialogs only). */
function useFocusOnOpen() {
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  return first;
}

function EditDetails({ user, onSaved, onCancel }: { user: AccountDto['user']; onSaved: () => void; onCancel: () => void }) {
  const update = useUpdateMe();
  const form = useForm<UpdateMeBody>({
    initialValues: { name: user.name, phone: user.phone ?? '' },
    validate: schemaResolver(updateMeBody, { sync: true }),
  });
  const { submitError, runSubmit } = useFormSubmit(form);
  useUnsavedChangesGuard(form.isDirty());
  const phone = form.getInputProps('phone');
  const formRef = useRef<HTMLFormElement>(null);
  const first = useFocusOnOpen();

  const submit = async (values: UpdateMeBody) => {
    const saved = await runSubmit(async () => {
      await update.mutateAsync(values);
      form.resetDirty();
      onSaved();
    });
    if (!saved) focusFirstInvalid(formRef.current);
  };

  return (
    <form
      ref={formRef}
      onSubmit={form.onSubmit(submit, () => focusFirstInvalid(formRef.current))}
      noValidate
      aria-label="Your name and phone"
    >
      <Stack gap="md" maw={420}>
        <TextInput ref={first} label="Name" autoComplete="name" required {...form.getInputProps('name')} />
        <PhoneInput {...phone} onPhoneChange={(value) => form.setFieldValue('phone', value)} />
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Email: {user.email}
        </Text>
        <FormSubmitError message={submitError} />
        <Group gap="sm">
          <BusyButton type="submit" busy={update.isPending}>
            Save
          </BusyButton>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ChangeEmail({ current, onSent, onCancel }: { current: string; onSent: (sent: MyEmailDto) => void; onCancel: () => void }) {
  const change = useChangeEmail();
  const form = useForm<ChangeEmailBody>({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(changeEmailBody, { sync: true }),
  });
  const { submitError, runSubmit } = useFormSubmit(form);
  useUnsavedChangesGuard(form.isDirty());
  const formRef = useRef<HTMLFormElement>(null);
  const first = useFocusOnOpen();

  const submit = async (values: ChangeEmailBody) => {
    const sent = await runSubmit(async () => {
      const answer = await change.mutateAsync(values);
      form.resetDirty();
      onSent(answer);
    });
    if (!sent) focusFirstInvalid(formRef.current);
  };

  return (
    <form
      ref={formRef}
      onSubmit={form.onSubmit(submit, () => focusFirstInvalid(formRef.current))}
      noValidate
      aria-label="Change your email"
    >
      <Stack gap="md" maw={420}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Now: {current}. We send a link to the new address; your email changes when you open it.
        </Text>
        <TextInput ref={first} label="New email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
        <PasswordField label="Your password" autoComplete="current-password" required {...form.getInputProps('password')} />
        <FormSubmitError message={submitError} />
        <Group gap="sm">
          <BusyButton type="submit" busy={change.isPending}>
            Send the link
          </BusyButton>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
