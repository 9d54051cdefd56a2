import { Button, Group, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { personBody, type PersonDto } from '@kinetic/shared';
import { useFormSubmit } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { PhoneInput } from '../../ui/phone-input.tsx';
import { useUnsavedChangesGuard } from '../../ui/use-unsaved-changes-guard.ts';
import { ImageField } from '../uploads/image-field.tsx';
import { useCreatePerson } from './api/create-person.ts';
import { useUpdatePerson } from './api/update-person.ts';
import type { PeopleKindText } from './people-kind.ts';
import { toPersonBody, toPersonFormValues, type PersonFormValues } from './people-values.ts';

interface PersonFormProps {
  companyId: string;
  text: PeopleKindText;
  person?: PersonDto;
  onCancel: () => void;
  onSaved: (person: PersonDto) => void;
}

/** Add or edit one instructor or facilitator; an email already used in the company is said at Email. */
export function PersonForm({ companyId, text, person, onCancel, onSaved }: PersonFormProps) {
  const form = useForm<PersonFormValues>({
    initialValues: toPersonFormValues(person),
    validate: schemaResolver(personBody, { sync: true }),
  });
  const { submitError, runSubmit } = useFormSubmit(form);
  // The dialog's fields are lost on leaving the page: the app's one confirm asks first.
  useUnsavedChangesGuard(form.isDirty());
  const create = useCreatePerson(companyId, text.kind);
  const update = useUpdatePerson(companyId, text.kind);

  const submit = async (values: PersonFormValues) => {
    await runSubmit(async () => {
      const body = toPersonBody(values);
      const saved = person
        ? await update.mutateAsync({ personId: person.id, body })
        : await create.mutateAsync(body);
      onSaved(saved);
    });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <TextInput label="Name" required autoComplete="off" data-autofocus {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="off"
            description="Optional; used once per business"
            {...form.getInputProps('email')}
          />
          <PhoneInput
            autoComplete="off"
            {...form.getInputProps('phone')}
            onPhoneChange={(value) => form.setFieldValue('phone', value)}
          />
        </SimpleGrid>
        <Textarea label="Bio" autosize minRows={2} maxRows={8} {...form.getInputProps('bio')} />
        <ImageField
          noun="photo"
          alt={form.values.name ? `Photo of ${form.values.name}` : 'Photo'}
          value={form.values.photo}
          onChange={(file) => form.setFieldValue('photo', file)}
          error={form.errors.photo}
        />
        <Switch
          label="Active"
          description={`Only active ${text.one}s can be chosen for new ${text.kind === 'instructor' ? 'classes' : 'events'}.`}
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        <FormSubmitError message={submitError} />
        <Group>
          <BusyButton type="submit" busy={create.isPending || update.isPending}>
            {person ? 'Save' : `Add ${text.one}`}
          </BusyButton>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
