import { ColorInput, SimpleGrid, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MAX_TEMPLATE_TAGS, type ClassTemplateDto } from '@kinetic/shared';
import { useFormSubmit } from '../../ui/api-form-error.ts';
import { FormActions } from '../../ui/form-actions.tsx';
import { MoneyInput } from '../../ui/money-input.tsx';
import { SpecNumberInput } from '../../ui/spec-number-input.tsx';
import { useUnsavedChangesGuard } from '../../ui/use-unsaved-changes-guard.ts';
import { useCreateClassTemplate } from './api/create-class-template.ts';
import { useUpdateClassTemplate } from './api/update-class-template.ts';
import {
  toTemplateBody,
  toTemplateFormValues,
  validateTemplateForm,
  type ClassTemplateFormValues,
} from './class-template-values.ts';
import { ImageField } from '../uploads/image-field.tsx';

/** Calendar colours that read well behind white text and on the light list. */
const SWATCHES = ['#1c7ed6', '#0c8599', '#2b8a3e', '#e67700', '#c92a2a', '#a61e4d', '#862e9c', '#5f3dc4', '#495057'];

interface ClassTemplateFormProps {
  companyId: string;
  currency: string;
  template?: ClassTemplateDto;
  onCancel: () => void;
  onSaved: (template: ClassTemplateDto) => void;
}

/** Add or edit one template; the price is typed in major units of the company currency. */
export function ClassTemplateForm({ companyId, currency, template, onCancel, onSaved }: ClassTemplateFormProps) {
  const form = useForm<ClassTemplateFormValues>({
    initialValues: toTemplateFormValues(template, currency),
    validate: (values) => validateTemplateForm(values, currency),
  });
  const { submitError, runSubmit } = useFormSubmit(form);
  // The dialog's fields are lost on leaving the page: the app's one confirm asks first.
  useUnsavedChangesGuard(form.isDirty());
  const create = useCreateClassTemplate(companyId);
  const update = useUpdateClassTemplate(companyId);
  const busy = create.isPending || update.isPending;

  const submit = async (values: ClassTemplateFormValues) => {
    await runSubmit(async () => {
      const body = toTemplateBody(values, currency);
      const saved = template
        ? await update.mutateAsync({ templateId: template.id, body })
        : await create.mutateAsync(body);
      onSaved(saved);
    });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <Textarea label="Description" autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <SpecNumberInput label="Duration (minutes)" required {...form.getInputProps('durationMinutes')} />
          <SpecNumberInput label="Default capacity" description="People" required {...form.getInputProps('defaultCapacity')} />
          <MoneyInput
            label={`Drop-in price (${currency})`}
            description="Empty is free"
            currency={currency}
            {...form.getInputProps('dropInPrice')}
          />
        </SimpleGrid>
        <ColorInput
          label="Colour"
          description="Shown on the calendar, as #rrggbb"
          format="hex"
          withEyeDropper={false}
          swatches={SWATCHES}
          swatchesPerRow={9}
          required
          {...form.getInputProps('colour')}
        />
        <ImageField
          noun="image"
          alt={form.values.name ? `The ${form.values.name} class` : 'The class'}
          value={form.values.image}
          onChange={(file) => form.setFieldValue('image', file)}
          error={form.errors.image}
        />
        <TagsInput
          label="Tags"
          description={`Press Enter after each tag; at most ${MAX_TEMPLATE_TAGS}.`}
          maxTags={MAX_TEMPLATE_TAGS}
          {...form.getInputProps('tags')}
        />
        <FormActions
          submitLabel={template ? 'Save' : 'Add template'}
          busy={busy}
          error={submitError}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
