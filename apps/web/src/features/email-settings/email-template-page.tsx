import { LoadFailed, ManageSettingsNeeded } from './email-settings-notes.tsx';
import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import {
  EMAIL_TRIGGER_INFO,
  type EmailPreviewDto,
  type EmailSettingsDto,
  type EmailTemplateDto,
  type EmailTrigger,
} from '@kinetic/shared';
import { ApiError } from '../../api/client.ts';
import { settingsTitle } from '../../shell/menu.ts';
import { useAppBase, useIsSolo } from '../../shell/use-app-base.ts';
import { apiFormError, useFormSubmit } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { StatusNote } from '../../ui/status-note.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useUnsavedChangesGuard } from '../../ui/use-unsaved-changes-guard.ts';
import { useMe } from '../accounts/api/get-me.ts';
import {
  previewEmail,
  useEmailSettings,
  useResetTemplate,
  useSaveTemplate,
  useSendTest,
} from './api/email-settings-api.ts';
import { framedPreview, insertVariable, isTrigger, variableList } from './email-settings-values.ts';
import classes from './email-template-page.module.css';

interface TemplateValues {
  enabled: boolean;
  subject: string;
  body: string;
}

const toValues = (template: EmailTemplateDto): TemplateValues => ({
  enabled: template.enabled,
  subject: template.subject,
  body: template.body,
});

type Field = 'subject' | 'body';

const FIX_FIRST = 'Fix the mistake first; the test was not sent.';

function Preview({
  companyId,
  trigger,
  subject,
  body,
  onProblems,
}: {
  companyId: string;
  trigger: EmailTrigger;
  subject: string;
  body: string;
  onProblems: (errors: Partial<Record<Field, string>>) => void;
}) {
  const [words] = useDebouncedValue({ subject, body }, 400);
  const [view, setView] = useState<'html' | 'text'>('html');
  const [frameHeight, setFrameHeight] = useState(560);
  const preview = useQuery({
    queryKey: [companyId, 'email-preview', trigger, words.subject, words.body],
    queryFn: ({ signal }) => previewEmail({ trigger, ...words }, signal),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
  const problem = preview.error instanceof ApiError ? preview.error : null;
  const reportRef = useRef(onProblems);
  reportRef.current = onProblems;
  useEffect(() => {
    if (preview.isFetching) return;
    reportRef.current(problem ? (problem.errors as Partial<Record<Field, string>>) : {});
  }, [problem, preview.isFetching]);
  // With a mistake in the words the server makes no preview: the last good one stays in view.
  const [lastGood, setLastGood] = useState<EmailPreviewDto | null>(null);
  if (preview.data && !preview.isPlaceholderData && preview.data !== lastGood) setLastGood(preview.data);
  const shown = problem ? lastGood : (preview.data ?? lastGood);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="email-preview-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="email-preview-title">
            Preview
          </Title>
          <SegmentedControl
            size="xs"
            aria-label="Show the email as"
            value={view}
            onChange={(value) => setView(value as 'html' | 'text')}
            data={[
              { value: 'html', label: 'Designed' },
              { value: 'text', label: 'Plain text' },
            ]}
          />
        </Group>
        <Text size="sm" c="dimmed">
          With sample details; your clients see theirs.
        </Text>
        {problem ? (
          <Alert
            color="orange"
            variant="light"
            title={
              shown
                ? 'The preview is of your last words without mistakes'
                : 'No preview until the mistake is fixed'
            }
          >
            {problem.message}
          </Alert>
        ) : null}
        {shown ? (
          <>
            <Text size="sm">
              <Text span fw={700}>
                Subject:
              </Text>{' '}
              <span data-testid="preview-subject">{shown.subject}</span>
            </Text>
            {view === 'html' ? (
              <iframe
                title="Preview of the email"
                srcDoc={framedPreview(shown.html)}
                // No scripts ever run in it; same origin only so the logo (served same-origin) can load.
                sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
                // As tall as the email (same origin lets the page measure it), so only the page scrolls.
                onLoad={(event) => {
                  const height = event.currentTarget.contentDocument?.body?.getBoundingClientRect().height;
                  if (height) setFrameHeight(Math.min(Math.max(Math.ceil(height) + 2, 240), 2000));
                }}
                style={{
                  width: '100%',
                  height: frameHeight,
                  border: '1px solid var(--mantine-color-default-border)',
                  borderRadius: 'var(--mantine-radius-sm)',
                  background: '#f1f3f5',
                }}
              />
            ) : (
              <Box
                component="pre"
                aria-label="The plain-text part"
                tabIndex={0}
                p="sm"
                style={{
                  whiteSpace: 'pre-wrap',
                  overflowWrap: 'anywhere',
                  fontSize: 'var(--mantine-font-size-sm)',
                  background: 'var(--mantine-color-gray-0)',
                  border: '1px solid var(--mantine-color-default-border)',
                  borderRadius: 'var(--mantine-radius-sm)',
                  margin: 0,
                }}
              >
                {shown.text}
              </Box>
            )}
          </>
        ) : problem ? null : (
          <Text size="sm">Making the preview…</Text>
        )}
      </Stack>
    </Paper>
  );
}

function VariableList({
  trigger,
  target,
  onTarget,
  onInsert,
}: {
  trigger: EmailTrigger;
  target: Field;
  onTarget: (field: Field) => void;
  onInsert: (name: string) => void;
}) {
  const variables = variableList(trigger);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="email-variables-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="email-variables-title">
          Variables
        </Title>
        <Text size="sm" c="dimmed">
          Choose one to put it where the cursor is. Conditions: {'{{#if booking.cancelLink}} … {{/if}}'} keeps
          the words only when the variable is not empty. Links: {'[Open the class]({{class.link}})'}. A blank
          line starts a paragraph; lines starting “- ” make a list.
        </Text>
        {/* By keyboard the Message is always the last field passed on the way here, so the target is chosen. */}
        <Stack gap={4}>
          <Text size="sm" fw={500} id="email-variables-target">
            Insert into
          </Text>
          <SegmentedControl
            aria-labelledby="email-variables-target"
            value={target}
            onChange={(value) => onTarget(value as Field)}
            data={[
              { value: 'subject', label: 'Subject' },
              { value: 'body', label: 'Message' },
            ]}
            style={{ alignSelf: 'flex-start' }}
          />
        </Stack>
        <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {variables.map((variable) => (
            <li key={variable.name}>
              <UnstyledButton
                onClick={() => onInsert(variable.name)}
                aria-label={`Insert {{${variable.name}}}: ${variable.description}`}
                p={6}
                w="100%"
                style={{ borderRadius: 'var(--mantine-radius-sm)', minHeight: 44, overflowWrap: 'anywhere' }}
                className="email-variable"
              >
                <Text size="sm" ff="monospace" fw={600}>
                  {`{{${variable.name}}}`}
                </Text>
                <Text size="xs" c="dimmed">
                  {variable.description}
                  {variable.sample ? ` — e.g. ${variable.sample}` : ''}
                </Text>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

function TemplateEditor({
  companyId,
  trigger,
  template,
}: {
  companyId: string;
  trigger: EmailTrigger;
  template: EmailTemplateDto;
}) {
  const info = EMAIL_TRIGGER_INFO[trigger];
  const save = useSaveTemplate(companyId);
  const reset = useResetTemplate(companyId);
  const test = useSendTest();
  const [note, setNote] = useState<string | null>(null);
  const [testProblem, setTestProblem] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const form = useForm<TemplateValues>({ initialValues: toValues(template) });
  const { submitError, runSubmit } = useFormSubmit(form);
  useUnsavedChangesGuard(form.isDirty());
  const fields = { subject: useRef<HTMLInputElement>(null), body: useRef<HTMLTextAreaElement>(null) };
  // Where a chosen variable goes: the last field that had focus, or the one chosen above the variables.
  const [target, setTarget] = useState<Field>('body');
  const noteRef = useRef<HTMLDivElement>(null);
  const focusNoteOnClose = useRef(false);
  // Problems the live preview found; a save's own answer is in form.errors too.
  const [liveProblems, setLiveProblems] = useState<Partial<Record<Field, string>>>({});

  const insert = (name: string) => {
    const field = target;
    const element = fields[field].current;
    const value = form.values[field];
    const { text, cursor } = insertVariable(
      value,
      element?.selectionStart ?? value.length,
      element?.selectionEnd ?? value.length,
      name,
    );
    form.setFieldValue(field, text);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(cursor, cursor);
    });
  };

  const submit = async (values: TemplateValues) => {
    setNote(null);
    await runSubmit(async () => {
      const saved = await save.mutateAsync({ trigger, ...values });
      form.setValues(toValues(saved));
      form.resetDirty(toValues(saved));
      setNote(saved.customised ? 'Your words are saved.' : 'Saved: these are the default words.');
    });
  };

  const sendTest = async () => {
    setNote(null);
    setTestProblem(null);
    try {
      const sent = await test.mutateAsync({ trigger, subject: form.values.subject, body: form.values.body });
      setNote(sent.message);
    } catch (error) {
      const { fieldErrors, message } = apiFormError(error);
      form.setErrors(fieldErrors);
      // The mistake itself is already said under its field and in the preview.
      setTestProblem(Object.keys(fieldErrors).length > 0 ? FIX_FIRST : message);
    }
  };

  const resetWords = async () => {
    setNote(null);
    await runSubmit(async () => {
      const saved = await reset.mutateAsync(trigger);
      const values = { ...toValues(saved), enabled: form.values.enabled };
      form.setValues(values);
      form.resetDirty({ ...values, enabled: saved.enabled });
      setNote('The default words are back.');
      // The Reset button goes away with the modal; its result is where focus lands instead.
      focusNoteOnClose.current = true;
    });
    setConfirmReset(false);
  };

  /** The form's props for a field, remembering it as where a chosen variable goes. */
  const inputProps = (field: Field) => {
    const props = form.getInputProps(field);
    return {
      ...props,
      onFocus: (event: unknown) => {
        setTarget(field);
        props.onFocus?.(event);
      },
    };
  };
  const errorOf = (field: Field) => (form.errors[field] as string | undefined) ?? liveProblems[field];
  const isDefault =
    form.values.subject === info.subject && form.values.body === info.body && !template.customised;

  return (
    <div className={classes.layout}>
      <div className={classes.words}>
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Paper withBorder p="md" radius="md">
            <Stack gap="md">
              <Switch
                label="Send this email"
                description={
                  info.topic ? 'Clients can also turn it off for themselves.' : 'Always sent while on.'
                }
                {...form.getInputProps('enabled', { type: 'checkbox' })}
              />
              <TextInput
                ref={fields.subject}
                label="Subject"
                required
                {...inputProps('subject')}
                error={errorOf('subject')}
              />
              <Textarea
                ref={fields.body}
                label="Message"
                required
                autosize
                minRows={10}
                maxRows={30}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 14 } }}
                {...inputProps('body')}
                error={errorOf('body')}
              />
              <FormSubmitError message={submitError} />
              {testProblem ? (
                <Alert
                  color="red"
                  variant="light"
                  role="alert"
                  title={testProblem === FIX_FIRST ? undefined : 'The test was not sent'}
                >
                  {testProblem}
                </Alert>
              ) : null}
              <div ref={noteRef} tabIndex={-1}>
                <StatusNote note={note} />
              </div>
              <Group gap="sm">
                <BusyButton type="submit" busy={save.isPending}>
                  Save
                </BusyButton>
                <BusyButton variant="default" busy={test.isPending} onClick={() => void sendTest()}>
                  Send a test to me
                </BusyButton>
                {isDefault ? null : (
                  <Button variant="default" onClick={() => setConfirmReset(true)}>
                    Reset to default
                  </Button>
                )}
              </Group>
            </Stack>
          </Paper>
        </form>
      </div>
      <div className={classes.variables}>
        <VariableList trigger={trigger} target={target} onTarget={setTarget} onInsert={insert} />
      </div>
      <div className={classes.preview}>
        <Preview
          companyId={companyId}
          trigger={trigger}
          subject={form.values.subject}
          body={form.values.body}
          onProblems={setLiveProblems}
        />
      </div>
      <Modal
        opened={confirmReset}
        onClose={() => setConfirmReset(false)}
        title="Bring back the default words?"
        centered
        returnFocus
        onExitTransitionEnd={() => {
          if (!focusNoteOnClose.current) return;
          focusNoteOnClose.current = false;
          noteRef.current?.focus();
        }}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text>
            The subject and message of “{info.label}” go back to Kinetic’s default words; your own words are
            lost. Whether it is sent stays as it is.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmReset(false)} data-autofocus>
              Keep my words
            </Button>
            <BusyButton color="red.8" busy={reset.isPending} onClick={() => void resetWords()}>
              Reset to default
            </BusyButton>
          </Group>
        </Stack>
      </Modal>
    </div>
  );
}

/** Settings › Email Settings › one email: its words, the variables, a live preview and a test. */
export function EmailTemplatePage() {
  const { trigger: param } = useParams();
  const base = useAppBase();
  const solo = useIsSolo();
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const canManage = Boolean(me.data?.can.manageSettings);
  const trigger = isTrigger(param) ? param : null;
  const info = trigger ? EMAIL_TRIGGER_INFO[trigger] : null;
  usePageTitle(info ? `${info.label} email` : 'Email Settings');
  const settings = useEmailSettings(companyId, canManage && trigger !== null);
  const template = (settings.data as EmailSettingsDto | undefined)?.templates.find(
    (each) => each.trigger === trigger,
  );
  const back = (
    <Anchor component={Link} to={`${base}/settings/email`} size="sm">
      <span aria-hidden="true">← </span>Back to {settingsTitle('email', solo)}
    </Anchor>
  );
  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        {back}
        <Title order={1}>{info ? `“${info.label}” email` : 'There is no such email'}</Title>
        {info ? <Text c="dimmed">Sent when: {info.when}.</Text> : null}
      </Stack>
      {!trigger ? (
        <Text>
          This address names no email. Go back to {settingsTitle('email', solo)} and choose one to edit.
        </Text>
      ) : me.data && !canManage ? (
        <ManageSettingsNeeded />
      ) : settings.isError ? (
        <LoadFailed
          title="The email could not be loaded"
          error={settings.error}
          retry={() => void settings.refetch()}
        />
      ) : template ? (
        <TemplateEditor companyId={companyId} trigger={trigger} template={template} />
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}
