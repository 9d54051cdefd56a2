import { useEffect, useRef, useState } from 'react';
import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { clientSignupBody, decodeEmailId, type ClientSignupBody, type SessionDto } from '@kinetic/shared';
import { loginPathForRole, publicPrefixFor } from '../../shell/login-path.ts';
import { RETURN_TO_PARAM } from '../../shell/return-to.ts';
import { notifySessionChanged, saveSession } from '../../shell/session.ts';
import { useFormSubmit } from '../../ui/api-form-error.ts';
import { AuthLayout } from '../../ui/auth-layout.tsx';
import { BusyButton } from '../../ui/busy-button.tsx';
import { focusFirstInvalid } from '../../ui/focus-first-invalid.ts';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { PhoneInput } from '../../ui/phone-input.tsx';
import { NewPasswordInput } from '../accounts/new-password-fields.tsx';
import { useSignupClient } from '../accounts/api/signup-client.ts';
import { keptPass } from './check-in-pass.ts';
import { CheckInSteps, ClassLine } from './check-in-steps.tsx';

/**
 * `account-sign-up/{fitnessSessionId}/{classInstanceId}/{emailId}` (spec §2): a visitor at the door
 * makes an account (the client sign-up endpoint; `emailId` is the email they typed, base64url, filling
 * the form), then signs the studio's waiver and is checked in, booking a place if they have none.
 */
export function AccountSignUpPage() {
  const { fitnessSessionId = '', classInstanceId = '', emailId = '' } = useParams();
  const prefix = publicPrefixFor(useLocation().pathname);
  const [pass] = useState(() => keptPass(fitnessSessionId, classInstanceId));
  const [session, setSession] = useState<{ session: SessionDto; name: string } | null>(null);

  return (
    <AuthLayout
      title={session ? 'Check-in' : 'Create your account'}
      brand={pass?.classInstance.companyName ?? 'Kinetic'}
      intro={session || !pass ? undefined : 'Your account, then the waiver, then you are checked in.'}
    >
      <Stack gap="md">
        {pass ? <ClassLine item={pass.classInstance} /> : null}
        {!pass || !prefix.company ? (
          <Text>Your check-in pass has run out. Scan the code on the door screen at the studio again.</Text>
        ) : session ? (
          <CheckInSteps
            pass={pass}
            base={prefix.base}
            companyId={session.session.company.id}
            clientName={session.name}
            newAccount
          />
        ) : (
          <>
            <SignUpForm
              company={prefix.company}
              roleId={prefix.roleId === 'solo-client' ? 'solo-client' : 'client'}
              email={decodeEmailId(emailId)}
              onSignedUp={(made, name) => setSession({ session: made, name })}
            />
            <Text size="sm" ta="center">
              Already have an account?{' '}
              <Anchor
                component={Link}
                className="tap-link"
                to={`${loginPathForRole(prefix.company, prefix.roleId === 'solo-client' ? 'solo-client' : 'client')}?${new URLSearchParams({ [RETURN_TO_PARAM]: `${prefix.base}/check-in/${fitnessSessionId}?i=${classInstanceId}` }).toString()}`}
              >
                Log in to check in
              </Anchor>
            </Text>
          </>
        )}
      </Stack>
    </AuthLayout>
  );
}

function SignUpForm({
  company,
  roleId,
  email,
  onSignedUp,
}: {
  company: string;
  roleId: 'client' | 'solo-client';
  email: string;
  onSignedUp: (session: SessionDto, name: string) => void;
}) {
  const signup = useSignupClient();
  const queryClient = useQueryClient();
  const form = useForm<ClientSignupBody>({
    initialValues: { company, roleId, name: '', email, phone: '', password: '' },
    validate: schemaResolver(clientSignupBody, { sync: true }),
  });
  const { submitError, runSubmit } = useFormSubmit(form);
  const formRef = useRef<HTMLFormElement>(null);
  const phone = form.getInputProps('phone');
  // Arrived from the check-in page's button: the first field takes the focus, not <body>.
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => nameRef.current?.focus(), []);

  const submit = async (values: ClientSignupBody) => {
    const done = await runSubmit(async () => {
      const session = await signup.mutateAsync(values);
      queryClient.clear();
      saveSession(session);
      notifySessionChanged();
      onSignedUp(session, values.name.trim());
    });
    if (!done) focusFirstInvalid(formRef.current);
  };

  return (
    <form ref={formRef} onSubmit={form.onSubmit(submit, () => focusFirstInvalid(formRef.current))} noValidate>
      <Stack gap="md">
        <TextInput ref={nameRef} label="Your name" autoComplete="name" required {...form.getInputProps('name')} />
        <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
        <PhoneInput {...phone} onPhoneChange={(value) => form.setFieldValue('phone', value)} />
        <NewPasswordInput label="Password" required {...form.getInputProps('password')} />
        <FormSubmitError message={submitError} />
        <BusyButton type="submit" fullWidth busy={signup.isPending}>
          Create the account and continue
        </BusyButton>
      </Stack>
    </form>
  );
}
