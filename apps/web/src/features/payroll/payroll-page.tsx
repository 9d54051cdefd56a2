import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { addDays, formatMoney, periodLabel, type PayrollPeriodDto } from '@kinetic/shared';
import { useAppBase } from '../../shell/use-app-base.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { StatusNote } from '../../ui/status-note.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { ConfirmActionButton } from '../class-templates/confirm-action-button.tsx';
import { StaffTabs } from '../staff/staff-tabs.tsx';
import { downloadPayrollCsv, useClosePeriod, usePayrollPeriod, usePayrollSettings } from './api/payroll.ts';
import { formatLineDay, PayrollInstructor } from './payroll-instructor.tsx';
import { PayrollSettingsPanel } from './payroll-settings-panel.tsx';

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Payroll (issue 15 §4): a pay period's classes taught, the rate applied, totals; close; CSV. */
export function PayrollPage() {
  usePageTitle('Payroll');
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const locale = me.data?.company.locale ?? 'en-US';
  const allowed = Boolean(me.data?.can.manageStaff && me.data.can.seeFinancials);
  const [params, setParams] = useSearchParams();
  const asked = params.get('date');
  const date = asked && LOCAL_DATE.test(asked) ? asked : null;
  const period = usePayrollPeriod(companyId, date, allowed);
  const settings = usePayrollSettings(companyId, allowed);
  const narrow = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [note, setNote] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const goTo = (next: string | null) => {
    setNote(null);
    setParams(next ? { date: next } : {}, { preventScrollReset: true });
  };

  if (me.data && !allowed) {
    return (
      <Stack gap="md" maw={820}>
        <Title order={1}>Payroll</Title>
        <Alert color="gray" role="note">
          {me.data.company.kind === 'solo'
            ? 'Payroll is not available for solo instructors.'
            : 'Payroll needs both “Manage staff” and “See financial data”. Ask the business owner or an admin for access.'}
        </Alert>
      </Stack>
    );
  }

  const data = period.data;
  return (
    <Stack gap="md" maw={1200}>
      <Title order={1} ref={headingRef} tabIndex={-1}>
        Payroll
      </Title>
      <StaffTabs active="payroll" />
      <StatusNote note={note} />
      {period.error ? (
        <Alert color="red" role="alert" title="The pay period could not be loaded">
          {period.error.message}
        </Alert>
      ) : !data ? (
        <PageLoader />
      ) : (
        <>
          <PeriodPicker period={data} onGo={goTo} showingToday={date === null} />
          <PeriodSummary
            period={data}
            companyId={companyId}
            locale={locale}
            onClosed={(label) => {
              setNote(`${label} is closed. Its figures will not change.`);
              headingRef.current?.focus();
            }}
          />
          {data.warnings.length > 0 ? (
            <Alert color="yellow" title="Before you close" role="note">
              <Stack gap={4}>
                {data.warnings.map((warning) => (
                  <Text key={warning} size="sm">
                    {warning}
                  </Text>
                ))}
              </Stack>
            </Alert>
          ) : null}
          {data.instructors.length === 0 ? (
            <Text c="dimmed">No classes taught in this period.</Text>
          ) : (
            <Stack gap="lg" aria-busy={period.isFetching}>
              {data.instructors.map((instructor) => (
                <PayrollInstructor
                  key={instructor.instructorId}
                  instructor={instructor}
                  currency={data.currency}
                  locale={locale}
                  narrow={narrow}
                />
              ))}
              <Group justify="flex-end">
                <Text fw={700} size="lg">
                  Total {formatMoney(data.total, data.currency)}
                </Text>
              </Group>
            </Stack>
          )}
        </>
      )}
      {settings.data ? (
        <PayrollSettingsPanel companyId={companyId} settings={settings.data} onSaved={setNote} />
      ) : null}
    </Stack>
  );
}

function PeriodPicker({
  period,
  onGo,
  showingToday,
}: {
  period: PayrollPeriodDto;
  onGo: (date: string | null) => void;
  showingToday: boolean;
}) {
  const current = period.startsOn <= period.today && period.today <= period.endsOn;
  return (
    <Group component="nav" aria-label="Pay period" gap="sm" wrap="wrap" align="center">
      <Text fw={700} size="lg" aria-live="polite" miw={200}>
        {periodLabel(period)}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Button variant="default" onClick={() => onGo(addDays(period.startsOn, -1))}>
          ‹ Previous
        </Button>
        <Button
          variant="default"
          onClick={() => onGo(null)}
          aria-current={current && showingToday ? 'date' : undefined}
        >
          This period
        </Button>
        <Button variant="default" onClick={() => onGo(addDays(period.endsOn, 1))}>
          Next ›
        </Button>
      </Group>
    </Group>
  );
}

const closedAtLabel = (iso: string, locale: string) => {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  } catch {
    return iso;
  }
};

/** Status, total and the period's actions: close (with what it means) and the CSV. */
function PeriodSummary({
  period,
  companyId,
  locale,
  onClosed,
}: {
  period: PayrollPeriodDto;
  companyId: string;
  locale: string;
  onClosed: (label: string) => void;
}) {
  const close = useClosePeriod(companyId);
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const base = useAppBase();
  const label = periodLabel(period);
  const refusalId = `close-refusal-${period.startsOn}`;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4}>
            <Group gap="xs">
              {period.status === 'closed' ? (
                <Badge color="gray.8" variant="filled">
                  Closed
                </Badge>
              ) : (
                <Badge color="teal.9" variant="filled">
                  Open
                </Badge>
              )}
              <Text size="sm">
                {period.status === 'closed' && period.closedAt
                  ? `Closed on ${closedAtLabel(period.closedAt, locale)} by ${period.closedByName}. These figures never change.`
                  : period.ended
                    ? 'Computed from today’s classes, attendance and rates until it is closed.'
                    : `Running until ${formatLineDay(period.endsOn, locale)}: figures change as classes are taught.`}
              </Text>
            </Group>
            <Text fw={700} size="xl">
              Total {formatMoney(period.total, period.currency)}
            </Text>
          </Stack>
          <Group gap="xs" align="flex-start" wrap="wrap">
            {period.status === 'open' ? (
              period.closeRefusal ? (
                <Stack gap={2} maw={280}>
                  {/* Focusable though unavailable, so a keyboard or screen-reader user meets the reason. */}
                  <Button
                    data-disabled
                    aria-disabled="true"
                    aria-describedby={refusalId}
                    onClick={(event) => event.preventDefault()}
                  >
                    Close this period
                  </Button>
                  <Text size="xs" id={refusalId}>
                    {period.closeRefusal}
                  </Text>
                </Stack>
              ) : (
                <ConfirmActionButton
                  label="Close this period"
                  ariaLabel={`Close this period, ${label}`}
                  title={`Close ${label}?`}
                  confirmLabel="Close the period"
                  failedTitle="The period was not closed"
                  busy={close.isPending}
                  variant="filled"
                  run={async () => {
                    await close.mutateAsync(period.startsOn);
                    onClosed(label);
                  }}
                >
                  Closing locks this period: its lines, rates and total of{' '}
                  {formatMoney(period.total, period.currency)} will never change, even when rates, classes or
                  attendance change later. A later correction appears as an adjustment line in the next open
                  period. A closed period cannot be reopened.
                  {period.warnings.length > 0
                    ? ' Some classes have no pay rate: they close at nothing, and a rate cannot start inside a closed period later.'
                    : null}
                </ConfirmActionButton>
              )
            ) : null}
            <BusyButton
              variant="default"
              busy={downloading}
              onClick={() => {
                setDownloading(true);
                setFailure(null);
                downloadPayrollCsv(period)
                  .catch((error: unknown) =>
                    setFailure(error instanceof Error ? error.message : 'The file could not be downloaded'),
                  )
                  .finally(() => setDownloading(false));
              }}
            >
              Download CSV
            </BusyButton>
          </Group>
        </Group>
        {failure ? (
          <Alert color="red" role="alert" p="xs">
            {failure}
          </Alert>
        ) : null}
        <Text size="sm">
          Rates are set in{' '}
          <Anchor component={Link} to={`${base}/settings/staffPayRates`}>
            Staff Payrates
          </Anchor>
          .
        </Text>
      </Stack>
    </Paper>
  );
}
