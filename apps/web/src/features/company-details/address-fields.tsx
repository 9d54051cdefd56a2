import { Fieldset, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { CompanyDetailsValues } from './company-details-values.ts';

export function AddressFields({ form }: { form: UseFormReturnType<CompanyDetailsValues> }) {
  return (
    <Fieldset
      legend="Address"
      variant="unstyled"
      styles={{
        root: { padding: 0, margin: 0, border: 0, minWidth: 0 },
        legend: { fontWeight: 700, marginBottom: 8 },
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="Street address"
          autoComplete="address-line1"
          {...form.getInputProps('address.line1')}
        />
        <TextInput
          label="Apartment, suite or floor"
          autoComplete="address-line2"
          {...form.getInputProps('address.line2')}
        />
        <TextInput label="City" autoComplete="address-level2" {...form.getInputProps('address.city')} />
        <TextInput
          label="State or region"
          autoComplete="address-level1"
          {...form.getInputProps('address.state')}
        />
        <TextInput
          label="Postal code"
          autoComplete="postal-code"
          {...form.getInputProps('address.postalCode')}
        />
        <TextInput label="Country" autoComplete="country-name" {...form.getInputProps('address.country')} />
      </SimpleGrid>
    </Fieldset>
  );
}
