import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { daysInPeriod, REPORT_MAX_DAYS } from '@kinetic/shared';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { useCompanyDetails } from '../company-details/api/get-company-details.ts';
import { AttendanceReport } from './attendance-report.tsx';
import { PeriodFields, type PeriodChoice } from './report-filters.tsx';
import { PERIOD_PRESETS, periodOf, todayIn, type Period, type PeriodPreset } from './report-period.ts';
import { RevenueReport } from './revenue-report.tsx';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The custom period's problem in words, or null when it can be asked for. */
function customProblem(custom: Period): string | null {
  if (!DATE.test(custom.from) || !DATE.test(custom.to)) return 'Choose both days';
  const days = daysInPeriod(custom.from, custom.to);
  if (days < 1) return 'The last day must be on or after the first';
  if (days > REPORT_MAX_DAYS) return 'Ask for at most two years at a time';
  return null;
}

/**
 * Reports (issue 14 §5): attendance and revenue for a period, with a chart, a table and a CSV of each.
 * Revenue is for whoever also sees financial data (issue 15 §2); without it the page is attendance only.
 */
export function ReportsPage() {
  usePageTitle('Reports');
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const details = useCompanyDetails(companyId);
  const today = todayIn(details.data?.timeZone ?? 'UTC');
  const money = me.data?.can.seeFinancials ?? false;
  // A link can open a report and period (the Dashboard's "Revenue report" for this week):
  // ?report=revenue&period=this-week. Anything else opens this month's attendance.
  const [search] = useSearchParams();
  const askedPeriod = search.get('period');
  const firstPreset: PeriodPreset =
    askedPeriod && askedPeriod !== 'custom' && (PERIOD_PRESETS as readonly string[]).includes(askedPeriod)
      ? (askedPeriod as PeriodPreset)
      : 'this-month';
  const [chosenTab, setTab] = useState<'attendance' | 'revenue'>(() =>
    search.get('report') === 'revenue' ? 'revenue' : 'attendance',
  );
  const tab = money ? chosenTab : 'attendance';
  const [choice, setChoice] = useState<PeriodChoice>(() => ({
    preset: firstPreset,
    custom: periodOf(firstPreset, today) ?? { from: today, to: today },
  }));
  const problem = choice.preset === 'custom' ? customProblem(choice.custom) : null;
  // The presets wait for the company's calendar (its zone decides which day today is).
  const period: Period | null =
    choice.preset === 'custom'
      ? problem
        ? null
        : choice.custom
      : details.data
        ? periodOf(choice.preset, today)
        : null;

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1}>Reports</Title>
        <Text c="dimmed">
          {money ? 'Attendance and revenue' : 'Attendance'} for a period, on the company’s calendar.
        </Text>
      </Stack>
      <PeriodFields value={choice} onChange={setChoice} error={problem} />
      <Tabs
        value={tab}
        onChange={(value) => setTab(value === 'revenue' ? 'revenue' : 'attendance')}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="attendance">Attendance</Tabs.Tab>
          {money ? <Tabs.Tab value="revenue">Revenue</Tabs.Tab> : null}
        </Tabs.List>
        <Tabs.Panel value="attendance" pt="md">
          {/* Both stay mounted so each keeps its grouping and filters; only the open one asks the server. */}
          <AttendanceReport companyId={companyId} period={period} active={tab === 'attendance'} />
        </Tabs.Panel>
        {money ? (
          <Tabs.Panel value="revenue" pt="md">
            <RevenueReport companyId={companyId} period={period} active={tab === 'revenue'} />
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </Stack>
  );
}
