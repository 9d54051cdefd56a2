import { useRef } from 'react';
import { Fieldset, MultiSelect, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  formatMoney,
  type AppointmentTypeDto,
  type PackageDto,
  type PersonDto,
  type SessionSettingsDto,
  type StudioDto,
} from '@kinetic/shared';
import { useFormSubmit } from '../../ui/api-form-error.ts';
import { focusFirstInvalid } from '../../ui/focus-first-invalid.ts';
import { FormActions } from '../../ui/form-actions.tsx';
import { MoneyInput } from '../../ui/money-input.tsx';
import { SpecNumberInput } from '../../ui/spec-number-input.tsx';
import { useUnsavedChangesGuard } from '../../ui/use-unsaved-changes-guard.ts';
import { useSaveAppointmentType } from './api/appointment-setup-api.ts';
import {
  ruleDefaultText,
  toAppointmentTypeBody,
  toAppointmentTypeFormValues,
  validateAppointmentTypeForm,
  type AppointmentTypeFormValues,
  type RuleField,
} from './appointment-type-values.ts';

export interface AppointmentTypeChoices {
  instructors: PersonDto[];
  studios: StudioDto[];
  packages: PackageDto[];
  settings: SessionSettingsDto | undefined;
}

interface AppointmentTypeFormProps {
  companyId: string;
  currency: string;
  choices: AppointmentTypeChoices;
  appointmentType?: AppointmentTypeDto | undefined;
  onCancel: () => void;
  onSaved: (saved: AppointmentTypeDto) => void;
}

const RULE_LABELS: Record<RuleField, string> = {
  bookingOpensDaysBefore: 'Book at most (days ahead)',
  bookingClosesMinutesBefore: 'Book at the latest (minutes before)',
  freeCancellationHoursBefore: 'Free cancellation until (hours before)',
  lateCancelFee: 'Late cancellation fee',
  noShowFee: 'No-show fee',
};

/**
 * Add or edit one appointment type: length, buffers, start interval, price or packages that pay, who
 * offers it where, how many clients, and its own booking rules (blank = Sessions Settings).
 */
export function AppointmentTypeForm({
  companyId,
  currency,
  choices,
  appointmentType,
  onCancel,
  onSaved,
}: AppointmentTypeFormProps) {
  const { instructors, studios, packages, settings } = choices;
  const roomsOfStudio = (studioId: string) =>
    studios.find((studio) => studio.id === studioId)?.rooms.map((room) => room.id) ?? [];
  const activeInstructors = instructors.filter((person) => person.active);
  const form = useForm<AppointmentTypeFormValues>({
    initialValues: toAppointmentTypeFormValues(appointmentType, currency, {
      instructorId: activeInstructors.length === 1 ? activeInstructors[0]?.id : undefined,
      studioId: studios.length === 1 ? studios[0]?.id : undefined,
    }),
    validate: (values) => validateAppointmentTypeForm(values, currency, roomsOfStudio),
  });
  const { submitError, runSubmit } = useFormSubmit(form);
  // The dialog's fields are lost on leaving the page: the app's one confirm asks first.
  const { allowNextNavigation } = useUnsavedChangesGuard(form.isDirty());
  const save = useSaveAppointmentType(companyId);
  const formRef = useRef<HTMLFormElement>(null);
  const money = (minor: number) => formatMoney(minor, currency);

  const submit = async (values: AppointmentTypeFormValues) => {
    const done = await runSubmit(async () => {
      const saved = await save.mutateAsync({
        appointmentTypeId: appointmentType?.id,
        body: toAppointmentTypeBody(values, currency, roomsOfStudio),
      });
      allowNextNavigation();
      onSaved(saved);
    });
    // Refused by the server: to its first field in error (the form is long; it may be far above the button).
    if (!done) focusFirstInvalid(formRef.current);
  };

  // Inactive people and archived packages stay listed only while the type still names them.
  const instructorData = instructors
    .filter((person) => person.active || form.values.instructorIds.includes(person.id))
    .map((person) => ({
      value: person.id,
      label: person.active ? person.name : `${person.name} (inactive)`,
    }));
  const packageData = packages
    .filter((item) => !item.archived || form.values.packageIds.includes(item.id))
    .map((item) => ({ value: item.id, label: item.archived ? `${item.name} (archived)` : item.name }));
  const chosenStudios = studios.filter((studio) => form.values.studioIds.includes(studio.id));
  const roomData = chosenStudios
    .filter((studio) => studio.rooms.length > 0)
    .map((studio) => ({
      group: studio.name,
      items: studio.rooms.map((room) => ({ value: room.id, label: `${room.name} (${studio.name})` })),
    }));
  const duration = Number(form.values.durationMinutes);
  const attendees = Number(form.values.maxAttendees);

  const ruleProps = (field: RuleField) => ({
    ...form.getInputProps(`ruleOverrides.${field}`),
    label:
      field === 'lateCancelFee' || field === 'noShowFee'
        ? `${RULE_LABELS[field]} (${currency})`
        : RULE_LABELS[field],
    description: ruleDefaultText(field, settings, money),
  });

  return (
    // Refused here: focus goes to the first field in error, not left on the button below the fold.
    <form ref={formRef} onSubmit={form.onSubmit(submit, () => focusFirstInvalid(formRef.current))} noValidate>
      <Stack gap="md">
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('description')}
        />
        <Fieldset legend="Length and times">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <SpecNumberInput
              label="Length (minutes)"
              description="How long one session lasts"
              required
              {...form.getInputProps('durationMinutes')}
            />
            <SpecNumberInput
              label="Start interval (minutes)"
              description={
                Number.isFinite(duration) && duration > 0
                  ? `Blank: every session length (${duration} minutes)`
                  : 'Blank: every session length'
              }
              {...form.getInputProps('slotIntervalMinutes')}
            />
            <SpecNumberInput
              label="Buffer before (minutes)"
              description="Kept free before each session"
              {...form.getInputProps('bufferBeforeMinutes')}
            />
            <SpecNumberInput
              label="Buffer after (minutes)"
              description="Kept free after each session"
              {...form.getInputProps('bufferAfterMinutes')}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Price">
          <Stack gap="sm">
            <MoneyInput
              label={`Price (${currency})`}
              description="Blank or 0 is free"
              currency={currency}
              {...form.getInputProps('price')}
            />
            <MultiSelect
              label="Packages that pay for it"
              description="Clients holding one of these may use it instead of paying the price"
              placeholder={form.values.packageIds.length ? undefined : 'None: paid per session'}
              data={packageData}
              searchable
              clearable
              nothingFoundMessage="No packages"
              {...form.getInputProps('packageIds')}
            />
          </Stack>
        </Fieldset>
        <Fieldset legend="Who and where">
          <Stack gap="sm">
            <MultiSelect
              label="Instructors"
              description="Who offers it"
              required
              data={instructorData}
              searchable
              nothingFoundMessage="No instructors"
              {...form.getInputProps('instructorIds')}
            />
            <MultiSelect
              label="Studios"
              required
              data={studios.map((studio) => ({ value: studio.id, label: studio.name }))}
              searchable
              {...form.getInputProps('studioIds')}
            />
            {roomData.length > 0 ? (
              <MultiSelect
                label="Rooms"
                description="One free room of these is taken for each session; none = no room needed"
                placeholder={form.values.roomIds.length ? undefined : 'No room needed'}
                data={roomData}
                clearable
                {...form.getInputProps('roomIds')}
              />
            ) : null}
            <SpecNumberInput
              label="Clients per session"
              description={
                attendees === 1
                  ? '1: a private session'
                  : Number.isFinite(attendees) && attendees > 1
                    ? `Semi-private: up to ${attendees} clients book the same session`
                    : '1 for a private session'
              }
              required
              {...form.getInputProps('maxAttendees')}
            />
          </Stack>
        </Fieldset>
        <Fieldset legend="Booking rules">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Leave a field blank to use the value from Sessions Settings.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <SpecNumberInput {...ruleProps('bookingOpensDaysBefore')} />
              <SpecNumberInput {...ruleProps('bookingClosesMinutesBefore')} />
              <SpecNumberInput {...ruleProps('freeCancellationHoursBefore')} />
              <MoneyInput currency={currency} {...ruleProps('lateCancelFee')} />
              <MoneyInput currency={currency} {...ruleProps('noShowFee')} />
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Switch
          label="Active: clients can book it"
          description="Inactive types stay with their past sessions but are not offered"
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        <FormActions
          submitLabel={appointmentType ? 'Save' : 'Add appointment type'}
          busy={save.isPending}
          error={submitError}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
