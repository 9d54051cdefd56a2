import type { ReactNode } from 'react';
import { Checkbox, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  AGE_OPTIONS,
  EARLIEST_BIRTH_DATE,
  HEARD_ABOUT_OPTIONS,
  INCOME_BAND_TO_120K_OPTIONS,
  INCOME_BAND_TO_200K_OPTIONS,
  INDUSTRY_OPTIONS,
  latestBirthDate,
  PLANNING_UNIT_OPTIONS,
  RACE_ETHNICITY_OPTIONS,
  type Option,
} from '@kinetic/shared';
import { PhoneInput } from '../../ui/phone-input.tsx';
import type { SignupDetailsFormValues } from './signup-details-values.ts';

type Form = UseFormReturnType<SignupDetailsFormValues>;

// Fields at least 44 px tall: comfortable to tap on a phone (WCAG 2.5.8 asks 24, Apple and Google 44–48).
const TALL = { input: { minHeight: 44 } } as const;
const data = (options: readonly Option[]) => options.map(({ value, label }) => ({ value, label }));

function Section({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {intro}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

/** A list question: optional (clearable), labelled, searchable by typing where the list is long. */
function Choice({
  form,
  field,
  label,
  options,
  searchable = false,
  description,
}: {
  form: Form;
  field: keyof SignupDetailsFormValues;
  label: string;
  options: readonly Option[];
  searchable?: boolean;
  description?: string;
}) {
  return (
    <Select
      label={label}
      description={description}
      placeholder={searchable ? 'Type to search, or choose' : 'Choose'}
      data={data(options)}
      searchable={searchable}
      nothingFoundMessage="Nothing matches"
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label.toLowerCase()}` }}
      comboboxProps={{ withinPortal: true }}
      styles={TALL}
      {...form.getInputProps(field)}
    />
  );
}

/** Every question of the sign-up details, grouped; all optional. */
export function SignupDetailsFields({ form, companyName }: { form: Form; companyName: string }) {
  const phone = form.getInputProps('emergencyContactPhone');
  const values = form.getValues();
  const text = (field: string) => ({ styles: TALL, ...form.getInputProps(field) });
  return (
    <Stack gap="md">
      <Section id="about-you" title="About you">
        <TextInput
          label="Birth date"
          type="date"
          autoComplete="bday"
          min={EARLIEST_BIRTH_DATE}
          max={latestBirthDate()}
          {...text('birthDate')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Street address" autoComplete="address-line1" {...text('address.line1')} />
          <TextInput label="Apartment, suite or floor" autoComplete="address-line2" {...text('address.line2')} />
          <TextInput label="City" autoComplete="address-level2" {...text('address.city')} />
          <TextInput label="State or region" autoComplete="address-level1" {...text('address.state')} />
          <TextInput label="Postal code" autoComplete="postal-code" {...text('address.postalCode')} />
          <TextInput label="Country" autoComplete="country-name" {...text('address.country')} />
        </SimpleGrid>
      </Section>

      <Section
        id="emergency-contact"
        title="Emergency contact"
        intro={<Text size="sm" c="dimmed">Who the studio calls if you are hurt or unwell in class.</Text>}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Their name" autoComplete="off" {...text('emergencyContactName')} />
          <PhoneInput
            label="Their phone"
            autoComplete="off"
            styles={TALL}
            {...phone}
            onPhoneChange={(value) => form.setFieldValue('emergencyContactPhone', value)}
          />
        </SimpleGrid>
      </Section>

      <Section id="heard-about" title="How you heard of us">
        <Choice form={form} field="heardAbout" label="How did you hear about us?" options={HEARD_ABOUT_OPTIONS} />
        <TextInput label="Anything to add?" description="A friend’s name, the event or the site" {...text('heardAboutDetail')} />
      </Section>

      <Section
        id="community"
        title="About our community (optional)"
        intro={
          <Text size="sm">
            {companyName} asks these to learn who its classes reach and to report to its funders and neighbours. Answer
            only what you like; “Prefer not to respond” is fine, and so is leaving a question empty.
          </Text>
        }
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Choice form={form} field="age" label="Age range" options={AGE_OPTIONS} />
          <Choice form={form} field="raceEthnicity" label="Race or ethnicity" options={RACE_ETHNICITY_OPTIONS} />
          <Choice form={form} field="industry" label="Industry you work in" options={INDUSTRY_OPTIONS} searchable />
          <Choice
            form={form}
            field="incomeBandTo200k"
            label="Yearly household income"
            options={INCOME_BAND_TO_200K_OPTIONS}
          />
          {values.incomeBandTo120k ? (
            // Asked on an earlier form with the spec's second banding: kept, and can be changed or cleared.
            <Choice
              form={form}
              field="incomeBandTo120k"
              label="Yearly household income (earlier answer)"
              options={INCOME_BAND_TO_120K_OPTIONS}
            />
          ) : null}
          <TextInput label="Neighborhood" description="Where you live, e.g. Old Fourth Ward" {...text('neighborhood')} />
          <Choice
            form={form}
            field="planningUnit"
            label="Neighborhood planning unit (NPU)"
            description="Atlanta’s NPU letter; or Non-Atlanta, or Don’t know"
            options={PLANNING_UNIT_OPTIONS}
            searchable
          />
        </SimpleGrid>
      </Section>

      <Section id="emails" title="Emails">
        <Checkbox
          label={`Send me ${companyName}’s news and offers by email`}
          description="You can change this any time in Settings › Notifications."
          size="md"
          {...form.getInputProps('marketingEmails', { type: 'checkbox' })}
        />
      </Section>
    </Stack>
  );
}
