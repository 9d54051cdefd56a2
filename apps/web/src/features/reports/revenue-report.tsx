import { Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import {
  formatMoney,
  REVENUE_GROUP_LABELS,
  REVENUE_GROUPS,
  type RevenueAmounts,
  type RevenueGroup,
} from '@kinetic/shared';
import { useStudios } from '../studios/api/list-studios.ts';
import { useRevenueReport, type RevenueFilters } from './api/reports.ts';
import { DownloadCsvButton } from './download-csv-button.tsx';
import { ChoiceSelect } from './report-filters.tsx';
import { ReportChart } from './report-chart.tsx';
import { ReportResult, ReportTable } from './report-result.tsx';
import { rowLabel, type Period } from './report-period.ts';

const COLUMNS: [keyof RevenueAmounts, string][] = [
  ['grossSales', 'Gross sales'],
  ['discounts', 'Discounts'],
  ['refunds', 'Refunds'],
  ['net', 'Net'],
  ['tax', 'Tax'],
  ['total', 'Total'],
];

/** The Revenue tab: filters, chart, table with totals and the CSV; money in the company's currency. */
export function RevenueReport({
  companyId,
  period,
  active,
}: {
  companyId: string;
  period: Period | null;
  active: boolean;
}) {
  const [groupBy, setGroupBy] = useState<RevenueGroup>('package-type');
  const [studioId, setStudioId] = useState<string | null>(null);
  const studios = useStudios(companyId);
  const filters: RevenueFilters = { from: period?.from ?? '', to: period?.to ?? '', groupBy, studioId };
  const report = useRevenueReport(companyId, filters, period !== null && active);
  const shownGroup = report.data?.groupBy ?? groupBy;
  const rows = report.data?.rows ?? [];
  const currency = report.data?.currency ?? 'USD';
  const money = (minor: number) => formatMoney(minor, currency);
  const groupName = REVENUE_GROUP_LABELS[shownGroup].toLowerCase();
  const summary =
    rows.length === 0
      ? ''
      : `Net revenue by ${groupName}: ${rows.map((row) => `${rowLabel(shownGroup, row)} ${money(row.net)}`).join('; ')}.`;
  const cells = (amounts: RevenueAmounts) =>
    COLUMNS.map(([key]) => (
      <Table.Td key={key} ta="right" style={{ whiteSpace: 'nowrap' }}>
        {money(amounts[key])}
      </Table.Td>
    ));

  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap" gap="sm">
        <NativeSelect
          label="Group by"
          value={groupBy}
          onChange={(event) => setGroupBy(event.currentTarget.value as RevenueGroup)}
          data={REVENUE_GROUPS.map((group) => ({ value: group, label: REVENUE_GROUP_LABELS[group] }))}
        />
        <ChoiceSelect
          label="Studio"
          allLabel="All studios"
          value={studioId}
          onChange={setStudioId}
          options={studios.data?.items ?? []}
        />
        <DownloadCsvButton report="revenue" filters={filters} disabled={period === null} />
      </Group>
      {studioId ? (
        <Text size="sm" c="dimmed">
          Orders have no studio: for one studio this counts drop-ins and fees of its classes and packages
          limited to it.
        </Text>
      ) : null}
      <ReportResult
        query={report}
        waiting={period === null}
        noun="revenue"
        empty="No sales or refunds in this period."
      >
        {(data) => (
          <>
            <ReportChart
              data={rows.map((row) => ({ label: rowLabel(shownGroup, row), Net: row.net }))}
              series={[{ name: 'Net', color: 'indigo.6' }]}
              valueFormatter={money}
              summary={summary}
            />
            <ReportTable
              noun="Revenue"
              groupLabel={REVENUE_GROUP_LABELS[shownGroup]}
              about={`Revenue by ${groupName}, ${data.from} to ${data.to}: sales when made, refunds when given; every column but tax and total is without tax.`}
              minWidth={720}
              columns={COLUMNS.map(([, title]) => title)}
              rows={rows.map((row) => ({
                key: row.key,
                label: rowLabel(shownGroup, row),
                cells: cells(row),
              }))}
              totals={cells(data.totals)}
            />
          </>
        )}
      </ReportResult>
    </Stack>
  );
}
