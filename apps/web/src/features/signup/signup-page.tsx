import { useRef, useState } from 'react';
import { Anchor, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { NewPasswordInput } from '../accounts/new-password-fields.tsx';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, useSearchParams } from 'react-router';
import { companySignupBody, type CompanySignupBody } from '@kinetic/shared';
import { useFormSubmit } from '../../ui/api-form-error.ts';
import { AuthLayout } from '../../ui/auth-layout.tsx';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { focusFirstInvalid } from '../../ui/focus-first-invalid.ts';
import { browserTimeZone, TimeZoneSelect } from '../../ui/time-zone-select.tsx';
import { useUnsavedChangesGuard } from '../../ui/use-unsaved-changes-guard.ts';
import { clientLoginPath, ROOT_PREFIX } from '../../shell/login-path.ts';
import { useSignupCompany } from '../accounts/api/signup-company.ts';
import { useFinishLogin } from '../accounts/use-finish-login.ts';
import { slugify } from './slugify.ts';
import { BusyButton } from '../../ui/busy-button.tsx';

const KINDS = [
  { value: 'company', label: 'Studio or gym' },
  { value: 'solo', label: 'Solo instructor' },
];

/** `/signup`: a business (kind company) or a solo instructor (kind solo) starts here. */
export function SignupPage() {
  const [search] = useSearchParams();
  const signup = useSignupCompany();
  const finishLogin = useFinishLogin(ROOT_PREFIX);
  const [slugEdited, setSlugEdited] = useState(false);
  const form = useForm<CompanySignupBody>({
    initialValues: {
      kind: search.get('kind') === 'solo' ? 'solo' : 'company',
      companyName: '',
      slug: '',
      name: '',
      email: '',
      password: '',
      timeZone: browserTimeZone(),
    },
    validate: schemaResolver(companySignupBody, { sync: true }),
  });
  const { submitError, runSubmit } = useFormSubmit(form);
  const { allowNextNavigation } = useUnsavedChangesGuard(form.isDirty());
  const solo = form.values.kind === 'solo';
  const clientLogin = clientLoginPath(form.values.slug || 'your-name', form.values.kind);

  const formRef = useRef<HTMLFormElement>(null);
  const submit = async (values: CompanySignupBody) => {
    const done = await runSubmit(async () => {
      const session = await signup.mutateAsync(values);
      allowNextNavigation();
      await finishLogin(session);
    });
    // Refused (a web address already taken): to the field the server named.
    if (!done) focusFirstInvalid(formRef.current);
  };

  const companyName = form.getInputProps('companyName');
  const slug = form.getInputProps('slug');

  return (
    <AuthLayout
      title="Create your Kinetic account"
      width={520}
      intro="Set up your schedule, clients and bookings in a few minutes."
    >
      <form ref={formRef} onSubmit={form.onSubmit(submit, () => focusFirstInvalid(formRef.current))} noValidate>
        <Stack gap="md">
          <Stack gap={4}>
            <Text component="span" id="signup-kind-label" fw={500} size="sm">
              I am signing up as
            </Text>
            <SegmentedControl
              fullWidth
              data={KINDS}
              aria-labelledby="signup-kind-label"
              {...form.getInputProps('kind')}
            />
          </Stack>
          <TextInput
            label={solo ? 'Your business or brand name' : 'Business name'}
            autoComplete="organization"
            required
            {...companyName}
            onChange={(event) => {
              companyName.onChange(event);
              if (!slugEdited) form.setFieldValue('slug', slugify(event.currentTarget.value));
            }}
          />
          <TextInput
            label="Web address"
            description={`Your clients will log in at ${location.host}${clientLogin}`}
            autoComplete="off"
            spellCheck={false}
            required
            {...slug}
            onChange={(event) => {
              setSlugEdited(true);
              slug.onChange(event);
            }}
          />
          <TextInput label="Your name" autoComplete="name" required {...form.getInputProps('name')} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <NewPasswordInput label="Password" required {...form.getInputProps('password')} />
          <TimeZoneSelect required {...form.getInputProps('timeZone')} />
          <FormSubmitError message={submitError} />
          <BusyButton type="submit" fullWidth busy={signup.isPending}>
            Create the account
          </BusyButton>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Already have an account?{' '}
        <Anchor component={Link} to="/login">
          Log in
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
