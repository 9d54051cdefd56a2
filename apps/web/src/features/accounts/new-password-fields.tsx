import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { PASSWORD_RULE } from '@kinetic/shared';

interface NewPassword {
  password: string;
  confirmPassword: string;
}

/** The new password and its repetition, with the rule shown up front rather than after a failure. */
export function NewPasswordFields<Values extends NewPassword>({ form }: { form: UseFormReturnType<Values> }) {
  return (
    <>
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
    </>
  );
}
