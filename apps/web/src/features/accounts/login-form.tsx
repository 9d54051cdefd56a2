import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Anchor, Box, Group, Stack, Text, TextInput } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { isClientRole, loginFormErrors, type CompanySummaryDto } from '@kinetic/shared';
import { useFormSubmit } from '../../ui/api-form-error.ts';
import { focusFirstInvalid } from '../../ui/focus-first-invalid.ts';
import { AuthLayout } from '../../ui/auth-layout.tsx';
import { CompanyBrand, CompanyFooter } from '../public-company/company-branding.tsx';
import {
  bookingIntentFromSearch,
  readBookingIntent,
  storeBookingIntent,
} from '../../shell/booking-intent.ts';
import { withReturn } from '../../shell/return-to.ts';
import { usePublicCompany } from '../public-company/api/get-public-company.ts';
import type { PublicPrefix } from '../../shell/login-path.ts';
import { checkCompanyQueryOptions, useCheckCompany } from './api/check-company.ts';
import { isPlatformSession, isSession, useLogin } from './api/login.ts';
import { useFinishPlatformLogin } from '../platform/use-finish-platform-login.ts';
import { loginIntro } from './login-intro.ts';
import { isCompanyUnavailable, LoginSubmitError, loginPathOf } from './login-submit-error.tsx';
import { PasswordField } from './new-password-fields.tsx';
import type * as ChooseCompanyModule from './choose-company.tsx';
import { useFinishLogin } from './use-finish-login.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { withAllMantineStyles } from '../../app/mantine-styles.ts';

type Field = 'email' | 'password';
type Values = Record<Field, string>;
/** Messages by field; the server may name others (`loginPath`), which no field shows. */
type Errors = Record<string, ReactNode>;

/**
 * "Which business?" is asked only after a root login matched several, so its code (and Mantine's Radio)
 * is not part of the login's first paint: it loads when such a login is sent, with all of Mantine's
 * styles, as any page off the first paint does.
 */
let chooseCompanyModule: Promise<typeof ChooseCompanyModule> | null = null;
const loadChooseCompany = () =>
  (chooseCompanyModule ??= withAllMantineStyles(() => import('./choose-company.tsx'))().catch((error: unknown) => {
    chooseCompanyModule = null; // the next login tries again
    throw error;
  }));

interface Choices {
  companies: CompanySummaryDto[];
  ChooseCompany: typeof ChooseCompanyModule.ChooseCompany;
}

/**
 * The company's logo and name above the card. Its room is kept (a logo's height) while the answers are
 * on their way, and it draws once the branding has answered, so nothing below it moves (issue 11 §7: CLS
 * 0). It reads the answers itself: their arrival re-renders it, not the form.
 */
function CompanyHeader({ prefix }: { prefix: PublicPrefix }) {
  const branding = usePublicCompany(prefix.company);
  const check = useCheckCompany(prefix.company, prefix.roleId);
  const brand = check.data?.companyName ?? branding.data?.name;
  return (
    <Box mih={48} style={{ display: 'grid', alignItems: 'center' }}>
      {branding.isPending || !brand ? null : branding.data ? (
        <CompanyBrand company={branding.data} />
      ) : (
        <Text ta="center" fw={700} c="kinetic.8" size="lg">
          {brand}
        </Text>
      )}
    </Box>
  );
}

/** The company's contact details below the page, once they are in. */
function CompanyContactFooter({ prefix }: { prefix: PublicPrefix }) {
  const branding = usePublicCompany(prefix.company);
  return branding.data ? <CompanyFooter company={branding.data} /> : null;
}

/**
 * The login form (spec §8). It draws at once, before its company's answers are in (issue 11 §7: the
 * heading and intro are the page's largest paint), and does not read them: a login sent before
 * checkCompany has answered waits for that answer's company id. Two fields in plain React state: a form
 * library would be most of the page's own code.
 */
export function LoginForm({
  prefix,
  signupPath: signupFor,
}: {
  prefix: PublicPrefix;
  /** Where "Sign up" goes instead of the role's sign-up (the widget's studio login: that studio's). */
  signupPath?: string;
}) {
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const login = useLogin();
  const finishLogin = useFinishLogin(prefix);
  const finishPlatformLogin = useFinishPlatformLogin();
  const [choices, setChoices] = useState<Choices | null>(null);
  const [otherLoginPath, setOtherLoginPath] = useState<string | null>(null);
  const [suspended, setSuspended] = useState(false);
  const [values, setValues] = useState<Values>({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  // A login waiting for the company's id is under way too.
  const [sending, setSending] = useState(false);
  const { submitError, runSubmit } = useFormSubmit({ setErrors, getValues: () => values });
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    // A link from an embedding site names the class or event; keep it for after a password reset too.
    const stored = readBookingIntent();
    const intent = bookingIntentFromSearch(search, stored);
    if (intent !== stored) storeBookingIntent(intent);
  }, [search]);

  /** The company this page logs in to: its id from checkCompany's answer, waited for if it is not in yet. */
  const pageCompanyId = async (): Promise<string | undefined> => {
    if (!prefix.company || !prefix.roleId) return undefined;
    return (await queryClient.ensureQueryData(checkCompanyQueryOptions(prefix.company, prefix.roleId))).companyId;
  };

  const send = async (sent: Values, chosenCompanyId?: string) => {
    setOtherLoginPath(null);
    setSuspended(false);
    setSending(true);
    // The root login may be asked which business: have that ready by the time it is.
    if (!prefix.company) void loadChooseCompany().catch(() => undefined);
    const succeeded = await runSubmit(async () => {
      const companyId = chosenCompanyId ?? (await pageCompanyId());
      const result = await login
        .mutateAsync({
          ...sent,
          roleId: prefix.roleId ?? undefined,
          companyId,
          isSpecial: search.get('isSpecial') === '1' ? 1 : undefined,
        })
        .catch((error: unknown) => {
          setOtherLoginPath(loginPathOf(error));
          setSuspended(isCompanyUnavailable(error));
          throw error;
        });
      if (isPlatformSession(result)) await finishPlatformLogin(result);
      else if (isSession(result)) await finishLogin(result);
      else setChoices({ companies: result.chooseCompany, ChooseCompany: (await loadChooseCompany()).ChooseCompany });
    });
    setSending(false);
    if (!succeeded) {
      setChoices(null);
      // Refused: to the field the server named (none for a wrong email or password: the message is read).
      focusFirstInvalid(formRef.current);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const problems = loginFormErrors(values);
    setErrors(problems);
    if (problems.email || problems.password) focusFirstInvalid(formRef.current);
    else void send(values);
  };

  /** A field's value and error; typing in it clears its error, as the person is fixing it. */
  const field = (name: Field) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => {
        if (!(name in current)) return current;
        const rest = { ...current };
        delete rest[name];
        return rest;
      });
    },
  });

  const signupPath =
    signupFor ??
    (prefix.company && prefix.roleId && isClientRole(prefix.roleId)
      ? `/${prefix.company}/${prefix.roleId}/client/client-signup`
      : prefix.company
        ? null
        : '/signup');

  const frame = prefix.company
    ? {
        header: <CompanyHeader prefix={prefix} />,
        footer: <CompanyContactFooter prefix={prefix} />,
        // The footer arrives with the branding, below the card: at the top, the card does not move then.
        align: 'top' as const,
      }
    : {};

  return (
    <AuthLayout title="Log in" {...frame} intro={loginIntro(prefix.roleId)}>
      {choices ? (
        <choices.ChooseCompany
          companies={choices.companies}
          pending={sending}
          onChoose={(id) => void send(values, id)}
          onCancel={() => setChoices(null)}
        />
      ) : (
        <form ref={formRef} onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput label="Email" type="email" autoComplete="email" required {...field('email')} />
            <PasswordField label="Password" autoComplete="current-password" required {...field('password')} />
            <Group justify="flex-end">
              <Anchor component={Link} to={`${prefix.base}/forgotPassword`} size="sm">
                Forgot your password?
              </Anchor>
            </Group>
            <LoginSubmitError message={submitError} loginPath={otherLoginPath} suspended={suspended} />
            <BusyButton type="submit" fullWidth busy={sending}>
              Log in
            </BusyButton>
          </Stack>
        </form>
      )}
      {signupPath && !choices ? (
        <Text size="sm" ta="center">
          {prefix.company ? 'New here?' : 'New to Kinetic?'}{' '}
          <Anchor component={Link} to={withReturn(signupPath, search)} className="tap-link">
            Create an account
          </Anchor>
        </Text>
      ) : null}
    </AuthLayout>
  );
}
