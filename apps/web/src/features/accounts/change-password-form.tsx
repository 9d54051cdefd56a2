import { useState } from 'react';
import { Button, Group, PasswordInput, Stack, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { authResetPasswordBody, PASSWORD_RULE, type AuthResetPasswordBody } from '@kinetic/shared';
import { apiFormError } from '../../ui/api-form-error.ts';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { useAuthResetPassword } from './api/auth-reset-password.ts';

/** Change the password while signed in (spec §7 authResetpassword: form fields, userId, companyId). */
export function ChangePasswordForm({ userId, companyId }: { userId: string; companyId: string }) {
  const change = useAuthResetPassword();
  const [submitError, setSubmitError] = useState<string | null>(null);
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

  const submit = async (values: AuthResetPasswordBody) => {
    setSubmitError(null);
    try {
      await change.mutateAsync(values);
      form.reset();
    } catch (error) {
      const { fieldErrors, message } = apiFormError(error);
      form.setErrors(fieldErrors);
      setSubmitError(message);
    }
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
        <PasswordInput
          label="New password"
          description={PASSWORD_RULE}
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Repeat the new password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        <FormSubmitError message={submitError} />
        <Group>
          <Button type="submit" loading={change.isPending}>
            Change the password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
