import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { focusFirstInvalid } from '../../ui/focus-first-invalid.ts';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useRef, useState } from 'react';
import {
  MAX_ROOM_CAPACITY,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type ClassTemplateDto,
  type PersonDto,
  type StudioDto,
  type Weekday,
  weekdayOfDate,
} from '@kinetic/shared';

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;
import { ApiError } from '../../api/client.ts';
import { FormActions } from '../../ui/form-actions.tsx';
import { toFormErrors, validateClassForm, type ClassFormValues } from './class-form-values.ts';

export interface ClassFormChoices {
  templates: ClassTemplateDto[];
  studios: StudioDto[];
  instructors: PersonDto[];
}

interface ClassFormProps extends ClassFormChoices {
  initialValues: ClassFormValues;
  submitLabel: string;
  busy: boolean;
  /** Editing one class of a series: its date and time change, the schedule does not. */
  hideRepeat?: boolean;
  /** Sends the values; a rejection with field errors or a 409 is shown on the form. */
  onSave: (values: ClassFormValues) => Promise<void>;
  onCancel: () => void;
}

const options = (items: { id: string; name: string }[]) => items.map((item) => ({ value: item.id, label: item.name }));

/** The class form: template, place, people, time, places and repeat; defaults come from the template. */
export function ClassForm({ templates, studios, instructors, initialValues, submitLabel, busy, hideRepeat = false, onSave, onCancel }: ClassFormProps) {
  const studioOf = (values: ClassFormValues) => studios.find((studio) => studio.id === values.studioId);
  const roomOf = (values: ClassFormValues) => studioOf(values)?.rooms.find((room) => room.id === values.roomId);
  const form = useForm<ClassFormValues>({
    initialValues,
    validate: (values) => validateClassForm(values, roomOf(values)?.capacity ?? null),
  });
  const [submitError, setSubmitError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // After a refusal the first field it names gets focus (on a phone it may be scrolled out of sight);
  // without one, the message is brought into view.
  const showProblem = () => focusFirstInvalid(formRef.current);
  const [roomClash, setRoomClash] = useState<string | null>(null);
  const values = form.getValues();
  const studio = studioOf(values);
  const room = roomOf(values);
  const activeInstructors = instructors.filter((person) => person.active || person.id === initialValues.instructorId);

  const save = async (next: ClassFormValues) => {
    setSubmitError(null);
    setRoomClash(null);
    try {
      await onSave(next);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setSubmitError('Something went wrong');
        return;
      }
      const fieldErrors = toFormErrors(error.errors);
      if (error.statusCode === 409 && fieldErrors.roomId) {
        // The room clash is said once, beside the choice to double-book it on purpose.
        setRoomClash(String(fieldErrors.roomId));
        delete fieldErrors.roomId;
      } else if (!Object.values(fieldErrors).includes(error.message)) setSubmitError(error.message);
      form.setErrors(fieldErrors);
      showProblem();
    }
  };

  const chooseTemplate = (templateId: string | null) => {
    form.setFieldValue('templateId', templateId ?? '');
    const template = templates.find((item) => item.id === templateId);
    if (!template) return;
    form.setFieldValue('durationMinutes', template.durationMinutes);
    const roomCapacity = roomOf(form.getValues())?.capacity ?? MAX_ROOM_CAPACITY;
    form.setFieldValue('capacity', Math.min(template.defaultCapacity, roomCapacity));
  };

  const chooseDate = (date: string) => {
    const { date: before, weekdays } = form.getValues();
    form.setFieldValue('date', date);
    // The weekday that only followed the date follows it again; days chosen by hand stay.
    if (LOCAL_DATE.test(date) && LOCAL_DATE.test(before) && weekdays.length === 1 && weekdays[0] === weekdayOfDate(before))
      form.setFieldValue('weekdays', [weekdayOfDate(date)]);
  };

  const chooseRoom = (roomId: string | null) => {
    form.setFieldValue('roomId', roomId ?? '');
    const capacity = studio?.rooms.find((item) => item.id === roomId)?.capacity;
    const current = form.getValues().capacity;
    if (capacity !== undefined && typeof current === 'number' && current > capacity) form.setFieldValue('capacity', capacity);
  };

  return (
    <form ref={formRef} onSubmit={form.onSubmit((next) => save(next), showProblem)} noValidate>
      <Stack gap="md">
        <Select
          label="Class template"
          required
          allowDeselect={false}
          data={options(templates)}
          searchable
          openOnFocus={false}
          data-autofocus
          {...form.getInputProps('templateId')}
          onChange={chooseTemplate}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Studio"
            required
            allowDeselect={false}
            data={options(studios)}
            {...form.getInputProps('studioId')}
            onChange={(value) => {
              form.setFieldValue('studioId', value ?? '');
              form.setFieldValue('roomId', '');
            }}
          />
          <Select
            label="Room"
            description={room ? `Holds ${room.capacity}` : 'Optional'}
            clearable
            disabled={!studio}
            data={studio ? studio.rooms.map((item) => ({ value: item.id, label: item.name })) : []}
            {...form.getInputProps('roomId')}
            onChange={chooseRoom}
          />
          <Select
            label="Instructor"
            required
            allowDeselect={false}
            data={options(activeInstructors)}
            searchable
            openOnFocus={false}
            {...form.getInputProps('instructorId')}
          />
          <Select
            label="Assistant"
            description="Optional"
            clearable
            data={options(activeInstructors.filter((person) => person.id !== values.instructorId))}
            {...form.getInputProps('assistantId')}
          />
          <TextInput
            label={values.repeat === 'weekly' && !hideRepeat ? 'Starts on' : 'Date'}
            type="date"
            required
            description={studio ? `In ${studio.timeZone}` : undefined}
            {...form.getInputProps('date')}
            onChange={(event) => chooseDate(event.currentTarget.value)}
          />
          <TextInput label="Start time" type="time" required {...form.getInputProps('startTime')} />
          <NumberInput label="Duration (minutes)" required min={1} max={1440} allowDecimal={false} {...form.getInputProps('durationMinutes')} />
          <NumberInput
            label="Capacity"
            description={room ? `At most ${room.capacity} in ${room.name}` : 'Set from the template; change it for this class'}
            min={1}
            max={room?.capacity ?? MAX_ROOM_CAPACITY}
            allowDecimal={false}
            {...form.getInputProps('capacity')}
          />
        </SimpleGrid>
        <Stack gap={6} display={hideRepeat ? 'none' : undefined}>
          <Text fw={500} size="sm" id="class-repeat-label">
            Repeat
          </Text>
          <SegmentedControl
            aria-labelledby="class-repeat-label"
            data={[
              { value: 'once', label: 'Once' },
              { value: 'weekly', label: 'Weekly' },
            ]}
            {...form.getInputProps('repeat')}
          />
        </Stack>
        {values.repeat === 'weekly' && !hideRepeat ? <WeeklyFields form={form} /> : null}
        <Textarea label="Notes" description="Only the team sees these" autosize minRows={2} maxRows={6} {...form.getInputProps('notes')} />
        {roomClash ? (
          <Alert color="orange" variant="light" role="alert" title="The room is taken">
            <Stack gap="xs" align="flex-start">
              <Text>{roomClash}</Text>
              <Button
                variant="outline"
                onClick={() => {
                  form.setFieldValue('allowRoomOverlap', true);
                  void save({ ...form.getValues(), allowRoomOverlap: true });
                }}
              >
                Book the room anyway
              </Button>
            </Stack>
          </Alert>
        ) : null}
        <FormActions submitLabel={submitLabel} busy={busy} error={submitError} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

type ClassFormApi = Pick<UseFormReturnType<ClassFormValues>, 'getValues' | 'setFieldValue' | 'getInputProps' | 'errors'>;

function WeeklyFields({ form }: { form: ClassFormApi }) {
  const values = form.getValues();
  return (
    <Stack gap="sm">
      <Checkbox.Group
        label="On"
        required
        value={values.weekdays}
        onChange={(days) => form.setFieldValue('weekdays', days as Weekday[])}
        error={form.errors.weekdays}
      >
        <Group gap="sm" mt={4}>
          {WEEKDAYS.map((day) => (
            <Checkbox key={day} value={day} label={WEEKDAY_LABELS[day].slice(0, 3)} aria-label={WEEKDAY_LABELS[day]} />
          ))}
        </Group>
      </Checkbox.Group>
      <NumberInput label="Every how many weeks" min={1} max={52} allowDecimal={false} maw={220} {...form.getInputProps('everyWeeks')} />
      <Radio.Group label="Ends" {...form.getInputProps('ends')}>
        <Group gap="md" mt={4}>
          <Radio value="count" label="After a number of classes" />
          <Radio value="date" label="On a date" />
        </Group>
      </Radio.Group>
      {values.ends === 'count' ? (
        <NumberInput label="Number of classes" min={1} max={1000} allowDecimal={false} maw={220} {...form.getInputProps('count')} />
      ) : (
        <TextInput label="Last date" type="date" maw={220} {...form.getInputProps('endDate')} />
      )}
    </Stack>
  );
}
