import { useRef } from 'react';
import {
  Checkbox,
  Fieldset,
  MultiSelect,
  NativeSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatPercent, type PackageDto } from '@kinetic/shared';
import { useFormSubmit } from '../../ui/api-form-error.ts';
import { focusFirstInvalid } from '../../ui/focus-first-invalid.ts';
import { FormActions } from '../../ui/form-actions.tsx';
import { MoneyInput } from '../../ui/money-input.tsx';
import { SpecNumberInput } from '../../ui/spec-number-input.tsx';
import { useUnsavedChangesGuard } from '../../ui/use-unsaved-changes-guard.ts';
import { useScheduleChoices } from '../schedule/api/list-schedule-choices.ts';
import { savePackage, usePackageMutation, useTaxRates } from './api/packages-api.ts';
import { toPackageBody, validatePackageForm, type PackageFormValues } from './package-values.ts';

/** The tax field's own "No tax" choice (the form keeps null). */
const NO_TAX = 'none';

interface PackageFormProps {
  companyId: string;
  currency: string;
  initialValues: PackageFormValues;
  /** Edit this package; without it the form adds a new one (a copy too). */
  packageId?: string | undefined;
  onCancel: () => void;
  onSaved: (saved: PackageDto) => void;
}

/** A membership's or a class pack's terms; prices are typed in the company currency's major units. */
export function PackageForm({
  companyId,
  currency,
  initialValues,
  packageId,
  onCancel,
  onSaved,
}: PackageFormProps) {
  const form = useForm<PackageFormValues>({
    initialValues,
    validate: (values) => validatePackageForm(values, currency),
  });
  const { submitError, runSubmit } = useFormSubmit(form);
  const { allowNextNavigation } = useUnsavedChangesGuard(form.isDirty());
  const save = usePackageMutation(companyId, savePackage);
  const choices = useScheduleChoices(companyId);
  const taxRates = useTaxRates(companyId);
  const membership = form.values.kind === 'membership';

  const formRef = useRef<HTMLFormElement>(null);
  const submit = async (values: PackageFormValues) => {
    const done = await runSubmit(async () => {
      const saved = await save.mutateAsync({ packageId, body: toPackageBody(values, currency) });
      // Saved: leaving for the list is not leaving unsaved changes.
      allowNextNavigation();
      onSaved(saved);
    });
    // Refused by the server: to its first field in error (the form is long; it may be far above the button).
    if (!done) focusFirstInvalid(formRef.current);
  };

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
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <MoneyInput
            label={membership ? `Price per ${form.values.period} (${currency})` : `Price (${currency})`}
            description="0 for free"
            required
            currency={currency}
            {...form.getInputProps('price')}
          />
          <Select
            label="Tax"
            data={[
              // A choice of its own, so the keyboard can take a tax away again (the clear button is mouse-only).
              { value: NO_TAX, label: 'No tax' },
              ...(taxRates.data?.items ?? []).map((rate) => ({
                value: rate.id,
                label: `${rate.name} ${formatPercent(rate.ratePpm)}${rate.inclusive ? ' (included)' : ''}`,
              })),
            ]}
            allowDeselect={false}
            {...form.getInputProps('taxRateId')}
            value={form.values.taxRateId ?? NO_TAX}
            onChange={(value) => form.setFieldValue('taxRateId', value && value !== NO_TAX ? value : null)}
          />
        </SimpleGrid>
        {membership ? (
          <Fieldset legend="Membership">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <NativeSelect
                label="Period"
                data={[
                  { value: 'week', label: 'Week' },
                  { value: 'month', label: 'Month' },
                  { value: 'year', label: 'Year' },
                ]}
                {...form.getInputProps('period')}
              />
              <SpecNumberInput
                label={`Classes per ${form.values.period}`}
                description="Empty is unlimited"
                {...form.getInputProps('classLimit')}
              />
              <SpecNumberInput
                label={`Commitment (${form.values.period}s)`}
                description="The least a member pays before cancelling; empty is none"
                {...form.getInputProps('commitmentPeriods')}
              />
              <MoneyInput
                label={`Sign-up fee (${currency})`}
                description="Charged on the first purchase; empty is none"
                currency={currency}
                {...form.getInputProps('signupFee')}
              />
            </SimpleGrid>
            <Checkbox
              mt="md"
              label="Renews by itself each period"
              {...form.getInputProps('autoRenew', { type: 'checkbox' })}
            />
          </Fieldset>
        ) : (
          <Fieldset legend="Class pack">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <SpecNumberInput label="Classes" required {...form.getInputProps('credits')} />
              <SpecNumberInput
                label="Expire after (days)"
                description="Empty is never"
                {...form.getInputProps('expiryDays')}
              />
              <NativeSelect
                label="Counting from"
                data={[
                  { value: 'purchase', label: 'Purchase' },
                  { value: 'first-use', label: 'First class' },
                ]}
                {...form.getInputProps('expiryFrom')}
              />
            </SimpleGrid>
          </Fieldset>
        )}
        <Fieldset legend="What it pays for">
          <Stack gap="sm">
            <MultiSelect
              label="Classes"
              placeholder={form.values.templateIds.length ? undefined : 'Every class'}
              data={choices.templates.map((template) => ({ value: template.id, label: template.name }))}
              searchable
              clearable
              {...form.getInputProps('templateIds')}
            />
            <MultiSelect
              label="Studios"
              placeholder={form.values.studioIds.length ? undefined : 'Every studio'}
              data={choices.studios.map((studio) => ({ value: studio.id, label: studio.name }))}
              clearable
              {...form.getInputProps('studioIds')}
            />
            <Checkbox
              label="Off-peak classes only (outside the peak hours of Peak/Non Peak Hours)"
              {...form.getInputProps('offPeakOnly', { type: 'checkbox' })}
            />
          </Stack>
        </Fieldset>
        <Checkbox
          label="Intro offer: only for clients who have never bought a package, once"
          {...form.getInputProps('introOffer', { type: 'checkbox' })}
        />
        {packageId ? (
          <Text size="sm" c="dimmed">
            Clients who already bought this keep the terms they bought.
          </Text>
        ) : null}
        <FormActions
          submitLabel={packageId ? 'Save' : membership ? 'Add membership' : 'Add class pack'}
          busy={save.isPending}
          error={submitError}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
