import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { emailSchema, loginBody } from './auth.ts';
import { EMAIL_PATTERN, emailProblem, loginFormErrors } from './login-form.ts';

/** First message per field of a schema's answer, as the login form shows them. */
type Issues = readonly { message: string; path?: readonly PropertyKey[] }[];
function fieldErrors(result: { issues?: Issues } | { value: unknown }) {
  const errors: Record<string, string> = {};
  for (const issue of 'issues' in result ? (result.issues ?? []) : []) {
    const path = (issue.path ?? []).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

const viaLoginBody = (values: unknown) =>
  fieldErrors(loginBody['~standard'].validate(values) as { issues?: [] });
const viaForm = (values: { email: unknown; password: unknown }) => loginFormErrors(values);

describe('loginFormErrors', () => {
  it('is zod 4’s email pattern', () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
  });

  it.each([
    [
      { email: '', password: '' },
      { email: 'Enter your email address', password: 'Enter your password' },
    ],
    [{ email: '   ', password: 'x' }, { email: 'Enter your email address' }],
    [{ email: 'ann@', password: 'x' }, { email: 'Enter a valid email address' }],
    [{ email: `${'a'.repeat(250)}@x.io`, password: 'x' }, { email: 'That email address is too long' }],
    [{ email: ' Ann@Example.COM ', password: 'x'.repeat(201) }, { password: 'Use at most 200 characters.' }],
    [{ email: 'ann@example.com', password: 'secret' }, {}],
  ])('%j answers %j, as loginBody does', (values, errors) => {
    expect(viaForm(values)).toEqual(errors);
    expect(viaLoginBody(values)).toEqual(errors);
  });

  it('answers what loginBody answers, for any email and password', () => {
    const local = fc.stringMatching(/^[A-Za-z0-9_'+.\- ]{0,12}$/);
    const domain = fc.stringMatching(/^[A-Za-z0-9.-]{0,12}$/);
    const email = fc.oneof(
      fc.string(),
      fc.tuple(local, domain).map(([user, host]) => `${user}@${host}`),
      fc.tuple(local, domain, fc.constantFrom('io', 'COM', 'c', 'x1')).map(([u, h, t]) => ` ${u}@${h}.${t} `),
    );
    const password = fc.oneof(fc.string(), fc.string({ minLength: 199, maxLength: 202 }));
    fc.assert(
      fc.property(email, password, (e, p) => {
        expect(viaForm({ email: e, password: p })).toEqual(viaLoginBody({ email: e, password: p }));
      }),
      { numRuns: 500 },
    );
  });

  it('says what emailSchema says about an email', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const parsed = emailSchema.safeParse(value);
        expect(emailProblem(value)).toBe(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
      }),
    );
  });
});
