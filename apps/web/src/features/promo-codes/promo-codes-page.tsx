import { useRef, useState } from 'react';
import {
  Alert,
  Badge,
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
  packagesMadeFree,
  promoAmountProblem,
  promoCodeBody,
  type PackageListDto,
  type PromoCodeBody,
  type PromoCodeDto,
  type PromoCodeListDto,
  type PromoPackage,
  type PromoStatus,
} from '@kinetic/shared';
import { apiRequest } from '../../api/client.ts';
import { useFormSubmit } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { focusFirstInvalid } from '../../ui/focus-first-invalid.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { SpecNumberInput } from '../../ui/spec-number-input.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { ConfirmActionButton } from '../class-templates/confirm-action-button.tsx';
import { majorToMinor, minorToMajor } from '../class-templates/money.ts';
import { byLabel, focusWhenGone } from '../packages/focus-when-gone.ts';
import { StatusNote } from '../../ui/status-note.tsx';

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

/** The list's badge: where a code stands today (the server decides, on the company's calendar). */
export const PROMO_STATUS_BADGE: Record<PromoStatus, { label: string; color: string }> = {
  active: { label: 'Active', color: 'teal.9' },
  'not-yet-valid': { label: 'Not yet valid', color: 'blue.9' },
  expired: { label: 'Expired', color: 'gray.7' },
  'used-up': { label: 'Used up', color: 'gray.7' },
};

/** Every problem with the form's values at once: the body's own rules, and an amount within the price. */
export function promoFormErrors(
  values: PromoFormValues,
  currency: string,
  packages: readonly PromoPackage[],
): Record<string, string> {
  const body = toBody(values, currency);
  const errors: Record<string, string> = {};
  const parsed = promoCodeBody.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.');
      if (key && !errors[key]) errors[key] = issue.message;
    }
  const tooMuch = promoAmountProblem(body, packages, currency);
  if (tooMuch && !errors.discountValue) errors.discountValue = tooMuch;
  return errors;
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
  const onSale: PromoPackage[] = (packages.data?.items ?? []).map((item) => ({
    id: item.id,
    name: item.name,
    price: item.price,
    archived: item.archived,
  }));
  const headingRef = useRef<HTMLHeadingElement>(null);

  return (
    <Stack gap="md" maw={820}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1} ref={headingRef} tabIndex={-1}>
            Promo-Codes
          </Title>
          <Text c="dimmed">Discounts clients enter when they buy a package.</Text>
        </Stack>
        {manage ? <Button onClick={() => setModal({})}>Add promo code</Button> : null}
      </Group>
      <StatusNote note={note} />
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
          {codes.data.items.map((code, index, all) => (
            <Paper key={code.id} component="li" withBorder p="md" radius="md" data-promo-id={code.id}>
              <Stack gap={4}>
                <Group gap="xs" justify="space-between" wrap="wrap">
                  <Group gap="xs" wrap="wrap">
                    <Text fw={700} ff="monospace">
                      {code.code}
                    </Text>
                    <Badge color={PROMO_STATUS_BADGE[code.status].color} variant="filled">
                      {PROMO_STATUS_BADGE[code.status].label}
                    </Badge>
                  </Group>
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
                        // Its row is gone: focus goes to the next code's Edit (or the one before), else the heading.
                        const next = all[index + 1] ?? all[index - 1];
                        focusWhenGone(
                          () => !document.querySelector(`[data-promo-id="${code.id}"]`),
                          () => (next ? byLabel(`Edit ${next.code}`) : null) ?? headingRef.current,
                        );
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
            packages={onSale}
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
  packages: PromoPackage[];
  onCancel: () => void;
  onSaved: (saved: PromoCodeDto) => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<PromoFormValues>({
    initialValues: toValues(code, currency),
    validate: (values) => promoFormErrors(values, currency, packages),
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
  const formRef = useRef<HTMLFormElement>(null);
  const percent = form.values.discountKind === 'percent';
  const body = toBody(form.values, currency);
  const dearest = [...packages].sort((a, b) => b.price - a.price)[0];
  const free = packagesMadeFree(body, packages);
  const money = (item: PromoPackage) => `${item.name} (${formatMoney(item.price, currency)})`;
  return (
    <form
      ref={formRef}
      onSubmit={form.onSubmit(
        async (values) => {
          const saved = await runSubmit(async () => onSaved(await save.mutateAsync(toBody(values, currency))));
          if (!saved) focusFirstInvalid(formRef.current);
        },
        () => focusFirstInvalid(formRef.current),
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
            description={
              percent
                ? '1 to 100'
                : `At most the price of each package it is for${
                    dearest && form.values.packageIds.length === 0
                      ? `; for all packages, at most the dearest, ${money(dearest)}`
                      : ''
                  }`
            }
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
            description="Empty: no limit. At least the uses per client"
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
          data={packages.map((item) => ({ value: item.id, label: item.name }))}
          searchable
          clearable
          {...form.getInputProps('packageIds')}
        />
        {free.length > 0 && !form.errors.discountValue ? (
          <Text size="sm" role="note">
            Free with this code (the amount is their whole price): {free.map(money).join(', ')}.
          </Text>
        ) : null}
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
