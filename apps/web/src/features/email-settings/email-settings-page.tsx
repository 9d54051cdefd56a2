import { LoadFailed, ManageSettingsNeeded } from './email-settings-notes.tsx';
import { useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  ColorInput,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from 'react-router';
import {
  emailSettingsBody,
  type EmailSettingsDto,
  type EmailTemplateDto,
  type EmailTrigger,
} from '@kinetic/shared';
import { settingsTitle } from '../../shell/menu.ts';
import { useAppBase, useIsSolo } from '../../shell/use-app-base.ts';
import { apiFormError, useFormSubmit } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { focusFirstInvalid } from '../../ui/focus-first-invalid.ts';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { SpecNumberInput } from '../../ui/spec-number-input.tsx';
import { StatusNote } from '../../ui/status-note.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useUnsavedChangesGuard } from '../../ui/use-unsaved-changes-guard.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { useEmailSettings, useSaveEmailLook, useSaveTemplate } from './api/email-settings-api.ts';
import {
  hoursBefore,
  sectionsOf,
  toLookBody,
  toLookValues,
  type EmailLookValues,
} from './email-settings-values.ts';

/** Colours that read well as a band and as link text on white. */
const SWATCHES = [
  '#1c7ed6',
  '#1864ab',
  '#2b8a3e',
  '#087f5b',
  '#5f3dc4',
  '#862e9c',
  '#c2255c',
  '#d9480f',
  '#343a40',
];

function SenderAndLook({ companyId, settings }: { companyId: string; settings: EmailSettingsDto }) {
  const base = useAppBase();
  const solo = useIsSolo();
  const save = useSaveEmailLook(companyId);
  const [saved, setSaved] = useState(false);
  const form = useForm<EmailLookValues>({
    initialValues: toLookValues(settings),
    validate: (values) => schemaResolver(emailSettingsBody, { sync: true })(toLookBody(values) as never),
  });
  const { submitError, runSubmit } = useFormSubmit(form);
  useUnsavedChangesGuard(form.isDirty());
  const detailsTitle = settingsTitle('companyDetails', solo);
  const detailsLink = (
    <Anchor component={Link} to={`${base}/settings/companyDetails`} underline="always">
      {detailsTitle}
    </Anchor>
  );

  const formRef = useRef<HTMLFormElement>(null);
  const submit = async (values: EmailLookValues) => {
    setSaved(false);
    const done = await runSubmit(async () => {
      form.resetDirty(toLookValues(await save.mutateAsync(toLookBody(values))));
      setSaved(true);
    });
    // Refused by the server: to its first field in error (on a phone it is far above the button).
    if (!done) focusFirstInvalid(formRef.current);
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="email-look-title">
      <form
        ref={formRef}
        onSubmit={form.onSubmit(submit, () => focusFirstInvalid(formRef.current))}
        noValidate
      >
        <Stack gap="md">
          <Title order={2} size="h3" id="email-look-title">
            Sender and look
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Sender name"
              description={`Who your emails say they are from. Empty: ${settings.companyName}.`}
              placeholder={settings.companyName}
              autoComplete="off"
              {...form.getInputProps('senderName')}
            />
            <TextInput
              label="Reply-to address"
              type="email"
              description={
                settings.companyEmail
                  ? `Where replies go. Empty: ${settings.companyEmail}.`
                  : 'Where replies go. Empty: your contact email, once Company Details has one.'
              }
              placeholder={settings.companyEmail ?? 'you@yourstudio.com'}
              autoComplete="off"
              {...form.getInputProps('replyTo')}
            />
          </SimpleGrid>
          <Text size="sm">
            Emails are sent from <strong>{settings.fromAddress}</strong> with your sender name. Sending from
            your own domain would fail the checks inboxes run against forged mail (SPF and DKIM), so your
            emails would land in spam. Replies still reach you at your reply-to address.
          </Text>
          <ColorInput
            label="Brand colour"
            description="The band at the top of every email, and its links (darkened if too light to read)."
            format="hex"
            withEyeDropper={false}
            swatches={SWATCHES}
            swatchesPerRow={9}
            maw={320}
            {...form.getInputProps('brandColour')}
          />
          <Stack gap={4}>
            <Switch
              label="Show your logo at the top"
              {...form.getInputProps('showLogo', { type: 'checkbox' })}
            />
            {settings.logoUrl ? null : (
              <Text size="sm" c="dimmed">
                You have no logo yet, so emails show your name. Add one in {detailsLink}.
              </Text>
            )}
          </Stack>
          <Textarea
            label="Footer"
            description="Your address, opening hours or anything else, under every email. Clients’ emails always end with a link to choose which emails they get and to unsubscribe from news and offers."
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('footer')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <SpecNumberInput
              label="Membership renewal notice (days before)"
              required
              {...form.getInputProps('renewalNoticeDays')}
            />
            <SpecNumberInput
              label="Pack expiry notice (days before)"
              required
              {...form.getInputProps('expiryNoticeDays')}
            />
          </SimpleGrid>
          <Text size="sm">
            Class reminders go <strong>{hoursBefore(settings.reminderHoursBefore)}</strong> each class. Change
            the time in{' '}
            <Anchor component={Link} to={`${base}/settings/classesSettings`} underline="always">
              {settingsTitle('classesSettings', solo)}
            </Anchor>
            .
          </Text>
          <FormSubmitError message={submitError} />
          <StatusNote note={saved && !form.isDirty() ? 'Sender and look saved.' : null} />
          <Group>
            <BusyButton type="submit" busy={save.isPending}>
              Save
            </BusyButton>
            {form.isDirty() ? (
              <Button variant="default" onClick={() => form.reset()}>
                Undo changes
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function TriggerList({ companyId, templates }: { companyId: string; templates: EmailTemplateDto[] }) {
  const base = useAppBase();
  const save = useSaveTemplate(companyId);
  const [note, setNote] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Switches being saved show their new position at once; a refusal puts them back.
  const [switching, setSwitching] = useState<Partial<Record<EmailTrigger, boolean>>>({});

  const toggle = async (template: EmailTemplateDto, enabled: boolean, label: string) => {
    if (switching[template.trigger] !== undefined) return;
    setSwitching((now) => ({ ...now, [template.trigger]: enabled }));
    setNote(null);
    setProblem(null);
    try {
      await save.mutateAsync({
        trigger: template.trigger,
        enabled,
        subject: template.subject,
        body: template.body,
      });
      setNote(enabled ? `“${label}” is on.` : `“${label}” is off: it is not sent.`);
    } catch (error) {
      setProblem(`“${label}” could not be switched: ${apiFormError(error).message}`);
    } finally {
      setSwitching(({ [template.trigger]: _done, ...rest }) => rest);
    }
  };

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} size="h3">
          Emails
        </Title>
        <Text size="sm" c="dimmed">
          Switch each email on or off (saved at once), or edit its words. Clients can also turn off
          confirmations, reminders, waitlist and package reminders for themselves.
        </Text>
      </Stack>
      <StatusNote note={note} />
      {problem ? (
        <Alert color="red" variant="light" role="alert" title="That did not work">
          {problem}
        </Alert>
      ) : null}
      {sectionsOf(templates).map((section) => (
        <Paper
          key={section.section}
          withBorder
          p="md"
          radius="md"
          component="section"
          aria-labelledby={`email-section-${section.section}`}
        >
          <Title order={3} size="h4" id={`email-section-${section.section}`} mb="xs">
            {section.section}
          </Title>
          <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {section.templates.map((template, index) => (
              <Group
                key={template.trigger}
                component="li"
                justify="space-between"
                align="center"
                wrap="nowrap"
                gap="sm"
                py="sm"
                style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
              >
                <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <Group gap="xs">
                    <Text fw={600}>{template.info.label}</Text>
                    {template.customised ? (
                      <Badge variant="outline" color="blue.8" size="sm">
                        Your words
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {template.info.when}
                  </Text>
                </Stack>
                <Stack gap="xs" align="flex-end" style={{ flexShrink: 0 }}>
                  <Switch
                    aria-label={`Send “${template.info.label}”`}
                    label={(switching[template.trigger] ?? template.enabled) ? 'On' : 'Off'}
                    labelPosition="left"
                    checked={switching[template.trigger] ?? template.enabled}
                    onChange={(event) =>
                      void toggle(template, event.currentTarget.checked, template.info.label)
                    }
                  />
                  <Button
                    component={Link}
                    to={`${base}/settings/email/${template.trigger}`}
                    variant="default"
                    size="xs"
                    aria-label={`Edit “${template.info.label}”`}
                  >
                    Edit
                  </Button>
                </Stack>
              </Group>
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** Settings › Email Settings (spec `email`, issue 16): sender and look, then every email's switch and words. */
export function EmailSettingsPage() {
  const solo = useIsSolo();
  const title = settingsTitle('email', solo);
  usePageTitle(title);
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const canManage = Boolean(me.data?.can.manageSettings);
  const settings = useEmailSettings(companyId, canManage);
  return (
    <Stack gap="lg" maw={900}>
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">How the emails your clients get look, who they come from, and what they say.</Text>
      </Stack>
      {me.data && !canManage ? (
        <ManageSettingsNeeded />
      ) : settings.isError ? (
        <LoadFailed
          title="The email settings could not be loaded"
          error={settings.error}
          retry={() => void settings.refetch()}
        />
      ) : settings.data ? (
        <>
          <SenderAndLook companyId={companyId} settings={settings.data} />
          <TriggerList companyId={companyId} templates={settings.data.templates} />
        </>
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}
