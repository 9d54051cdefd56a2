import { useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { signupDetailsBody, type AccountDto, type SignupDetailsDto } from '@kinetic/shared';
import { clientAreaPath } from '../../shell/login-path.ts';
import { useFormSubmit } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { focusFirstInvalid } from '../../ui/focus-first-invalid.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useUnsavedChangesGuard } from '../../ui/use-unsaved-changes-guard.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { useMySignupDetails, useSaveMySignupDetails } from './api/signup-details-api.ts';
import { SignupDetailsFields } from './signup-details-form.tsx';
import { bodyOf, formValuesOf, type SignupDetailsFormValues } from './signup-details-values.ts';

/**
 * Where "Save" or "Skip for now" continue after a sign-up: the page the sign-up was going to (a class the
 * client meant to book), or the calendar. Only an address inside this company's pages is followed.
 */
export function continueTarget(search: URLSearchParams, calendar: string): string {
  const next = search.get('next');
  const company = calendar.split('/')[1] ?? '';
  if (next && company && next.startsWith(`/${company}/`) && !next.startsWith('//') && !next.includes('\\'))
    return next;
  return calendar;
}

/**
 * `client-signup/edit/{clientSignupId}` (spec §2): "Tell {company} about you". Right after a sign-up
 * (`?welcome=1`) both buttons continue to the calendar or the booking the client started from; opened
 * later from Account details, it saves in place. The id in the address is the client's own (one record per
 * client), so the page always reads the signed-in client's details.
 */
export function SignupDetailsPage() {
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const details = useMySignupDetails(companyId);
  const companyName = me.data?.company.name ?? 'the studio';
  usePageTitle(`Tell ${companyName} about you`);
  return (
    <Stack gap="md" maw={820}>
      <Stack gap={4}>
        <Title order={1}>Tell {companyName} about you</Title>
        <Text c="dimmed">Every question is optional. The studio’s team sees your answers; nobody else does.</Text>
      </Stack>
      {details.isError ? (
        <Alert color="red" role="alert" title="Your details could not be loaded">
          {details.error.message}
        </Alert>
      ) : me.data && details.data ? (
        <DetailsForm me={me.data} details={details.data} />
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}

function DetailsForm({ me, details }: { me: AccountDto; details: SignupDetailsDto }) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const welcome = search.get('welcome') === '1';
  const area = clientAreaPath(me.company.slug, me.user.roleId);
  const onward = continueTarget(search, area);
  const save = useSaveMySignupDetails(me.company.id);
  const form = useForm<SignupDetailsFormValues>({
    initialValues: formValuesOf(details),
    validate: schemaResolver(signupDetailsBody, { sync: true }),
  });
  const { submitError, runSubmit } = useFormSubmit(form);
  const { allowNextNavigation } = useUnsavedChangesGuard(form.isDirty());
  const [saved, setSaved] = useState(false);

  const leave = () => {
    allowNextNavigation();
    void navigate(onward, { replace: true });
  };
  const formRef = useRef<HTMLFormElement>(null);
  const submit = async (values: SignupDetailsFormValues) => {
    const done = await runSubmit(async () => {
      setSaved(false);
      const answer = await save.mutateAsync(bodyOf(values));
      form.resetDirty(formValuesOf(answer));
      if (welcome) leave();
      else setSaved(true);
    });
    // Refused by the server too: to its first field in error (the form is long; it is far above Save).
    if (!done) focusFirstInvalid(formRef.current);
  };

  return (
    <form
      ref={formRef}
      onSubmit={form.onSubmit(submit, () => focusFirstInvalid(formRef.current))}
      onChange={() => setSaved(false)}
      noValidate
    >
      <Stack gap="md">
        <SignupDetailsFields form={form} companyName={me.company.name} />
        <FormSubmitError message={submitError} />
        <Group gap="sm" wrap="wrap">
          <BusyButton type="submit" busy={save.isPending} size="md" mih={44}>
            Save
          </BusyButton>
          {welcome ? (
            <Button variant="default" size="md" mih={44} onClick={leave}>
              Skip for now
            </Button>
          ) : (
            <Anchor component={Link} to={`${area}/settings/account-details`} py="sm">
              Back to account details
            </Anchor>
          )}
        </Group>
      </Stack>
      {/* Always on the page, so "saved" is announced when it appears; a change clears it. */}
      <Text role="status" size="sm" mt={saved ? 'sm' : 0}>
        {saved ? 'Your details are saved.' : null}
      </Text>
    </form>
  );
}
