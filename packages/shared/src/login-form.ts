// The login form's check, without zod: the login is the first page most clients see, and zod (with every
// schema the page would build) is the largest thing it would otherwise download (docs/architecture.md,
// "Client bundle and Lighthouse"). auth.ts builds the server's `emailSchema` and `loginBody` from the same
// messages and pattern; login-form.test.ts holds the two answers together.

export const EMAIL_MESSAGES = {
  missing: 'Enter your email address',
  tooLong: 'That email address is too long',
  invalid: 'Enter a valid email address',
} as const;
export const EMAIL_MAX_LENGTH = 254;
/** The rule for a new password (sign-up, reset, change); the login's password field shows it too. */
export const PASSWORD_RULE = 'Use at least 10 characters, mixing letters with numbers or symbols.';

export const LOGIN_PASSWORD_MESSAGES = {
  missing: 'Enter your password',
  tooLong: 'Use at most 200 characters.',
} as const;
export const LOGIN_PASSWORD_MAX_LENGTH = 200;

/** zod 4's `z.email()` pattern (its default), so the form and the server accept the same addresses. */
// Character for character as zod writes it (the test compares the two), escapes included.
export const EMAIL_PATTERN =
  // eslint-disable-next-line no-useless-escape
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** What is wrong with an email field, as `emailSchema` says it; null when it is fine. */
export function emailProblem(value: unknown): string | null {
  if (typeof value !== 'string') return EMAIL_MESSAGES.missing;
  const email = value.trim().toLowerCase();
  if (email.length < 1) return EMAIL_MESSAGES.missing;
  if (email.length > EMAIL_MAX_LENGTH) return EMAIL_MESSAGES.tooLong;
  return EMAIL_PATTERN.test(email) ? null : EMAIL_MESSAGES.invalid;
}

/** The login form's fields, as the person typed them. */
export interface LoginFormValues {
  email: unknown;
  password: unknown;
}

/**
 * What is wrong with the login form's email and password, field by field, as `loginBody` says it; an
 * empty object when both are fine. Plain, so the login needs no form library either.
 */
export function loginFormErrors(values: LoginFormValues): { email?: string; password?: string } {
  const errors: { email?: string; password?: string } = {};
  const email = emailProblem(values.email);
  if (email) errors.email = email;
  const { password } = values;
  if (typeof password !== 'string' || password.length < 1) errors.password = LOGIN_PASSWORD_MESSAGES.missing;
  else if (password.length > LOGIN_PASSWORD_MAX_LENGTH) errors.password = LOGIN_PASSWORD_MESSAGES.tooLong;
  return errors;
}
