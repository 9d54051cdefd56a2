import { useRef } from 'react';
import { Group, Stack, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { authResetPasswordBody, type AuthResetPasswordBody } from '@kinetic/shared';
import { useFormSubmit } from '../../ui/api-form-error.ts';
import { focusFirstInvalid } from '../../ui/focus-first-invalid.ts';
import { useUnsavedChangesGuard } from '../../ui/use-unsaved-changes-guard.ts';
import { NewPasswordFields, PasswordField } from './new-password-fields.tsx';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { useAuthResetPassword } from './api/auth-reset-password.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { NoteLine, usePageNotes } from './page-notes.tsx';

const PASSWORD = 'password';

/**
 * Change the password while signed in (spec §7 authResetpassword: form fields, userId, companyId).
 * Refused, focus goes to the first field in error (a wrong current password: that field); changed, the
 * form says so in its own line, which takes the focus. Typing here again clears what the page said.
 */
export function ChangePasswordForm({ userId, companyId }: { userId: string; companyId: string }) {
  const change = useAuthResetPassword();
  const notes = usePageNotes();
  const initialValues: AuthResetPasswordBody = {
    currentPassword: '',
    password: '',
    confirmPassword: '',
    userId,
    companyId,
  };
  const form = useForm<AuthResetPasswordBody>({
    initialValues,
    validate: schemaResolver(authResetPasswordBody, { sync: true }),
  });
  const { submitError, runSubmit } = useFormSubmit(form);
  useUnsavedChangesGuard(form.isDirty());
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async (values: AuthResetPasswordBody) => {
    notes.clear();
    const changed = await runSubmit(async () => {
      await change.mutateAsync(values);
      form.reset();
      notes.say(PASSWORD, 'Your password has been changed. Use the new one the next time you log in.');
    });
    if (!changed) focusFirstInvalid(formRef.current);
  };

  return (
    <form
      ref={formRef}
      onSubmit={form.onSubmit(submit, () => {
        notes.clear();
        focusFirstInvalid(formRef.current);
      })}
      onChange={notes.clear}
      noValidate
      aria-labelledby="change-password-title"
    >
      <Stack gap="md" maw={420}>
        <Title order={2} size="h3" id="change-password-title">
          Change your password
        </Title>
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          required
          {...form.getInputProps('currentPassword')}
        />
        <NewPasswordFields form={form} />
        <FormSubmitError message={submitError} />
        <Group>
          <BusyButton type="submit" busy={change.isPending}>
            Change the password
          </BusyButton>
        </Group>
      </Stack>
      <NoteLine owner={PASSWORD} notes={notes} />
    </form>
  );
}
