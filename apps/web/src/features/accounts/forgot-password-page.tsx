import { useRef, useState } from 'react';
import { Alert, Anchor, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from 'react-router';
import { resetPasswordMailBody } from '@kinetic/shared';
import { useFormSubmit } from '../../ui/api-form-error.ts';
import { AuthLayout } from '../../ui/auth-layout.tsx';
import { companyFrame } from '../public-company/company-frame.tsx';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { focusFirstInvalid } from '../../ui/focus-first-invalid.ts';
import { NO_BOOKING_INTENT } from '../../shell/booking-intent.ts';
import { dashboardBaseUrl, eventsPageTemplate } from '../../shell/config.ts';
import { postAuthTarget } from '../../shell/post-login.ts';
import { useDelayedFollow } from '../../shell/use-delayed-follow.ts';
import { useResetPasswordMail } from './api/reset-password-mail.ts';
import { PublicPageGate } from './public-page-gate.tsx';
import type { usePublicPage } from './use-public-page.ts';
import { BusyButton } from '../../ui/busy-button.tsx';

type Page = Extract<ReturnType<typeof usePublicPage>, { status: 'ready' }>;

const SENT =
  'If an account uses that address, we have sent it a link to choose a new password. The link works for one hour.';

function ForgotPasswordForm({ page }: { page: Page }) {
  const { prefix, companyId, brand } = page;
  const follow = useDelayedFollow();
  const request = useResetPasswordMail();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: schemaResolver(resetPasswordMailBody, { sync: true }),
  });
  const { submitError, runSubmit } = useFormSubmit(form);
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async (values: typeof form.values) => {
    const done = await runSubmit(async () => {
      await request.mutateAsync({ email: values.email, companyId, roleId: prefix.roleId ?? undefined });
      setSent(SENT);
      const target = postAuthTarget({
        event: { flow: 'forgotPassword' },
        prefix,
        isSpecial: false,
        intent: NO_BOOKING_INTENT,
        dashboardBaseUrl: dashboardBaseUrl(),
        eventsPageTemplate: eventsPageTemplate(),
      });
      follow(target);
    });
    if (!done) focusFirstInvalid(formRef.current);
  };

  return (
    <AuthLayout
      title="Forgot your password?"
      brand={brand}
      {...companyFrame(page.company)}
      intro="Enter the email address you log in with and we will send you a link to choose a new password."
    >
      {sent ? (
        <Alert color="green" variant="light" role="status" title="Check your email">
          {sent}
        </Alert>
      ) : (
        <form ref={formRef} onSubmit={form.onSubmit(submit, () => focusFirstInvalid(formRef.current))} noValidate>
          <Stack gap="md">
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('email')}
            />
            <FormSubmitError message={submitError} />
            <BusyButton type="submit" fullWidth busy={request.isPending}>
              Send the link
            </BusyButton>
          </Stack>
        </form>
      )}
      <Text size="sm" ta="center">
        <Anchor component={Link} to={`${prefix.base}/login`} className="tap-link">
          Back to login
        </Anchor>
      </Text>
    </AuthLayout>
  );
}

export function ForgotPasswordPage() {
  return <PublicPageGate>{(page) => <ForgotPasswordForm page={page} />}</PublicPageGate>;
}
