import { useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Fieldset,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import type { SessionSettingsAnswer } from '@kinetic/shared';
import { settingsTitle } from '../../shell/menu.ts';
import { useAppBase, useIsSolo } from '../../shell/use-app-base.ts';
import { useFormSubmit } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { SpecNumberInput } from '../../ui/spec-number-input.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useUnsavedChangesGuard } from '../../ui/use-unsaved-changes-guard.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { useSessionSettings } from './api/get-session-settings.ts';
import { useUpdateSessionSettings } from './api/update-session-settings.ts';
import {
  currencyDigits,
  helpTexts,
  toBody,
  toFormValues,
  validateValues,
  type SessionSettingsValues,
} from './session-settings-values.ts';

function Section({ legend, intro, children }: { legend: string; intro: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Fieldset
        legend={legend}
        variant="unstyled"
        styles={{
          root: { padding: 0, margin: 0, border: 0, minWidth: 0 },
          legend: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' },
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
          {children}
        </Stack>
      </Fieldset>
    </Paper>
  );
}

function SessionSettingsForm({
  companyId,
  settings,
  title,
  readOnly,
}: {
  companyId: string;
  settings: SessionSettingsAnswer;
  title: string;
  readOnly: boolean;
}) {
  const base = useAppBase();
  const solo = useIsSolo();
  const me = useMe();
  const update = useUpdateSessionSettings(companyId);
  const [saved, setSaved] = useState(false);
  const { currency } = settings;
  const digits = currencyDigits(currency);
  const currencyName = new Intl.DisplayNames(['en'], { type: 'currency' }).of(currency) ?? currency;
  const form = useForm<SessionSettingsValues>({
    initialValues: toFormValues(settings),
    validate: (values) => validateValues(values, currency),
  });
  const { submitError, runSubmit } = useFormSubmit(form);
  useUnsavedChangesGuard(form.isDirty());
  const help = helpTexts(form.values, currency);
  const number = (field: keyof SessionSettingsValues) => ({
    ...form.getInputProps(field),
    description: help[field as keyof typeof help],
    disabled: readOnly,
  });
  const waitlistOff = !form.values.waitlistEnabled;

  const submit = async (values: SessionSettingsValues) => {
    setSaved(false);
    await runSubmit(async () => {
      form.resetDirty(toFormValues(await update.mutateAsync(toBody(values, currency))));
      setSaved(true);
    });
  };

  const next = me.data?.onBoardingData[0];
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="lg">
        {settings.saved ? null : (
          <Alert color="secondary" variant="light" title="Suggested rules">
            These are the suggested rules. Check them, change what your studio does differently, and save.
          </Alert>
        )}
        <Section legend="Booking window" intro="When clients can book a class.">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <SpecNumberInput
              label="Booking opens (days before)"
              required
              {...number('bookingOpensDaysBefore')}
            />
            <SpecNumberInput
              label="Booking closes (minutes before)"
              required
              {...number('bookingClosesMinutesBefore')}
            />
          </SimpleGrid>
        </Section>
        <Section
          legend="Cancellation and fees"
          intro={`Until when cancelling is free, and what cancelling late or not coming costs, in ${currencyName}.`}
        >
          <SpecNumberInput
            label="Free cancellation until (hours before)"
            required
            {...number('freeCancellationHoursBefore')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <SpecNumberInput
              label={`Late cancellation fee (${currency})`}
              decimals={digits}
              fixedDecimalScale={digits > 0}
              {...number('lateCancelFee')}
            />
            <SpecNumberInput
              label={`No-show fee (${currency})`}
              decimals={digits}
              fixedDecimalScale={digits > 0}
              {...number('noShowFee')}
            />
          </SimpleGrid>
        </Section>
        <Section legend="Waitlist" intro="What happens when a class is full and a place frees up.">
          <Switch
            label="Full classes have a waitlist"
            description={
              waitlistOff
                ? 'Off: clients cannot join a waitlist; the settings below do not apply.'
                : undefined
            }
            disabled={readOnly}
            {...form.getInputProps('waitlistEnabled', { type: 'checkbox' })}
          />
          <Radio.Group
            label="When a place frees up"
            disabled={readOnly || waitlistOff}
            {...form.getInputProps('waitlistMode')}
          >
            <Stack gap="sm" mt="xs">
              <Radio
                value="auto"
                disabled={readOnly || waitlistOff}
                label="Book the next person automatically"
                description="The first person on the waitlist gets the place and is told by email."
              />
              <Radio
                value="offer"
                disabled={readOnly || waitlistOff}
                label="Offer the place and hold it"
                description="The next person is offered the place and has a set time to accept it."
              />
            </Stack>
          </Radio.Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {form.values.waitlistMode === 'offer' ? (
              <SpecNumberInput
                label="Hold an offered place for (minutes)"
                required
                {...number('offerHoldMinutes')}
                disabled={readOnly || waitlistOff}
              />
            ) : null}
            <SpecNumberInput
              label="Waitlist stops (minutes before)"
              required
              {...number('waitlistCutoffMinutesBefore')}
              disabled={readOnly || waitlistOff}
            />
            <SpecNumberInput
              label="Longest waitlist (people)"
              {...number('maxWaitlistLength')}
              disabled={readOnly || waitlistOff}
            />
          </SimpleGrid>
        </Section>
        <Section legend="Check-in" intro="When clients can check in at the studio.">
          <SpecNumberInput
            label="Check-in opens (minutes before)"
            required
            {...number('checkInOpensMinutesBefore')}
          />
        </Section>
        <Section
          legend="Class reminders"
          intro="Emails to booked clients before each class. Every class follows this time."
        >
          <SpecNumberInput
            label="Send class reminders (hours before)"
            required
            {...number('reminderHoursBefore')}
          />
        </Section>
        <FormSubmitError message={submitError} />
        {saved ? (
          <Alert
            color="green"
            variant="light"
            role="status"
            title={`${title} saved`}
            // Mantine's light green title is below AA on its tint.
            styles={{ label: { color: '#1f5f2c' } }}
          >
            {next ? (
              <Anchor component={Link} to={`${base}/settings/${next}`} fw={700}>
                Next: {settingsTitle(next, solo)}
              </Anchor>
            ) : (
              <Text>Your changes are saved.</Text>
            )}
          </Alert>
        ) : null}
        {readOnly ? null : (
          <Group>
            <BusyButton type="submit" busy={update.isPending}>
              Save
            </BusyButton>
            {form.isDirty() ? (
              <Button variant="default" onClick={() => form.reset()}>
                Undo changes
              </Button>
            ) : null}
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** Settings › Sessions Settings: the booking policy (booking, cancellation, waitlist, check-in) and reminders. */
export function SessionSettingsPage() {
  const solo = useIsSolo();
  const title = settingsTitle('classesSettings', solo);
  usePageTitle(title);
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const settings = useSessionSettings(companyId);
  const readOnly = Boolean(me.data && !me.data.can.manageSettings);
  return (
    <Stack gap="md" maw={820}>
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">
          Your booking policy: when clients can book, cancel, wait for a place and check in.
        </Text>
      </Stack>
      {settings.isError ? (
        <Alert color="red" role="alert" title="The settings could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text>{settings.error.message}</Text>
            <Button variant="default" size="xs" onClick={() => void settings.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : settings.data && me.data ? (
        <>
          {readOnly ? (
            <Alert color="secondary" variant="light" title="Read only">
              You need the “Manage settings” ability to change these rules. Ask the business owner or an
              admin.
            </Alert>
          ) : null}
          <SessionSettingsForm
            companyId={companyId}
            settings={settings.data}
            title={title}
            readOnly={readOnly}
          />
        </>
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}
