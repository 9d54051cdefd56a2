import type { ReactNode } from 'react';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { PASSWORD_RULE } from '@kinetic/shared';

/**
 * A password field that says when it is in error. Mantine's PasswordInput links its error message but
 * leaves `aria-invalid` off its input: a screen reader did not hear the field was wrong, and a refused
 * form could not put the focus on it (`focusFirstInvalid` looks for `aria-invalid`).
 */
export function PasswordField({ error, ...props }: PasswordInputProps & { error?: ReactNode }) {
  return <PasswordInput {...props} error={error} aria-invalid={error ? true : undefined} />;
}

/**
 * A field for a new password with the rule shown up front rather than after a failure. A refused
 * password's error is the rule itself, so the rule then shows once, as the error, not twice.
 */
export function NewPasswordInput({ error, ...props }: PasswordInputProps & { error?: ReactNode }) {
  const ruleIsTheError = error === PASSWORD_RULE;
  return (
    <PasswordField
      autoComplete="new-password"
      {...props}
      description={ruleIsTheError ? undefined : PASSWORD_RULE}
      error={error}
    />
  );
}

interface NewPassword {
  password: string;
  confirmPassword: string;
}

/** The new password and its repetition. */
export function NewPasswordFields<Values extends NewPassword>({ form }: { form: UseFormReturnType<Values> }) {
  return (
    <>
      <NewPasswordInput label="New password" required {...form.getInputProps('password')} />
      <PasswordField
        label="Repeat the new password"
        autoComplete="new-password"
        required
        {...form.getInputProps('confirmPassword')}
      />
    </>
  );
}
