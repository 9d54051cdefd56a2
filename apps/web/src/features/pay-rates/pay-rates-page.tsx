import { useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PAY_RATE_KIND_VALUES,
  PAY_RATE_STATUS_LABELS,
  payRateBody,
  type ClassTemplateListDto,
  type PayRateDto,
  type PayRateKind,
  type PayRateListDto,
  type PayRateListItemDto,
  type PayRateStatus,
  type PersonDto,
} from '@kinetic/shared';
import { apiRequest } from '../../api/client.ts';
import { useAppBase } from '../../shell/use-app-base.ts';
import { useFormSubmit } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { focusFirstInvalid } from '../../ui/focus-first-invalid.ts';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { MoneyInput } from '../../ui/money-input.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { StatusNote } from '../../ui/status-note.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { ConfirmActionButton } from '../class-templates/confirm-action-button.tsx';
import { byLabel, focusWhenGone } from '../packages/focus-when-gone.ts';
import { usePeople } from '../people/api/list-people.ts';
import {
  amountLabel,
  kindLabel,
  payRateSummary,
  afterDeletingRate,
  APPOINTMENTS_CHOICE,
  dayAfter,
  formatDay,
  payRateFormErrors,
  toPayRateBody,
  toPayRateFormValues,
  toPayRateUpdateBody,
  type PayRateFormValues,
} from './pay-rate-values.ts';

const payRatesKey = (companyId: string) => [companyId, 'pay-rates'] as const;

/** Where a rate stands on the company's today. */
export const PAY_RATE_STATUS_BADGE: Record<PayRateStatus, { label: string; color: string }> = {
  in_force: { label: PAY_RATE_STATUS_LABELS.in_force, color: 'teal.9' },
  scheduled: { label: PAY_RATE_STATUS_LABELS.scheduled, color: 'blue.9' },
  past: { label: PAY_RATE_STATUS_LABELS.past, color: 'gray.7' },
};

type Dialog = { instructorId: string; rate?: PayRateListItemDto } | null;

/** Settings › Staff Payrates (issue 15 §3): each instructor's effective-dated rates. */
export function PayRatesPage() {
  usePageTitle('Staff Payrates');
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const locale = me.data?.company.locale ?? 'en-US';
  const allowed = Boolean(me.data?.can.manageStaff && me.data.can.seeFinancials);
  const rates = useQuery({
    queryKey: payRatesKey(companyId),
    queryFn: () => apiRequest<PayRateListDto>('pay-rates', { silent: true, showLoader: false }),
    enabled: Boolean(companyId) && allowed,
  });
  const people = usePeople(allowed ? companyId : '', 'instructor');
  const templates = useQuery({
    queryKey: [companyId, 'class-templates', 'choices'],
    queryFn: () =>
      apiRequest<ClassTemplateListDto>('class-templates?status=active&pageSize=100', {
        silent: true,
        showLoader: false,
      }),
    enabled: Boolean(companyId) && allowed,
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [note, setNote] = useState<string | null>(null);
  const narrow = useMediaQuery('(max-width: 47.99em)') ?? false;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const base = useAppBase();

  if (me.data && !allowed)
    return (
      <Stack gap="md" maw={820}>
        <Title order={1}>Staff Payrates</Title>
        <Alert color="gray" role="note">
          Pay rates need both “Manage staff” and “See financial data”. Ask the business owner or an admin for
          access.
        </Alert>
      </Stack>
    );

  const instructors = (people.data?.items ?? []).filter((person) => person.active);
  const error = rates.error ?? people.error ?? templates.error;
  const data = rates.data;
  const dialogInstructor = dialog
    ? instructors.find((person) => person.id === dialog.instructorId)
    : undefined;

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4} maw={680}>
          <Title order={1} ref={headingRef} tabIndex={-1}>
            Staff Payrates
          </Title>
          <Text c="dimmed">
            What each instructor is paid for the classes they teach and the appointments they give. A new rate
            applies from its date on; classes and appointments before it keep the rate that was in force when
            they took place.
          </Text>
        </Stack>
        {instructors.length > 0 && data ? (
          <Button onClick={() => setDialog({ instructorId: '' })}>Set a new rate</Button>
        ) : null}
      </Group>
      <StatusNote note={note} />
      {data?.closedThrough ? (
        <Text size="sm">
          Payroll is closed up to {formatDay(data.closedThrough, locale)}: new rates can start from{' '}
          {formatDay(dayAfter(data.closedThrough), locale)}.
        </Text>
      ) : null}
      {error ? (
        <Alert color="red" role="alert" title="The pay rates could not be loaded">
          {error.message}
        </Alert>
      ) : !data || !people.data ? (
        <PageLoader />
      ) : instructors.length === 0 ? (
        <Text c="dimmed">
          No active instructors yet.{' '}
          <Anchor component={Link} to={`${base}/settings/instructors`}>
            Add an instructor
          </Anchor>{' '}
          to set what they are paid.
        </Text>
      ) : (
        <Stack gap="lg">
          {instructors.map((person) => (
            <InstructorRates
              key={person.id}
              person={person}
              rates={data.items.filter((rate) => rate.instructorId === person.id)}
              currency={data.currency}
              locale={locale}
              companyId={companyId}
              narrow={narrow}
              onAdd={() => setDialog({ instructorId: person.id })}
              onEdit={(rate) => setDialog({ instructorId: person.id, rate })}
              onNote={setNote}
              fallbackFocus={() => headingRef.current}
            />
          ))}
        </Stack>
      )}
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={
          dialog?.rate
            ? `Edit ${dialogInstructor?.name ?? dialog.rate.instructorName}’s rate from ${formatDay(dialog.rate.effectiveFrom, locale)}`
            : dialogInstructor
              ? `Set a new rate for ${dialogInstructor.name}`
              : 'Set a new rate'
        }
        size="lg"
        fullScreen={narrow}
        returnFocus
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {dialog && data ? (
          <PayRateForm
            companyId={companyId}
            currency={data.currency}
            locale={locale}
            today={data.today}
            closedThrough={data.closedThrough}
            instructorId={dialog.instructorId}
            rate={dialog.rate}
            instructors={instructors}
            templates={(templates.data?.items ?? []).map((item) => ({ value: item.id, label: item.name }))}
            hoursPath={`${base}/settings/hours`}
            onCancel={() => setDialog(null)}
            onSaved={(saved, name) => {
              setNote(
                `${name}: ${payRateSummary(saved, data.currency)} from ${formatDay(saved.effectiveFrom, locale)}${
                  saved.templateId
                    ? ` for ${templates.data?.items.find((t) => t.id === saved.templateId)?.name ?? 'one class template'}`
                    : ''
                }.`,
              );
              setDialog(null);
            }}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}

function StatusBadge({ status }: { status: PayRateStatus }) {
  return (
    <Badge color={PAY_RATE_STATUS_BADGE[status].color} variant="filled">
      {PAY_RATE_STATUS_BADGE[status].label}
    </Badge>
  );
}

/** One instructor: the rate in force for all classes, and every rate's history. */
function InstructorRates({
  person,
  rates,
  currency,
  locale,
  companyId,
  narrow,
  onAdd,
  onEdit,
  onNote,
  fallbackFocus,
}: {
  person: PersonDto;
  rates: PayRateListItemDto[];
  currency: string;
  locale: string;
  companyId: string;
  narrow: boolean;
  onAdd: () => void;
  onEdit: (rate: PayRateListItemDto) => void;
  onNote: (note: string) => void;
  fallbackFocus: () => HTMLElement | null;
}) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest(`pay-rates/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payRatesKey(companyId) }),
  });
  const headingId = `pay-rates-${person.id}`;
  const general = rates.find(
    (rate) => rate.templateId === null && rate.service === 'class' && rate.status === 'in_force',
  );
  /** The class templates with a rate of their own in force: they are not paid at the general rate. */
  const overrides = rates.filter((rate) => rate.templateId !== null && rate.status === 'in_force');
  /** Their rate for appointments (issue 17), apart from classes. */
  const forAppointments = rates.find((rate) => rate.service === 'appointment' && rate.status === 'in_force');
  const appliesTo = (rate: PayRateListItemDto) =>
    rate.service === 'appointment' ? 'Appointments' : (rate.templateName ?? 'All classes');
  const rateName = (rate: PayRateListItemDto) =>
    `${person.name}’s rate from ${formatDay(rate.effectiveFrom, locale)}${
      rate.service === 'appointment'
        ? ' for appointments'
        : rate.templateName
          ? ` for ${rate.templateName}`
          : ''
    }`;

  const actions = (rate: PayRateListItemDto, index: number) =>
    rate.status === 'scheduled' ? (
      <Group gap="xs" wrap="nowrap">
        <Button
          size="xs"
          variant="default"
          aria-label={`Edit ${rateName(rate)}`}
          onClick={() => onEdit(rate)}
        >
          Edit
        </Button>
        <ConfirmActionButton
          label="Delete"
          ariaLabel={`Delete ${rateName(rate)}`}
          title={`Delete ${rateName(rate)}?`}
          confirmLabel="Delete the rate"
          failedTitle="The rate was not deleted"
          busy={remove.isPending}
          color="red"
          variant="subtle"
          run={async () => {
            await remove.mutateAsync(rate.id);
            onNote(`${rateName(rate)} deleted.`);
            const next = rates.slice(index + 1).find((item) => item.status === 'scheduled');
            focusWhenGone(
              () => !document.querySelector(`[data-rate-id="${rate.id}"]`),
              () =>
                (next ? byLabel(`Edit ${rateName(next)}`) : null) ??
                byLabel(`Set a new rate for ${person.name}`) ??
                fallbackFocus(),
            );
          }}
        >
          {afterDeletingRate(rate, rates, person.name, currency, locale)}
        </ConfirmActionButton>
      </Group>
    ) : null;

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} size="h3" id={headingId}>
              {person.name}
            </Title>
            <Text size="sm">
              {general
                ? `In force: ${payRateSummary(general, currency)}`
                : rates.length === 0
                  ? 'No rate yet: their classes show on payroll without pay until one is set.'
                  : 'No rate for all classes in force today.'}
            </Text>
            {overrides.length > 0 ? (
              <Text size="sm">
                {overrides
                  .map((rate) => `${rate.templateName ?? ''}: ${payRateSummary(rate, currency)}`)
                  .join('; ')}{' '}
                (a class template’s own rate)
              </Text>
            ) : null}
            {forAppointments ? (
              <Text size="sm">Appointments: {payRateSummary(forAppointments, currency)}</Text>
            ) : null}
          </Stack>
          <Button size="xs" variant="light" aria-label={`Set a new rate for ${person.name}`} onClick={onAdd}>
            Set a new rate
          </Button>
        </Group>
        {rates.length === 0 ? null : narrow ? (
          <Stack
            gap="xs"
            component="ul"
            aria-label={`${person.name}’s rates`}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {rates.map((rate, index) => (
              <Paper key={rate.id} component="li" withBorder p="sm" radius="sm" data-rate-id={rate.id}>
                <Stack gap={4}>
                  <Group gap="xs" justify="space-between" wrap="wrap">
                    <Text fw={700}>From {formatDay(rate.effectiveFrom, locale)}</Text>
                    <StatusBadge status={rate.status} />
                  </Group>
                  <Text size="sm">{payRateSummary(rate, currency)}</Text>
                  <Text size="sm" c="dimmed">
                    {kindLabel(rate.kind, rate.service)} · {appliesTo(rate)}
                  </Text>
                  {actions(rate, index)}
                </Stack>
              </Paper>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="xs" layout="fixed" aria-label={`${person.name}’s rates`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col" w="14%">
                    From
                  </Table.Th>
                  <Table.Th scope="col" w="16%">
                    Applies to
                  </Table.Th>
                  <Table.Th scope="col" w="12%">
                    Kind
                  </Table.Th>
                  <Table.Th scope="col">Rate</Table.Th>
                  <Table.Th scope="col" w="12%">
                    Status
                  </Table.Th>
                  <Table.Th scope="col" w="18%">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rates.map((rate, index) => (
                  <Table.Tr key={rate.id} data-rate-id={rate.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDay(rate.effectiveFrom, locale)}
                    </Table.Td>
                    <Table.Td>{appliesTo(rate)}</Table.Td>
                    <Table.Td>{kindLabel(rate.kind, rate.service)}</Table.Td>
                    <Table.Td>{payRateSummary(rate, currency)}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={rate.status} />
                    </Table.Td>
                    <Table.Td>{actions(rate, index)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

function PayRateForm({
  companyId,
  currency,
  locale,
  today,
  closedThrough,
  instructorId,
  rate,
  instructors,
  templates,
  hoursPath,
  onCancel,
  onSaved,
}: {
  companyId: string;
  currency: string;
  locale: string;
  today: string;
  closedThrough: string | null;
  instructorId: string;
  rate: PayRateListItemDto | undefined;
  instructors: PersonDto[];
  templates: { value: string; label: string }[];
  hoursPath: string;
  onCancel: () => void;
  onSaved: (saved: PayRateDto, instructorName: string) => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<PayRateFormValues>({
    initialValues: toPayRateFormValues(rate, currency, { instructorId, today }),
    validate: (values) => payRateFormErrors(values, currency, { closedThrough, locale }),
  });
  const { submitError, runSubmit } = useFormSubmit(form);
  const save = useMutation({
    mutationFn: (values: PayRateFormValues) =>
      rate
        ? apiRequest<PayRateDto>(`pay-rates/${encodeURIComponent(rate.id)}`, {
            method: 'PUT',
            body: toPayRateUpdateBody(values, currency),
            inlineErrors: true,
          })
        : apiRequest<PayRateDto>('pay-rates', {
            method: 'POST',
            body: toPayRateBody(values, currency),
            inlineErrors: true,
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payRatesKey(companyId) }),
  });
  const formRef = useRef<HTMLFormElement>(null);
  const kind = form.values.kind;
  // An archived template a scheduled rate still names stays choosable while it is edited.
  const templateChoices =
    rate?.templateId && !templates.some((item) => item.value === rate.templateId)
      ? [...templates, { value: rate.templateId, label: rate.templateName ?? 'An archived template' }]
      : templates;
  const preview = payRateFormErrors(form.values, currency, { closedThrough, locale });
  const body = toPayRateBody(form.values, currency);
  // The rate as it will read, once its amounts are valid (the instructor and date need not be).
  const amounts = payRateBody.safeParse({
    ...body,
    instructorId: '000000000000000000000000',
    effectiveFrom: today,
  });
  const summary = amounts.success ? payRateSummary(amounts.data, currency) : null;
  const rateService = body.service;
  const startsInPast =
    form.values.effectiveFrom !== '' && form.values.effectiveFrom < today && !preview.effectiveFrom;
  const name =
    instructors.find((person) => person.id === form.values.instructorId)?.name ?? rate?.instructorName ?? '';

  return (
    <form
      ref={formRef}
      onSubmit={form.onSubmit(
        async (values) => {
          const saved = await runSubmit(async () => onSaved(await save.mutateAsync(values), name));
          if (!saved) focusFirstInvalid(formRef.current);
        },
        () => focusFirstInvalid(formRef.current),
      )}
      noValidate
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NativeSelect
            label="Instructor"
            required
            disabled={Boolean(rate)}
            description={rate ? 'A rate keeps its instructor' : undefined}
            data={[
              { value: '', label: 'Choose an instructor', disabled: true },
              ...instructors.map((person) => ({ value: person.id, label: person.name })),
            ]}
            data-autofocus={!rate && !instructorId ? true : undefined}
            {...form.getInputProps('instructorId')}
          />
          <NativeSelect
            label="Applies to"
            description="One class template’s own rate comes before the rate for all classes; appointments have their own"
            data={[
              { value: '', label: 'All classes' },
              { value: APPOINTMENTS_CHOICE, label: 'Appointments' },
              ...templateChoices,
            ]}
            data-autofocus={rate || instructorId ? true : undefined}
            {...form.getInputProps('templateId')}
          />
          <TextInput
            label="From"
            type="date"
            required
            description={
              closedThrough
                ? `Payroll is closed up to ${formatDay(closedThrough, locale)}`
                : 'Today or any later day; an earlier day for a first set-up'
            }
            {...form.getInputProps('effectiveFrom')}
          />
        </SimpleGrid>
        {startsInPast ? (
          <Text size="sm" role="note">
            Classes taught since {formatDay(form.values.effectiveFrom, locale)} in payroll that is not closed
            yet will be paid at this rate.
          </Text>
        ) : null}
        <Radio.Group
          label="How they are paid"
          required
          value={kind}
          onChange={(value) => form.setFieldValue('kind', value as PayRateKind)}
          error={form.errors.kind}
        >
          <Group gap="lg" mt={6}>
            {PAY_RATE_KIND_VALUES.map((value) => (
              <Radio key={value} value={value} label={kindLabel(value, rateService)} />
            ))}
          </Group>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <MoneyInput
            currency={currency}
            label={`${amountLabel(kind, rateService)} (${currency})`}
            required
            {...form.getInputProps('amount')}
          />
          {kind === 'per_attendee' ? (
            <>
              <MoneyInput
                currency={currency}
                label={`Base for each ${rateService === 'appointment' ? 'appointment' : 'class'} (${currency})`}
                description="Paid whatever the attendance. Empty: none"
                {...form.getInputProps('baseAmount')}
              />
              <MoneyInput
                currency={currency}
                label={`Most for one ${rateService === 'appointment' ? 'appointment' : 'class'} (${currency})`}
                description="Base and attendees together. Empty: no cap"
                {...form.getInputProps('capAmount')}
              />
            </>
          ) : null}
          <MoneyInput
            currency={currency}
            label={`${amountLabel(kind, rateService)} in peak hours (${currency})`}
            description="Empty: the same amount at all hours"
            {...form.getInputProps('peakAmount')}
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          A peak amount applies to classes that start in the peak hours set in{' '}
          <Anchor component={Link} to={hoursPath} fz="inherit" underline="always">
            Peak/Non Peak Hours
          </Anchor>
          .
        </Text>
        <div role="status" aria-live="polite">
          {summary ? (
            <Text size="sm">
              <Text span fw={700}>
                {name ? `${name} will be paid: ` : 'Pay: '}
              </Text>
              {summary}
            </Text>
          ) : null}
        </div>
        <FormSubmitError message={submitError} />
        <Group>
          <BusyButton type="submit" busy={save.isPending}>
            {rate ? 'Save' : 'Set the rate'}
          </BusyButton>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
