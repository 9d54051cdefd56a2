import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NativeSelect,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef } from 'react';
import { EVENT_CATEGORY_OPTIONS, type EventDto } from '@kinetic/shared';
import { useFormSubmit } from '../../ui/api-form-error.ts';
import { focusFirstInvalid } from '../../ui/focus-first-invalid.ts';
import { FormActions } from '../../ui/form-actions.tsx';
import { MoneyInput } from '../../ui/money-input.tsx';
import { SpecNumberInput } from '../../ui/spec-number-input.tsx';
import { useUnsavedChangesGuard } from '../../ui/use-unsaved-changes-guard.ts';
import { ImageField } from '../uploads/image-field.tsx';
import {
  useAddEventDate,
  useCreateEvent,
  useMoveEventDate,
  useRemoveEventDate,
  useUpdateEvent,
} from './api/events.ts';
import {
  newDateRow,
  toCreateBody,
  toDateBody,
  toEventBody,
  toEventFormValues,
  validateEventForm,
  type EventFormValues,
} from './event-form-values.ts';

export interface EventFormChoices {
  studios: { id: string; name: string; timeZone: string }[];
  facilitators: { id: string; name: string }[];
  packages: { id: string; name: string }[];
}

interface EventFormProps {
  companyId: string;
  currency: string;
  event?: EventDto;
  choices: EventFormChoices;
  onCancel: () => void;
  onSaved: (event: EventDto) => void;
}

/** Add or edit an event: its details and its dates (on the studio's clock). */
export function EventForm({ companyId, currency, event, choices, onCancel, onSaved }: EventFormProps) {
  const firstStudio = choices.studios[0]?.id ?? '';
  const zoneOf = (studioId: string) =>
    choices.studios.find((studio) => studio.id === studioId)?.timeZone ?? event?.timeZone ?? 'UTC';
  const form = useForm<EventFormValues>({
    initialValues: toEventFormValues(event, { studioId: firstStudio }),
    validate: (values) =>
      validateEventForm(values, currency, zoneOf(values.studioId), new Date(), { editing: Boolean(event) }),
  });
  const { submitError, runSubmit } = useFormSubmit(form);
  const formRef = useRef<HTMLFormElement>(null);
  // A refused form (here or by the server) focuses its first field marked invalid: on a phone it may be far above.
  const showProblem = () => focusFirstInvalid(formRef.current);
  const addDateRef = useRef<HTMLButtonElement>(null);
  /** After a date is added or removed: its date field, else (none left there) "Add a date". */
  const focusDateAfterRender = (index: number) =>
    requestAnimationFrame(() => {
      const fields = formRef.current?.querySelectorAll<HTMLInputElement>('input[type="date"]');
      (fields?.[index] ?? fields?.[index - 1] ?? addDateRef.current)?.focus();
    });
  useUnsavedChangesGuard(form.isDirty());
  const create = useCreateEvent(companyId);
  const update = useUpdateEvent(companyId);
  const addDate = useAddEventDate(companyId);
  const removeDate = useRemoveEventDate(companyId);
  const moveDate = useMoveEventDate(companyId);
  const busy =
    create.isPending || update.isPending || addDate.isPending || removeDate.isPending || moveDate.isPending;
  const timeZone = zoneOf(form.values.studioId);

  const submit = async (values: EventFormValues) => {
    const ok = await runSubmit(async () => {
      if (!event) {
        onSaved(await create.mutateAsync(toCreateBody(values, currency, timeZone)));
        return;
      }
      let saved = await update.mutateAsync({ eventId: event.id, body: toEventBody(values, currency) });
      const kept = new Set(values.dates.map((row) => row.classInstanceId).filter(Boolean));
      for (const date of event.dates)
        if (date.status === 'scheduled' && !kept.has(date.classInstanceId))
          saved = await removeDate.mutateAsync({ eventId: event.id, classInstanceId: date.classInstanceId });
      const before = new Map(form.getInitialValues().dates.map((row) => [row.classInstanceId, row]));
      for (const row of values.dates) {
        if (!row.classInstanceId) {
          saved = await addDate.mutateAsync({ eventId: event.id, body: toDateBody(row, timeZone) });
          continue;
        }
        const was = before.get(row.classInstanceId);
        const changed =
          was &&
          (was.date !== row.date ||
            was.time !== row.time ||
            Number(was.durationMinutes) !== Number(row.durationMinutes) ||
            String(was.capacity) !== String(row.capacity));
        if (changed)
          saved = await moveDate.mutateAsync({
            eventId: event.id,
            classInstanceId: row.classInstanceId,
            body: toDateBody(row, timeZone, values.capacity),
          });
      }
      onSaved(saved);
    });
    if (!ok) showProblem();
  };

  return (
    <form ref={formRef} onSubmit={form.onSubmit(submit, showProblem)} noValidate>
      <Stack gap="md">
        <TextInput label="Title" required data-autofocus {...form.getInputProps('title')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NativeSelect
            label="Category"
            required
            data={[{ value: '', label: 'Choose a category' }, ...EVENT_CATEGORY_OPTIONS]}
            {...form.getInputProps('category')}
          />
          <NativeSelect
            label="Studio"
            description="Runs the event; its dates are on this studio’s clock"
            required
            data={choices.studios.map((studio) => ({ value: studio.id, label: studio.name }))}
            {...form.getInputProps('studioId')}
          />
        </SimpleGrid>
        <TextInput
          label="Address"
          description="Where it takes place, when not at the studio"
          {...form.getInputProps('address')}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <SpecNumberInput
            label="Capacity"
            description="People per date, unless a date has its own places"
            required
            {...form.getInputProps('capacity')}
          />
          <MoneyInput
            label={`Price (${currency})`}
            description="Empty is free"
            currency={currency}
            {...form.getInputProps('price')}
          />
        </SimpleGrid>
        <MultiSelect
          label="Facilitators"
          description="From Settings › Facilitators"
          data={choices.facilitators.map((person) => ({ value: person.id, label: person.name }))}
          searchable
          {...form.getInputProps('facilitatorIds')}
        />
        <MultiSelect
          label="Packages that pay for it"
          description="None: clients pay per event"
          data={choices.packages.map((item) => ({ value: item.id, label: item.name }))}
          searchable
          {...form.getInputProps('packageIds')}
        />
        <Radio.Group label="Who can find it" {...form.getInputProps('visibility')}>
          <Group mt="xs">
            <Radio value="public" label="Public: listed on the events page" />
            <Radio value="unlisted" label="Unlisted: only with its link" />
          </Group>
        </Radio.Group>
        <Checkbox label="Waitlist when full" {...form.getInputProps('waitlist', { type: 'checkbox' })} />
        <ImageField
          noun="image"
          alt={form.values.title ? `The ${form.values.title} event` : 'The event'}
          value={form.values.image}
          onChange={(file) => form.setFieldValue('image', file)}
          error={form.errors.image}
        />
        <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Title order={2} size="h5" component="legend">
            Dates
          </Title>
          <Text size="sm" c="dimmed">
            On the studio’s clock ({timeZone}).
          </Text>
          {form.values.dates.map((row, index) => (
            // One box per date, so its Remove button plainly belongs to it at any width.
            <Paper key={row.key} withBorder radius="md" p="sm" role="group" aria-label={`Date ${index + 1}`}>
              <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="sm" verticalSpacing="xs">
                <TextInput
                  type="date"
                  label="Day"
                  required
                  readOnly={row.past}
                  {...form.getInputProps(`dates.${index}.date`)}
                />
                <TextInput
                  type="time"
                  label="Starts"
                  required
                  readOnly={row.past}
                  {...form.getInputProps(`dates.${index}.time`)}
                />
                <SpecNumberInput
                  label="Minutes"
                  required
                  readOnly={row.past}
                  {...form.getInputProps(`dates.${index}.durationMinutes`)}
                />
                <SpecNumberInput
                  label="Places"
                  placeholder={`${form.values.capacity || '—'} (event’s)`}
                  readOnly={row.past}
                  {...form.getInputProps(`dates.${index}.capacity`)}
                />
              </SimpleGrid>
              <Group justify="space-between" align="center" mt="xs" wrap="nowrap">
                <Text size="sm" c="dimmed">
                  {[row.past ? 'Has taken place' : null, row.booked > 0 ? `${row.booked} taken` : null]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
                {/* A date that took place with bookings stays on record (the server refuses its removal). */}
                {row.past && row.booked > 0 ? null : (
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    aria-label={`${row.booked > 0 ? 'Cancel' : 'Remove'} date ${index + 1}`}
                    onClick={() => {
                      form.removeListItem('dates', index);
                      // The button goes with its date: the keyboard moves to the date now in its place.
                      focusDateAfterRender(index);
                    }}
                  >
                    {row.booked > 0 ? 'Cancel date' : 'Remove'}
                  </Button>
                )}
              </Group>
            </Paper>
          ))}
          {event && form.values.dates.length === 0 ? (
            <Text size="sm">No date to come: add one to run the event again.</Text>
          ) : null}
          {typeof form.errors.dates === 'string' ? (
            <Text c="red" size="sm" role="alert">
              {form.errors.dates}
            </Text>
          ) : null}
          <Group>
            <Button
              ref={addDateRef}
              variant="default"
              onClick={() => {
                form.insertListItem('dates', newDateRow());
                focusDateAfterRender(form.values.dates.length);
              }}
            >
              Add a date
            </Button>
          </Group>
        </Stack>
        <FormActions
          submitLabel={event ? 'Save' : 'Add event'}
          busy={busy}
          error={submitError}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
