import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatMoney,
  formatPercent,
  PPM_PER_PERCENT,
  ppmToPercent,
  productBody,
  taxRateBody,
  type ProductBody,
  type ProductDto,
  type ProductListDto,
  type TaxRateBody,
  type TaxRateDto,
} from '@kinetic/shared';
import { apiRequest } from '../../api/client.ts';
import { useFormSubmit } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { SpecNumberInput } from '../../ui/spec-number-input.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { ConfirmActionButton } from '../class-templates/confirm-action-button.tsx';
import { majorToMinor, minorToMajor } from '../class-templates/money.ts';
import { useCompanyDetails } from '../company-details/api/get-company-details.ts';
import { taxRatesQueryKey, useTaxRates } from '../packages/api/packages-api.ts';
import { OnlinePaymentsSection } from '../payment-settings/online-payments-section.tsx';
import { StatusNote } from '../../ui/status-note.tsx';

/** The tax field's own "No tax" choice (the form keeps null). */
const NO_TAX = 'none';

const productsKey = (companyId: string) => [companyId, 'products'] as const;

/** The contract's messages at the form's fields. */
function issuesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join('.');
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

const taxLabel = (rate: TaxRateDto) =>
  `${rate.name} ${formatPercent(rate.ratePpm)}${rate.inclusive ? ', included in prices' : ', added on top'}`;

/**
 * Settings › Services and Products (spec `reportSettings`): what the desk sells besides packages, and
 * the company's tax rates (spec "companyData (tax)") that packages and items are sold with.
 */
export function ProductsPage() {
  usePageTitle('Services and Products');
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const manage = me.data?.can.manageSettings ?? false;
  const details = useCompanyDetails(companyId);
  const currency = details.data?.currency ?? 'USD';
  const queryClient = useQueryClient();
  const items = useQuery({
    queryKey: productsKey(companyId),
    queryFn: () =>
      apiRequest<ProductListDto>('products?status=all&pageSize=100', { silent: true, showLoader: false }),
    enabled: Boolean(companyId),
  });
  const rates = useTaxRates(companyId);
  const archive = useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) =>
      apiRequest<ProductDto>(`products/${encodeURIComponent(id)}/${archived ? 'archive' : 'restore'}`, {
        method: 'POST',
        body: {},
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsKey(companyId) }),
  });
  const removeRate = useMutation({
    mutationFn: (id: string) =>
      apiRequest(`tax-rates/${encodeURIComponent(id)}`, { method: 'DELETE', inlineErrors: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxRatesQueryKey(companyId) }),
  });
  const [editing, setEditing] = useState<{ item?: ProductDto } | null>(null);
  const [editingRate, setEditingRate] = useState<{ rate?: TaxRateDto } | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const narrow = useMediaQuery('(max-width: 47.99em)') ?? false;
  const rateName = new Map((rates.data?.items ?? []).map((rate) => [rate.id, taxLabel(rate)]));

  return (
    <Stack gap="md" maw={820}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>Services and Products</Title>
          <Text c="dimmed">What the desk sells besides packages, and the taxes you charge.</Text>
        </Stack>
        {manage ? <Button onClick={() => setEditing({})}>Add item</Button> : null}
      </Group>
      <StatusNote note={note} />
      {items.isError ? (
        <Alert color="red" role="alert" title="The items could not be loaded">
          {items.error.message}
        </Alert>
      ) : !items.data ? (
        <PageLoader />
      ) : items.data.items.length === 0 ? (
        <Text c="dimmed">
          No services or products yet: add one such as “Grip socks” or “Private session”.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.data.items.map((item) => (
            <Paper key={item.id} component="li" withBorder p="md" radius="md">
              <Stack gap={4}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text fw={700} td={item.archived ? 'line-through' : undefined}>
                    {item.name}
                  </Text>
                  <Text fw={700}>{formatMoney(item.price, item.currency)}</Text>
                </Group>
                <Text size="sm" c="dimmed">
                  {item.kind === 'service' ? 'Service' : 'Product'}
                  {item.sku ? ` · SKU ${item.sku}` : ''}
                  {' · '}
                  {item.taxRateId ? (rateName.get(item.taxRateId) ?? 'Tax') : 'No tax'}
                  {item.archived ? ' · archived' : ''}
                </Text>
                {manage ? (
                  <Group gap="xs">
                    {!item.archived ? (
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`Edit ${item.name}`}
                        onClick={() => setEditing({ item })}
                      >
                        Edit
                      </Button>
                    ) : null}
                    <ConfirmActionButton
                      label={item.archived ? 'Restore' : 'Archive'}
                      ariaLabel={`${item.archived ? 'Restore' : 'Archive'} ${item.name}`}
                      title={`${item.archived ? 'Restore' : 'Archive'} ${item.name}?`}
                      confirmLabel={item.archived ? 'Sell it again' : 'Stop selling it'}
                      failedTitle="That did not work"
                      busy={archive.isPending}
                      color={item.archived ? undefined : 'red'}
                      variant="subtle"
                      run={async () => {
                        await archive.mutateAsync({ id: item.id, archived: !item.archived });
                        setNote(`${item.name} ${item.archived ? 'is sold again' : 'archived'}.`);
                      }}
                    >
                      {item.archived
                        ? `${item.name} can be sold again.`
                        : `${item.name} will no longer be offered at the desk.`}
                    </ConfirmActionButton>
                  </Group>
                ) : null}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}

      <Stack gap="sm" component="section" aria-labelledby="tax-rates-heading" mt="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={2} size="h3" id="tax-rates-heading">
            Tax rates
          </Title>
          {manage ? (
            <Button variant="light" onClick={() => setEditingRate({})}>
              Add tax rate
            </Button>
          ) : null}
        </Group>
        {!rates.data ? (
          <PageLoader />
        ) : rates.data.items.length === 0 ? (
          <Text c="dimmed">No tax rates: prices are sold without tax.</Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {rates.data.items.map((rate) => (
              <Paper key={rate.id} component="li" withBorder p="sm" radius="md">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text>{taxLabel(rate)}</Text>
                  {manage ? (
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`Edit ${rate.name}`}
                        onClick={() => setEditingRate({ rate })}
                      >
                        Edit
                      </Button>
                      <ConfirmActionButton
                        label="Delete"
                        ariaLabel={`Delete ${rate.name}`}
                        title={`Delete ${rate.name}?`}
                        confirmLabel="Delete the rate"
                        failedTitle="The rate was not deleted"
                        busy={removeRate.isPending}
                        color="red"
                        variant="subtle"
                        run={async () => {
                          await removeRate.mutateAsync(rate.id);
                          setNote(`${rate.name} deleted.`);
                        }}
                      >
                        What was already sold keeps the tax it was sold with.
                      </ConfirmActionButton>
                    </Group>
                  ) : null}
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>

      {manage ? <OnlinePaymentsSection companyId={companyId} /> : null}

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.item ? `Edit ${editing.item.name}` : 'Add a service or product'}
        size="lg"
        fullScreen={narrow}
        returnFocus
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {editing ? (
          <ProductForm
            companyId={companyId}
            currency={currency}
            item={editing.item}
            rates={rates.data?.items ?? []}
            onCancel={() => setEditing(null)}
            onSaved={(saved) => {
              setNote(`${saved.name} saved.`);
              setEditing(null);
            }}
          />
        ) : null}
      </Modal>
      <Modal
        opened={editingRate !== null}
        onClose={() => setEditingRate(null)}
        title={editingRate?.rate ? `Edit ${editingRate.rate.name}` : 'Add a tax rate'}
        fullScreen={narrow}
        returnFocus
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {editingRate ? (
          <TaxRateForm
            companyId={companyId}
            rate={editingRate.rate}
            onCancel={() => setEditingRate(null)}
            onSaved={(saved) => {
              setNote(`${saved.name} saved.`);
              setEditingRate(null);
            }}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}

interface ProductFormValues {
  kind: 'product' | 'service';
  name: string;
  description: string;
  price: number | string;
  taxRateId: string | null;
  sku: string;
}

function ProductForm({
  companyId,
  currency,
  item,
  rates,
  onCancel,
  onSaved,
}: {
  companyId: string;
  currency: string;
  item: ProductDto | undefined;
  rates: TaxRateDto[];
  onCancel: () => void;
  onSaved: (saved: ProductDto) => void;
}) {
  const queryClient = useQueryClient();
  const toBody = (values: ProductFormValues): ProductBody => ({
    kind: values.kind,
    name: values.name,
    description: values.description,
    price: majorToMinor(values.price, currency) as number,
    taxRateId: values.taxRateId || null,
    sku: values.sku,
  });
  const form = useForm<ProductFormValues>({
    initialValues: item
      ? {
          kind: item.kind,
          name: item.name,
          description: item.description ?? '',
          price: minorToMajor(item.price, currency),
          taxRateId: item.taxRateId,
          sku: item.sku ?? '',
        }
      : { kind: 'product', name: '', description: '', price: '', taxRateId: null, sku: '' },
    validate: (values) => issuesOf(productBody.safeParse(toBody(values))),
  });
  const { submitError, runSubmit } = useFormSubmit(form);
  const save = useMutation({
    mutationFn: (body: ProductBody) =>
      apiRequest<ProductDto>(item ? `products/${encodeURIComponent(item.id)}` : 'products', {
        method: item ? 'PUT' : 'POST',
        body,
        inlineErrors: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsKey(companyId) }),
  });
  return (
    <form
      onSubmit={form.onSubmit((values) =>
        runSubmit(async () => onSaved(await save.mutateAsync(toBody(values)))),
      )}
      noValidate
    >
      <Stack gap="md">
        <NativeSelect
          label="Kind"
          data={[
            { value: 'product', label: 'Product' },
            { value: 'service', label: 'Service' },
          ]}
          {...form.getInputProps('kind')}
        />
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Description" {...form.getInputProps('description')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <SpecNumberInput
            label={`Price (${currency})`}
            required
            decimals={2}
            fixedDecimalScale={false}
            {...form.getInputProps('price')}
          />
          <Select
            label="Tax"
            data={[{ value: NO_TAX, label: 'No tax' }, ...rates.map((rate) => ({ value: rate.id, label: taxLabel(rate) }))]}
            allowDeselect={false}
            {...form.getInputProps('taxRateId')}
            value={form.values.taxRateId ?? NO_TAX}
            onChange={(value) => form.setFieldValue('taxRateId', value && value !== NO_TAX ? value : null)}
          />
        </SimpleGrid>
        <TextInput label="SKU" description="Optional stock code" {...form.getInputProps('sku')} />
        <FormSubmitError message={submitError} />
        <Group>
          <BusyButton type="submit" busy={save.isPending}>
            {item ? 'Save' : 'Add item'}
          </BusyButton>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface TaxRateFormValues {
  name: string;
  /** Typed as a percent ("8.875", up to four decimals); sent as parts per million. */
  percent: number | string;
  inclusive: boolean;
}

function TaxRateForm({
  companyId,
  rate,
  onCancel,
  onSaved,
}: {
  companyId: string;
  rate: TaxRateDto | undefined;
  onCancel: () => void;
  onSaved: (saved: TaxRateDto) => void;
}) {
  const queryClient = useQueryClient();
  const toBody = (values: TaxRateFormValues): TaxRateBody => ({
    name: values.name,
    ratePpm: (values.percent === '' ? '' : Math.round(Number(values.percent) * PPM_PER_PERCENT)) as number,
    inclusive: values.inclusive,
  });
  const form = useForm<TaxRateFormValues>({
    initialValues: rate
      ? { name: rate.name, percent: ppmToPercent(rate.ratePpm), inclusive: rate.inclusive }
      : { name: '', percent: '', inclusive: false },
    validate: (values) => {
      const errors = issuesOf(taxRateBody.safeParse(toBody(values)));
      if (errors.ratePpm) return { ...errors, percent: errors.ratePpm };
      return errors;
    },
  });
  const { submitError, runSubmit } = useFormSubmit(form);
  const save = useMutation({
    mutationFn: (body: TaxRateBody) =>
      apiRequest<TaxRateDto>(rate ? `tax-rates/${encodeURIComponent(rate.id)}` : 'tax-rates', {
        method: rate ? 'PUT' : 'POST',
        body,
        inlineErrors: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxRatesQueryKey(companyId) }),
  });
  return (
    <form
      onSubmit={form.onSubmit((values) =>
        runSubmit(async () => onSaved(await save.mutateAsync(toBody(values)))),
      )}
      noValidate
    >
      <Stack gap="md">
        <TextInput
          label="Name"
          description="For example “Sales tax” or “VAT”"
          required
          data-autofocus
          {...form.getInputProps('name')}
        />
        <SpecNumberInput
          label="Rate (%)"
          description="Up to four decimals, for example 8.875"
          required
          decimals={4}
          fixedDecimalScale={false}
          {...form.getInputProps('percent')}
        />
        <Checkbox
          label="Prices already include this tax (VAT-style)"
          {...form.getInputProps('inclusive', { type: 'checkbox' })}
        />
        <FormSubmitError message={submitError} />
        <Group>
          <BusyButton type="submit" busy={save.isPending}>
            {rate ? 'Save' : 'Add tax rate'}
          </BusyButton>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
