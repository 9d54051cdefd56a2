import { Group, PasswordInput, Stack, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { authResetPasswordBody, type AuthResetPasswordBody } from '@kinetic/shared';
import { useFormSubmit } from '../../ui/api-form-error.ts';
import { useUnsavedChangesGuard } from '../../ui/use-unsaved-changes-guard.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { useAuthResetPassword } from './api/auth-reset-password.ts';
import { BusyButton } from '../../ui/busy-button.tsx';

/** Change the password while signed in (spec §7 authResetpassword: form fields, userId, companyId). */
export function ChangePasswordForm({ userId, companyId }: { userId: string; companyId: string }) {
  const change = useAuthResetPassword();
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

  const submit = async (values: AuthResetPasswordBody) => {
    await runSubmit(async () => {
      await change.mutateAsync(values);
      form.reset();
    });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-labelledby="change-password-title">
      <Stack gap="md" maw={420}>
        <Title order={2} size="h3" id="change-password-title">
          Change your password
        </Title>
        <PasswordInput
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
    </form>
  );
}
