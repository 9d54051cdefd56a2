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

interface Issue {
  message: string;
  path: [string];
}

/**
 * The login form's email and password, checked as `loginBody` checks them, as a Standard Schema (what
 * `@mantine/form`'s `schemaResolver` takes).
 */
export const loginFormSchema = {
  '~standard': {
    version: 1 as const,
    vendor: 'kinetic',
    validate(value: unknown): { value: unknown } | { issues: Issue[] } {
      const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
      const issues: Issue[] = [];
      const email = emailProblem(record.email);
      if (email) issues.push({ message: email, path: ['email'] });
      const password = record.password;
      if (typeof password !== 'string' || password.length < 1) {
        issues.push({ message: LOGIN_PASSWORD_MESSAGES.missing, path: ['password'] });
      } else if (password.length > LOGIN_PASSWORD_MAX_LENGTH) {
        issues.push({ message: LOGIN_PASSWORD_MESSAGES.tooLong, path: ['password'] });
      }
      return issues.length > 0 ? { issues } : { value };
    },
  },
};
