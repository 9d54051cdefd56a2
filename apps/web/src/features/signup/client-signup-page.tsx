import { useRef } from 'react';
import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import { NewPasswordInput } from '../accounts/new-password-fields.tsx';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, useParams, useSearchParams } from 'react-router';
import { clientSignupBody, isObjectId, type ClientSignupBody, type WidgetStudioDto } from '@kinetic/shared';
import { useFormSubmit } from '../../ui/api-form-error.ts';
import { AuthLayout } from '../../ui/auth-layout.tsx';
import { companyFrame } from '../public-company/company-frame.tsx';
import { PhoneInput } from '../../ui/phone-input.tsx';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { focusFirstInvalid } from '../../ui/focus-first-invalid.ts';
import { loginPathForRole } from '../../shell/login-path.ts';
import { withReturn } from '../../shell/return-to.ts';
import { useUnsavedChangesGuard } from '../../ui/use-unsaved-changes-guard.ts';
import { useSignupClient } from '../accounts/api/signup-client.ts';
import { PublicPageGate } from '../accounts/public-page-gate.tsx';
import type { usePublicPage } from '../accounts/use-public-page.ts';
import { useWidgetStudio } from '../signup-details/api/signup-details-api.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { useFinishClientSignup } from './use-finish-client-signup.ts';
import { BusyButton } from '../../ui/busy-button.tsx';

type Page = Extract<ReturnType<typeof usePublicPage>, { status: 'ready' }>;

function ClientSignupForm({ page, studio }: { page: Page; studio: WidgetStudioDto | null }) {
  const { prefix, brand } = page;
  const roleId = prefix.roleId === 'solo-client' ? 'solo-client' : 'client';
  const signup = useSignupClient();
  const finishSignup = useFinishClientSignup(prefix);
  const [search] = useSearchParams();
  const form = useForm<ClientSignupBody>({
    initialValues: { company: prefix.company ?? '', roleId, name: '', email: '', phone: '', password: '' },
    validate: schemaResolver(clientSignupBody, { sync: true }),
  });
  const { submitError, runSubmit } = useFormSubmit(form);
  const { allowNextNavigation } = useUnsavedChangesGuard(form.isDirty());
  const phone = form.getInputProps('phone');
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async (values: ClientSignupBody) => {
    const done = await runSubmit(async () => {
      const session = await signup.mutateAsync(values);
      allowNextNavigation();
      await finishSignup(session, studio?.id ?? null);
    });
    // Refused (an email already in use): to the field the server named, not the button below it.
    if (!done) focusFirstInvalid(formRef.current);
  };

  return (
    <AuthLayout
      title={studio ? `Join ${brand} at ${studio.name}` : 'Create your account'}
      brand={brand}
      {...companyFrame(page.company)}
      intro={
        studio
          ? `Create your account to book classes at ${studio.name}; it becomes your home studio.`
          : `Sign up to book classes with ${brand}.`
      }>
      <form ref={formRef} onSubmit={form.onSubmit(submit, () => focusFirstInvalid(formRef.current))} noValidate>
        <Stack gap="md">
          <TextInput label="Your name" autoComplete="name" required {...form.getInputProps('name')} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PhoneInput {...phone} onPhoneChange={(value) => form.setFieldValue('phone', value)} />
          <NewPasswordInput label="Password" required {...form.getInputProps('password')} />
          <FormSubmitError message={submitError} />
          <BusyButton type="submit" fullWidth busy={signup.isPending}>
            Create the account
          </BusyButton>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Already have an account?{' '}
        <Anchor component={Link} to={withReturn(loginPathForRole(prefix.company, roleId), search)} className="tap-link">
          Log in
        </Anchor>
      </Text>
    </AuthLayout>
  );
}

/** `client-signup` and `{widgetStudioId}/client-signup` (spec §2): an unknown studio is the plain sign-up. */
export function ClientSignupPage() {
  const { widgetStudioId } = useParams();
  return <PublicPageGate>{(page) => <WithStudio page={page} widgetStudioId={widgetStudioId} />}</PublicPageGate>;
}

function WithStudio({ page, widgetStudioId }: { page: Page; widgetStudioId: string | undefined }) {
  const studioId = isObjectId(widgetStudioId) ? widgetStudioId : null;
  const studio = useWidgetStudio(page.prefix.company, studioId);
  if (studioId && studio.isPending) return <PageLoader />;
  return <ClientSignupForm page={page} studio={studio.data ?? null} />;
}
