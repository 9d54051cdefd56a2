import { useState } from 'react';
import { Alert, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { policiesBody, type PoliciesDto } from '@kinetic/shared';
import { settingsTitle } from '../../shell/menu.ts';
import { useFormSubmit } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useUnsavedChangesGuard } from '../../ui/use-unsaved-changes-guard.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { usePolicies, useSavePolicies } from './api/waivers-api.ts';

/** Settings › Policies & Procedures (spec `contractTerms`): cancellation, late arrival, refunds, in words. */
export function PoliciesPage() {
  const title = settingsTitle('contractTerms', false);
  usePageTitle(title);
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const policies = usePolicies(companyId);
  return (
    <Stack gap="md" maw={820}>
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">
          Your studio’s rules in plain words — cancellations, late arrival, refunds, what to bring. Clients read
          them in their account.
        </Text>
      </Stack>
      {policies.data ? (
        <PoliciesForm companyId={companyId} policies={policies.data} manage={me.data?.can.manageSettings ?? false} />
      ) : policies.isError ? (
        <Alert color="red" role="alert" title="The policies could not be loaded">
          {policies.error.message}
        </Alert>
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}

function PoliciesForm({ companyId, policies, manage }: { companyId: string; policies: PoliciesDto; manage: boolean }) {
  const save = useSavePolicies(companyId);
  const [saved, setSaved] = useState(false);
  const form = useForm({
    initialValues: { text: policies.text },
    validate: (values) => {
      const result = policiesBody.safeParse(values);
      return result.success ? {} : { text: result.error.issues[0]?.message ?? 'Check the text' };
    },
  });
  const { submitError, runSubmit } = useFormSubmit(form);
  useUnsavedChangesGuard(form.isDirty());
  return (
    <form
      onSubmit={form.onSubmit((values) =>
        runSubmit(async () => {
          setSaved(false);
          const answer = await save.mutateAsync(values.text);
          form.resetDirty({ text: answer.text });
          form.setValues({ text: answer.text });
          setSaved(true);
        }),
      )}
      noValidate
    >
      <Stack gap="md">
        <Textarea
          label="Policies"
          description="Plain text; blank lines start new paragraphs."
          autosize
          minRows={10}
          maxRows={30}
          disabled={!manage}
          {...form.getInputProps('text')}
        />
        <FormSubmitError message={submitError} />
        {saved ? (
          <Text role="status" size="sm">
            Policies saved.
          </Text>
        ) : null}
        {manage ? (
          <div>
            <BusyButton type="submit" busy={save.isPending}>
              Save policies
            </BusyButton>
          </div>
        ) : null}
      </Stack>
    </form>
  );
}
