import { useMemo, useState } from 'react';
import {
  Alert,
  Anchor,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from 'react-router';
import { companyDetailsBody, type CompanyDetailsDto } from '@kinetic/shared';
import { settingsTitle } from '../../shell/menu.ts';
import { useAppBase, useIsSolo } from '../../shell/use-app-base.ts';
import { useFormSubmit } from '../../ui/api-form-error.ts';
import { PhoneInput } from '../../ui/phone-input.tsx';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { TimeZoneSelect } from '../../ui/time-zone-select.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useUnsavedChangesGuard } from '../../ui/use-unsaved-changes-guard.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { AddressFields } from './address-fields.tsx';
import { useCompanyDetails } from './api/get-company-details.ts';
import { useUpdateCompanyDetails } from './api/update-company-details.ts';
import { currencyOptions, localeOptions, toFormValues, type CompanyDetailsValues } from './company-details-values.ts';
import { LogoField } from './logo-field.tsx';
import { CompanyDetailsView } from './company-details-view.tsx';
import { BusyButton } from '../../ui/busy-button.tsx';

function CompanyDetailsForm({
  companyId,
  details,
  title,
}: {
  companyId: string;
  details: CompanyDetailsDto;
  title: string;
}) {
  const base = useAppBase();
  const solo = useIsSolo();
  const me = useMe();
  const update = useUpdateCompanyDetails(companyId);
  const [saved, setSaved] = useState(false);
  const currencies = useMemo(currencyOptions, []);
  const form = useForm<CompanyDetailsValues>({
    initialValues: toFormValues(details),
    validate: schemaResolver(companyDetailsBody, { sync: true }),
  });
  const locales = useMemo(() => localeOptions(form.values.currency), [form.values.currency]);
  const { submitError, runSubmit } = useFormSubmit(form);
  useUnsavedChangesGuard(form.isDirty());
  const phone = form.getInputProps('phone');

  const submit = async (values: CompanyDetailsValues) => {
    setSaved(false);
    await runSubmit(async () => {
      form.resetDirty(toFormValues(await update.mutateAsync(values)));
      setSaved(true);
    });
  };

  const next = me.data?.onBoardingData[0];
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="lg">
        <Paper withBorder p="md" radius="md">
          <Stack gap="md">
            <TextInput
              label={solo ? 'Business or brand name' : 'Business name'}
              required
              {...form.getInputProps('name')}
            />
            <LogoField
              value={form.values.logo}
              onChange={(file) => form.setFieldValue('logo', file)}
              error={form.errors.logo}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
              <PhoneInput {...phone} onPhoneChange={(value) => form.setFieldValue('phone', value)} />
            </SimpleGrid>
            <AddressFields form={form} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TimeZoneSelect required {...form.getInputProps('timeZone')} />
              <Select
                label="Currency"
                description={
                  details.orderCount > 0
                    ? `Fixed since your first sale: your ${details.orderCount === 1 ? 'order is' : `${details.orderCount} orders are`} in ${details.currency}`
                    : 'Choose it before your first sale: it is fixed from then on'
                }
                data={currencies}
                searchable
                allowDeselect={false}
                required
                readOnly={details.orderCount > 0}
                // Fixed: it looks it (filled, no dropdown arrow) yet keeps its place in the tab order, so the
                // keyboard and screen readers still reach its value and why it is fixed.
                variant={details.orderCount > 0 ? 'filled' : undefined}
                rightSection={details.orderCount > 0 ? null : undefined}
                {...form.getInputProps('currency')}
              />
              <Select
                label="Prices written as"
                description="How your clients and team see prices"
                data={locales}
                searchable
                allowDeselect={false}
                required
                {...form.getInputProps('locale')}
              />
            </SimpleGrid>
          </Stack>
        </Paper>
        <FormSubmitError message={submitError} />
        {saved ? (
          <Alert color="green" variant="light" role="status" title={`${title} saved`}>
            {next ? (
              <Anchor component={Link} to={`${base}/settings/${next}`} fw={700}>
                Next: {settingsTitle(next, solo)}
              </Anchor>
            ) : (
              <Text>Your changes are saved.</Text>
            )}
          </Alert>
        ) : null}
        <Group>
          <BusyButton type="submit" busy={update.isPending}>
            Save
          </BusyButton>
        </Group>
      </Stack>
    </form>
  );
}

/** Settings › Company Details ("Instructor Details" for solo users, spec §2). */
export function CompanyDetailsPage() {
  const solo = useIsSolo();
  const title = settingsTitle('companyDetails', solo);
  usePageTitle(title);
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const details = useCompanyDetails(companyId);
  return (
    <Stack gap="md" maw={820}>
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">What your clients see: your name, logo and how to reach you.</Text>
      </Stack>
      {details.isError ? (
        <Alert color="red" role="alert" title="The details could not be loaded">
          {details.error.message}
        </Alert>
      ) : details.data && me.data && !me.data.can.manageSettings ? (
        <>
          <Alert color="secondary" variant="light" title="Read only">
            To change these details you need the “Manage settings” ability. Ask the business owner or an admin.
          </Alert>
          <CompanyDetailsView details={details.data} solo={solo} />
        </>
      ) : details.data ? (
        <CompanyDetailsForm companyId={companyId} details={details.data} title={title} />
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}
