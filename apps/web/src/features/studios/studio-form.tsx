import { Anchor, Fieldset, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from 'react-router';
import { WEEKDAYS, studioBody, type StudioDto, type Weekday } from '@kinetic/shared';
import { useFormSubmit } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { PhoneInput } from '../../ui/phone-input.tsx';
import { DayTimeRangesField } from '../../ui/day-time-ranges-field.tsx';
import { TimeZoneSelect } from '../../ui/time-zone-select.tsx';
import { useUnsavedChangesGuard } from '../../ui/use-unsaved-changes-guard.ts';
import { toStudioFormValues, toStudioBody, type StudioFormValues } from './studio-form-values.ts';
import { AmenitiesField, RoomsField } from './studio-rows-fields.tsx';

interface StudioFormProps {
  studio?: StudioDto;
  busy: boolean;
  cancelTo: string;
  /** Saves the body; answers the saved studio, whose values become the form's clean state. */
  save: (body: ReturnType<typeof toStudioBody>) => Promise<StudioDto>;
  onSaved: (studio: StudioDto, allowNextNavigation: () => void) => void;
  children?: React.ReactNode;
}

const legendStyles = {
  root: { padding: 0, margin: 0, border: 0, minWidth: 0 },
  legend: { fontWeight: 700, marginBottom: 8 },
};

/** Add or edit one studio: every local edit (hours, amenities, rooms) persists with the one Save. */
export function StudioForm({ studio, busy, cancelTo, save, onSaved, children }: StudioFormProps) {
  const form = useForm<StudioFormValues>({
    initialValues: toStudioFormValues(studio),
    validate: schemaResolver(studioBody, { sync: true }),
  });
  const { submitError, runSubmit } = useFormSubmit(form);
  const { allowNextNavigation } = useUnsavedChangesGuard(form.isDirty());

  const submit = async (values: StudioFormValues) => {
    await runSubmit(async () => {
      const saved = await save(toStudioBody(values));
      const next = toStudioFormValues(saved);
      form.setValues(next);
      form.resetDirty(next);
      onSaved(saved, allowNextNavigation);
    });
  };

  const hourErrors: Partial<Record<Weekday, React.ReactNode>> = {};
  for (const day of WEEKDAYS) {
    const error = form.errors[`openingHours.${day}`];
    if (error) hourErrors[day] = error;
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="lg">
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="studio-details-title">
          <Stack gap="md">
            <Title order={2} size="h4" id="studio-details-title">
              Details
            </Title>
            <TextInput label="Studio name" required {...form.getInputProps('name')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('email')} />
              <PhoneInput
                autoComplete="off"
                {...form.getInputProps('phone')}
                onPhoneChange={(value) => form.setFieldValue('phone', value)}
              />
            </SimpleGrid>
            <Fieldset legend="Address" variant="unstyled" styles={legendStyles}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput label="Street address" {...form.getInputProps('address.line1')} />
                <TextInput label="Apartment, suite or floor" {...form.getInputProps('address.line2')} />
                <TextInput label="City" {...form.getInputProps('address.city')} />
                <TextInput label="State or region" {...form.getInputProps('address.state')} />
                <TextInput label="Postal code" {...form.getInputProps('address.postalCode')} />
                <TextInput label="Country" {...form.getInputProps('address.country')} />
              </SimpleGrid>
            </Fieldset>
            <TimeZoneSelect
              clearable
              allowDeselect
              placeholder="The business's time zone"
              description="Leave empty to use the business's time zone."
              {...form.getInputProps('timeZone')}
              onChange={(value) => form.setFieldValue('timeZone', value ?? '')}
            />
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="studio-hours-title">
          <Stack gap="sm">
            <Title order={2} size="h4" id="studio-hours-title">
              Opening hours
            </Title>
            <Text size="sm" c="dimmed">
              A day without hours is closed. Add several ranges for a break in the day.
            </Text>
            <DayTimeRangesField
              idPrefix="opening-hours"
              emptyText="Closed"
              addLabel="Add hours"
              value={form.values.openingHours}
              onChange={(week) => form.setFieldValue('openingHours', week)}
              error={hourErrors}
            />
          </Stack>
        </Paper>
        <RoomsField form={form} />
        <AmenitiesField form={form} />
        <FormSubmitError message={submitError} />
        {children}
        <Group>
          <BusyButton type="submit" busy={busy}>
            Save
          </BusyButton>
          <Anchor component={Link} to={cancelTo}>
            Back to studios
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
