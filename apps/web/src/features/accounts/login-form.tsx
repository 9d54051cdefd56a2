import { useEffect, useRef, useState } from 'react';
import { Anchor, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, useSearchParams } from 'react-router';
import { isClientRole, loginFormSchema, type CompanySummaryDto } from '@kinetic/shared';
import { useFormSubmit } from '../../ui/api-form-error.ts';
import { focusFirstInvalid } from '../../ui/focus-first-invalid.ts';
import { AuthLayout } from '../../ui/auth-layout.tsx';
import { companyFrame } from '../public-company/company-frame.tsx';
import {
  bookingIntentFromSearch,
  readBookingIntent,
  storeBookingIntent,
} from '../../shell/booking-intent.ts';
import { withReturn } from '../../shell/return-to.ts';
import { isSession, useLogin } from './api/login.ts';
import { ChooseCompany } from './choose-company.tsx';
import { loginIntro } from './login-intro.ts';
import { LoginSubmitError, loginPathOf } from './login-submit-error.tsx';
import { PasswordField } from './new-password-fields.tsx';
import type { usePublicPage } from './use-public-page.ts';
import { useFinishLogin } from './use-finish-login.ts';
import { BusyButton } from '../../ui/busy-button.tsx';

type Page = Extract<ReturnType<typeof usePublicPage>, { status: 'ready' }>;

export function LoginForm({ page }: { page: Page }) {
  const { prefix, companyId, brand } = page;
  const [search] = useSearchParams();
  const login = useLogin();
  const finishLogin = useFinishLogin(prefix);
  const [choices, setChoices] = useState<CompanySummaryDto[] | null>(null);
  const [otherLoginPath, setOtherLoginPath] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(loginFormSchema, { sync: true }),
  });
  const { submitError, runSubmit } = useFormSubmit(form);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    // A link from an embedding site names the class or event; keep it for after a password reset too.
    const stored = readBookingIntent();
    const intent = bookingIntentFromSearch(search, stored);
    if (intent !== stored) storeBookingIntent(intent);
  }, [search]);

  const send = async (values: typeof form.values, chosenCompanyId = companyId) => {
    setOtherLoginPath(null);
    const succeeded = await runSubmit(async () => {
      const result = await login
        .mutateAsync({
          ...values,
          roleId: prefix.roleId ?? undefined,
          companyId: chosenCompanyId,
          isSpecial: search.get('isSpecial') === '1' ? 1 : undefined,
        })
        .catch((error: unknown) => {
          setOtherLoginPath(loginPathOf(error));
          throw error;
        });
      if (isSession(result)) await finishLogin(result);
      else setChoices(result.chooseCompany);
    });
    if (!succeeded) {
      setChoices(null);
      // Refused: to the field the server named (none for a wrong email or password: the message is read).
      focusFirstInvalid(formRef.current);
    }
  };

  const signupPath =
    prefix.company && prefix.roleId && isClientRole(prefix.roleId)
      ? `/${prefix.company}/${prefix.roleId}/client/client-signup`
      : prefix.company
        ? null
        : '/signup';

  return (
    <AuthLayout
      title="Log in"
      brand={brand}
      {...companyFrame(page.company)}
      intro={loginIntro(prefix.roleId, brand)}>
      {choices ? (
        <ChooseCompany
          companies={choices}
          pending={login.isPending}
          onChoose={(id) => void send(form.values, id)}
          onCancel={() => setChoices(null)}
        />
      ) : (
        <form ref={formRef} onSubmit={form.onSubmit((values) => send(values), () => focusFirstInvalid(formRef.current))} noValidate>
          <Stack gap="md">
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('email')}
            />
            <PasswordField
              label="Password"
              autoComplete="current-password"
              required
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end">
              <Anchor component={Link} to={`${prefix.base}/forgotPassword`} size="sm">
                Forgot your password?
              </Anchor>
            </Group>
            <LoginSubmitError message={submitError} loginPath={otherLoginPath} />
            <BusyButton type="submit" fullWidth busy={login.isPending}>
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
