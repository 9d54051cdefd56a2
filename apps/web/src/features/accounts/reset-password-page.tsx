import { useRef, useState } from 'react';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, useParams } from 'react-router';
import { resetPasswordBody } from '@kinetic/shared';
import { useFormSubmit } from '../../ui/api-form-error.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { AuthLayout } from '../../ui/auth-layout.tsx';
import { companyFrame } from '../public-company/company-frame.tsx';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { focusFirstInvalid } from '../../ui/focus-first-invalid.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { readBookingIntent } from '../../shell/booking-intent.ts';
import { dashboardBaseUrl, eventsPageTemplate } from '../../shell/config.ts';
import { postAuthTarget } from '../../shell/post-login.ts';
import { useDelayedFollow } from '../../shell/use-delayed-follow.ts';
import { isSpecialFlagSet } from '../../shell/session.ts';
import { usePasswordToken } from './api/password-token-validate.ts';
import { useResetPassword } from './api/reset-password.ts';
import { PublicPageGate } from './public-page-gate.tsx';
import type { usePublicPage } from './use-public-page.ts';
import { BusyButton } from '../../ui/busy-button.tsx';

type Page = Extract<ReturnType<typeof usePublicPage>, { status: 'ready' }>;

function ResetPasswordForm({ page, token }: { page: Page; token: string }) {
  const { prefix, brand } = page;
  const follow = useDelayedFollow();
  const validation = usePasswordToken(token);
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const form = useForm({
    initialValues: { token, password: '', confirmPassword: '' },
    validate: schemaResolver(resetPasswordBody, { sync: true }),
  });
  const { submitError, runSubmit } = useFormSubmit(form);
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async (values: typeof form.values) => {
    const done = await runSubmit(async () => {
      const account = await reset.mutateAsync(values);
      setDone(true);
      const target = postAuthTarget({
        event: { flow: 'resetPassword', companySlug: account.companySlug, roleId: account.roleId },
        prefix,
        isSpecial: isSpecialFlagSet(),
        intent: readBookingIntent(),
        dashboardBaseUrl: dashboardBaseUrl(),
        eventsPageTemplate: eventsPageTemplate(),
      });
      follow(target);
    });
    if (!done) focusFirstInvalid(formRef.current);
  };

  const forgotLink = (
    <Text size="sm" ta="center">
      <Anchor component={Link} to={`${prefix.base}/forgotPassword`}>
        Ask for a new link
      </Anchor>
    </Text>
  );

  if (validation.isPending) return <PageLoader text="Checking your link…" />;
  if (validation.isError) {
    return (
      <AuthLayout title="Choose a new password" brand={brand} {...companyFrame(page.company)}>
        <Alert color="red" variant="light" role="alert" title="This link cannot be used">
          {validation.error.message}
        </Alert>
        {forgotLink}
      </AuthLayout>
    );
  }

  const invited = validation.data.purpose === 'invitation';
  return (
    <AuthLayout
      title={invited ? 'Choose your password' : 'Choose a new password'}
      brand={brand}
      {...companyFrame(page.company)}
      intro={
        invited
          ? `You were invited to log in to ${validation.data.companyName} as ${validation.data.email}.`
          : `For ${validation.data.email}`
      }>
      {done ? (
        <Alert
          color="green"
          variant="light"
          role="status"
          title={invited ? 'Your password is set' : 'Your password has been changed'}>
          Taking you to the login page…
        </Alert>
      ) : (
        <form ref={formRef} onSubmit={form.onSubmit(submit, () => focusFirstInvalid(formRef.current))} noValidate>
          <Stack gap="md">
            <NewPasswordFields form={form} />
            <FormSubmitError message={submitError} />
            <BusyButton type="submit" fullWidth busy={reset.isPending}>
              {invited ? 'Save my password' : 'Save the new password'}
            </BusyButton>
          </Stack>
        </form>
      )}
      {done || invited ? null : forgotLink}
    </AuthLayout>
  );
}

export function ResetPasswordPage() {
  const token = useParams().token ?? '';
  return <PublicPageGate>{(page) => <ResetPasswordForm page={page} token={token} />}</PublicPageGate>;
}
