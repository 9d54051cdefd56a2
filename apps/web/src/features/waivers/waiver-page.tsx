import { useRef, useState } from 'react';
import { ActionIcon, Alert, Button, Checkbox, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { waiverBody, type AdminWaiverDto, type WaiverBody } from '@kinetic/shared';
import { settingsTitle } from '../../shell/menu.ts';
import { useFormSubmit } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useUnsavedChangesGuard } from '../../ui/use-unsaved-changes-guard.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { ConfirmActionButton } from '../class-templates/confirm-action-button.tsx';
import { useAdminWaiver, usePublishWaiver, useRemoveWaiver } from './api/waivers-api.ts';

interface Term {
  /** The saved term's key; a new term gets one from its words when published. */
  value: string;
  label: string;
}
interface WaiverValues {
  title: string;
  text: string;
  terms: Term[];
  askToSignAgain: boolean;
}

const dateLabel = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));

function valuesOf(data: AdminWaiverDto): WaiverValues {
  const waiver = data.waiver;
  return {
    title: waiver?.title ?? 'Liability waiver',
    text: waiver?.text ?? '',
    terms: waiver?.terms.map((term) => ({ value: term.value, label: term.label })) ?? [],
    askToSignAgain: true,
  };
}

function toBody(values: WaiverValues): WaiverBody {
  return {
    title: values.title,
    text: values.text,
    terms: values.terms.map((term) => (term.value ? { value: term.value, label: term.label } : { label: term.label })),
    askToSignAgain: values.askToSignAgain,
  };
}

/** The contract's messages placed at the form's fields (terms by index). */
function validate(values: WaiverValues): Record<string, string> {
  const result = waiverBody.safeParse(toBody(values));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const [field, index, key] = issue.path.map(String);
    const at = field === 'terms' && index !== undefined ? `terms.${index}.${key === 'value' ? 'label' : (key ?? 'label')}` : (field ?? 'text');
    errors[at] ??= issue.message;
  }
  return errors;
}

/** Settings › Client Waiver (spec `clientWaiver`): the waiver clients sign before booking, in versions. */
export function WaiverPage() {
  const title = settingsTitle('clientWaiver', false);
  usePageTitle(title);
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const waiver = useAdminWaiver(companyId);
  if (!waiver.data) {
    return waiver.isError ? (
      <Alert color="red" role="alert" title="The waiver could not be loaded">
        {waiver.error.message}
      </Alert>
    ) : (
      <PageLoader />
    );
  }
  return <WaiverForm companyId={companyId} data={waiver.data} title={title} manage={me.data?.can.manageSettings ?? false} />;
}

function WaiverForm({ companyId, data, title, manage }: { companyId: string; data: AdminWaiverDto; title: string; manage: boolean }) {
  const publish = usePublishWaiver(companyId);
  const remove = useRemoveWaiver(companyId);
  const [note, setNote] = useState<string | null>(null);
  const form = useForm<WaiverValues>({ initialValues: valuesOf(data), validate });
  const { submitError, runSubmit } = useFormSubmit(form);
  useUnsavedChangesGuard(form.isDirty());
  const current = data.waiver;
  const termsRef = useRef<HTMLDivElement>(null);
  const addTermRef = useRef<HTMLButtonElement>(null);
  /**
   * Where the keyboard goes once the term list has changed: the term at `index` (a new term, or the one
   * that took a deleted term's place, else the one before it), or Add term once the list is empty. The
   * button pressed has gone, and focus would fall to the top of the page.
   */
  const focusTermLater = (index: number) =>
    requestAnimationFrame(() => {
      const fields = termsRef.current?.querySelectorAll<HTMLInputElement>('input[data-term]') ?? [];
      (fields[Math.min(index, fields.length - 1)] ?? addTermRef.current)?.focus();
    });

  const submit = (values: WaiverValues) =>
    runSubmit(async () => {
      setNote(null);
      const saved = await publish.mutateAsync(toBody(values));
      form.resetDirty(valuesOf(saved));
      setNote(
        values.askToSignAgain || !current
          ? `Version ${saved.waiver?.version} published: clients sign it before their next booking.`
          : `Version ${saved.waiver?.version} published; earlier signatures still count.`,
      );
    });

  return (
    <Stack gap="md" maw={820}>
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">
          What clients read, tick and sign before they book. Each change is published as a new version; what a
          client signed is kept word for word, with a PDF copy.
        </Text>
      </Stack>
      <Paper withBorder p="md" radius="md" role="status">
        {current ? (
          <Text>
            Version {current.version}, published {dateLabel(current.publishedAt)}. {data.signedCount} of{' '}
            {data.clientCount} client{data.clientCount === 1 ? '' : 's'} have signed it.
          </Text>
        ) : (
          <Text>No waiver: clients book without signing one.</Text>
        )}
      </Paper>
      {note ? (
        <Alert color="green" title="Published">
          {note}
        </Alert>
      ) : null}
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <TextInput label="Title" required disabled={!manage} {...form.getInputProps('title')} />
          <Textarea
            label="Waiver text"
            description="Plain text; blank lines start new paragraphs."
            required
            autosize
            minRows={8}
            maxRows={24}
            disabled={!manage}
            {...form.getInputProps('text')}
          />
          <Stack
            ref={termsRef}
            gap="xs"
            component="fieldset"
            style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
          >
            <Text component="legend" fw={700} mb={4}>
              Terms the client ticks
            </Text>
            {form.values.terms.length === 0 ? (
              <Text size="sm" c="dimmed">
                No terms: clients sign the text as a whole.
              </Text>
            ) : null}
            {form.values.terms.map((term, index) => (
              <Group key={term.value || `new-${index}`} align="flex-start" wrap="nowrap" gap="xs">
                <TextInput
                  style={{ flex: 1 }}
                  label={`Term ${index + 1}`}
                  data-term
                  disabled={!manage}
                  {...form.getInputProps(`terms.${index}.label`)}
                />
                {manage ? (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size={44}
                    mt={24}
                    aria-label={`Delete term ${index + 1}`}
                    // Spec §4: a term is deleted by its value (a new one by its place).
                    onClick={() => {
                      form.setFieldValue(
                        'terms',
                        form.values.terms.filter((other, at) => (term.value ? other.value !== term.value : at !== index)),
                      );
                      focusTermLater(index);
                    }}
                  >
                    ✕
                  </ActionIcon>
                ) : null}
              </Group>
            ))}
            {manage ? (
              <Group>
                <Button
                  ref={addTermRef}
                  variant="light"
                  onClick={() => {
                    form.insertListItem('terms', { value: '', label: '' });
                    // Straight into the new term's field, to write it.
                    focusTermLater(form.values.terms.length);
                  }}
                >
                  Add term
                </Button>
              </Group>
            ) : null}
          </Stack>
          {current && manage ? (
            <Checkbox
              label="Clients must sign this version again before their next booking"
              description="Leave it ticked for a change in substance; untick it for a typo."
              {...form.getInputProps('askToSignAgain', { type: 'checkbox' })}
            />
          ) : null}
          <FormSubmitError message={submitError} />
          {manage ? (
            <Group>
              <BusyButton type="submit" busy={publish.isPending}>
                {current ? 'Publish new version' : 'Publish waiver'}
              </BusyButton>
              {current ? (
                <ConfirmActionButton
                  label="Remove waiver"
                  ariaLabel="Remove the waiver"
                  title="Remove the waiver?"
                  confirmLabel="Remove"
                  failedTitle="The waiver was not removed"
                  busy={remove.isPending}
                  color="red"
                  variant="subtle"
                  run={async () => {
                    await remove.mutateAsync();
                    setNote(null);
                  }}
                >
                  Clients will book without signing. What they signed stays on record.
                </ConfirmActionButton>
              ) : null}
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              Only the owner can change the waiver.
            </Text>
          )}
        </Stack>
      </form>
    </Stack>
  );
}
