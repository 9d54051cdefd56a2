import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  NativeSelect,
  Paper,
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
  promoCodeBody,
  type PackageListDto,
  type PromoCodeBody,
  type PromoCodeDto,
  type PromoCodeListDto,
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

const promoCodesKey = (companyId: string) => [companyId, 'promo-codes'] as const;

interface PromoFormValues {
  code: string;
  discountKind: 'percent' | 'amount';
  /** Whole percent, or major units of the currency. */
  discountValue: number | string;
  validFrom: string;
  validUntil: string;
  maxUses: number | string;
  maxUsesPerClient: number | string;
  packageIds: string[];
}

const orNull = (value: number | string) => (value === '' ? null : value);

function toBody(values: PromoFormValues, currency: string): PromoCodeBody {
  return {
    code: values.code,
    discountKind: values.discountKind,
    discountValue: (values.discountKind === 'amount'
      ? majorToMinor(values.discountValue, currency)
      : values.discountValue) as number,
    validFrom: values.validFrom || null,
    validUntil: values.validUntil || null,
    maxUses: orNull(values.maxUses) as number,
    maxUsesPerClient: orNull(values.maxUsesPerClient) as number,
    packageIds: values.packageIds,
  };
}

function toValues(code: PromoCodeDto | undefined, currency: string): PromoFormValues {
  if (!code)
    return {
      code: '',
      discountKind: 'percent',
      discountValue: '',
      validFrom: '',
      validUntil: '',
      maxUses: '',
      maxUsesPerClient: 1,
      packageIds: [],
    };
  return {
    code: code.code,
    discountKind: code.discountKind,
    discountValue:
      code.discountKind === 'amount' ? minorToMajor(code.discountValue, currency) : code.discountValue,
    validFrom: code.validFrom ?? '',
    validUntil: code.validUntil ?? '',
    maxUses: code.maxUses ?? '',
    maxUsesPerClient: code.maxUsesPerClient ?? '',
    packageIds: [...code.packageIds],
  };
}

/** "10%" or "$5.00" off. */
export const discountLabel = (code: Pick<PromoCodeDto, 'discountKind' | 'discountValue' | 'currency'>) =>
  code.discountKind === 'percent'
    ? `${code.discountValue}% off`
    : `${formatMoney(code.discountValue, code.currency)} off`;

/** Settings › Promo-Codes (spec §3/§4): the list, delete by id, and the modal to add or edit one. */
export function PromoCodesPage() {
  usePageTitle('Promo-Codes');
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const manage = me.data?.can.manageSettings ?? false;
  const queryClient = useQueryClient();
  const codes = useQuery({
    queryKey: promoCodesKey(companyId),
    queryFn: () => apiRequest<PromoCodeListDto>('promo-codes', { silent: true, showLoader: false }),
    enabled: Boolean(companyId),
  });
  const packages = useQuery({
    queryKey: [companyId, 'packages', 'all-active'],
    queryFn: () => apiRequest<PackageListDto>('packages?pageSize=100', { silent: true, showLoader: false }),
    enabled: Boolean(companyId),
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest(`promo-codes/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promoCodesKey(companyId) }),
  });
  // The spec's promo modal: open for a new code (null) or a code's edit data.
  const [modal, setModal] = useState<{ code?: PromoCodeDto } | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const narrow = useMediaQuery('(max-width: 47.99em)') ?? false;
  const currency = packages.data?.items[0]?.currency ?? codes.data?.items[0]?.currency ?? 'USD';
  const packageName = new Map((packages.data?.items ?? []).map((item) => [item.id, item.name]));

  return (
    <Stack gap="md" maw={820}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>Promo-Codes</Title>
          <Text c="dimmed">Discounts clients enter when they buy a package.</Text>
        </Stack>
        {manage ? <Button onClick={() => setModal({})}>Add promo code</Button> : null}
      </Group>
      <div role="status" aria-live="polite">
        {note ? (
          <Alert color="green" variant="light" styles={{ message: { color: 'var(--mantine-color-text)' } }}>
            {note}
          </Alert>
        ) : null}
      </div>
      {codes.isError ? (
        <Alert color="red" role="alert" title="The promo codes could not be loaded">
          {codes.error.message}
        </Alert>
      ) : !codes.data ? (
        <PageLoader />
      ) : codes.data.items.length === 0 ? (
        <Text c="dimmed">No promo codes yet.</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {codes.data.items.map((code) => (
            <Paper key={code.id} component="li" withBorder p="md" radius="md">
              <Stack gap={4}>
                <Group gap="xs" justify="space-between" wrap="wrap">
                  <Text fw={700} ff="monospace">
                    {code.code}
                  </Text>
                  <Text fw={700}>{discountLabel(code)}</Text>
                </Group>
                <Text size="sm">
                  {code.validFrom || code.validUntil
                    ? `Valid ${code.validFrom ? `from ${code.validFrom}` : ''}${code.validFrom && code.validUntil ? ' ' : ''}${code.validUntil ? `until ${code.validUntil}` : ''}`
                    : 'No end date'}
                  {' · '}
                  {code.maxUses === null ? `used ${code.uses} times` : `used ${code.uses} of ${code.maxUses}`}
                  {code.maxUsesPerClient !== null ? ` · ${code.maxUsesPerClient} per client` : ''}
                </Text>
                <Text size="sm" c="dimmed">
                  {code.packageIds.length === 0
                    ? 'All packages'
                    : code.packageIds.map((id) => packageName.get(id) ?? 'A removed package').join(', ')}
                </Text>
                {manage ? (
                  <Group gap="xs">
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Edit ${code.code}`}
                      onClick={() => setModal({ code })}
                    >
                      Edit
                    </Button>
                    <ConfirmActionButton
                      label="Delete"
                      ariaLabel={`Delete ${code.code}`}
                      title={`Delete ${code.code}?`}
                      confirmLabel="Delete the code"
                      failedTitle="The code was not deleted"
                      busy={remove.isPending}
                      color="red"
                      variant="subtle"
                      run={async () => {
                        await remove.mutateAsync(code.id);
                        setNote(`${code.code} deleted. Orders that used it keep their discount.`);
                      }}
                    >
                      Clients can no longer use {code.code}. Orders that used it keep their discount.
                    </ConfirmActionButton>
                  </Group>
                ) : null}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      <Modal
        opened={modal !== null}
        onClose={() => setModal(null)}
        title={modal?.code ? `Edit ${modal.code.code}` : 'Add a promo code'}
        size="lg"
        fullScreen={narrow}
        returnFocus
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {modal ? (
          <PromoCodeForm
            companyId={companyId}
            currency={currency}
            code={modal.code}
            packages={(packages.data?.items ?? []).map((item) => ({ value: item.id, label: item.name }))}
            onCancel={() => setModal(null)}
            onSaved={(saved) => {
              setNote(`${saved.code} saved.`);
              setModal(null);
            }}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}

function PromoCodeForm({
  companyId,
  currency,
  code,
  packages,
  onCancel,
  onSaved,
}: {
  companyId: string;
  currency: string;
  code: PromoCodeDto | undefined;
  packages: { value: string; label: string }[];
  onCancel: () => void;
  onSaved: (saved: PromoCodeDto) => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<PromoFormValues>({
    initialValues: toValues(code, currency),
    validate: (values) => {
      const parsed = promoCodeBody.safeParse(toBody(values, currency));
      if (parsed.success) return {};
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.');
        if (key && !errors[key]) errors[key] = issue.message;
      }
      return errors;
    },
  });
  const { submitError, runSubmit } = useFormSubmit(form);
  const save = useMutation({
    mutationFn: (body: PromoCodeBody) =>
      apiRequest<PromoCodeDto>(code ? `promo-codes/${encodeURIComponent(code.id)}` : 'promo-codes', {
        method: code ? 'PUT' : 'POST',
        body,
        inlineErrors: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promoCodesKey(companyId) }),
  });
  const percent = form.values.discountKind === 'percent';
  return (
    <form
      onSubmit={form.onSubmit((values) =>
        runSubmit(async () => onSaved(await save.mutateAsync(toBody(values, currency)))),
      )}
      noValidate
    >
      <Stack gap="md">
        <TextInput
          label="Code"
          description="Letters, digits, - and _; clients type it in any case"
          required
          data-autofocus
          {...form.getInputProps('code')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NativeSelect
            label="Discount"
            data={[
              { value: 'percent', label: 'Percent off' },
              { value: 'amount', label: `Amount off (${currency})` },
            ]}
            {...form.getInputProps('discountKind')}
          />
          <SpecNumberInput
            label={percent ? 'Percent' : `Amount (${currency})`}
            required
            decimals={percent ? 0 : 2}
            fixedDecimalScale={false}
            {...form.getInputProps('discountValue')}
          />
          <TextInput
            label="First day"
            type="date"
            description="Empty: from now"
            {...form.getInputProps('validFrom')}
          />
          <TextInput
            label="Last day"
            type="date"
            description="Empty: no end"
            {...form.getInputProps('validUntil')}
          />
          <SpecNumberInput
            label="Uses in all"
            description="Empty: no limit"
            {...form.getInputProps('maxUses')}
          />
          <SpecNumberInput
            label="Uses per client"
            description="Empty: no limit"
            {...form.getInputProps('maxUsesPerClient')}
          />
        </SimpleGrid>
        <MultiSelect
          label="Packages"
          placeholder={form.values.packageIds.length ? undefined : 'All packages'}
          data={packages}
          searchable
          clearable
          {...form.getInputProps('packageIds')}
        />
        <FormSubmitError message={submitError} />
        <Group>
          <BusyButton type="submit" busy={save.isPending}>
            {code ? 'Save' : 'Add promo code'}
          </BusyButton>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
