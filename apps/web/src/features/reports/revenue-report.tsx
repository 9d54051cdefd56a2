import { Alert, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import {
  formatMoney,
  REVENUE_GROUP_LABELS,
  REVENUE_GROUPS,
  type RevenueAmounts,
  type RevenueGroup,
} from '@kinetic/shared';
import { PageLoader } from '../../ui/page-loader.tsx';
import { useStudios } from '../studios/api/list-studios.ts';
import { useRevenueReport, type RevenueFilters } from './api/reports.ts';
import { DownloadCsvButton } from './download-csv-button.tsx';
import { ChoiceSelect } from './report-filters.tsx';
import { ReportChart } from './report-chart.tsx';
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
      {report.isError ? (
        <Alert color="red" role="alert" title="The revenue report could not be loaded">
          {report.error.message}
        </Alert>
      ) : period === null ? null : !report.data ? (
        <PageLoader />
      ) : rows.length === 0 ? (
        <Text role="status">No sales or refunds in this period.</Text>
      ) : (
        <Stack
          gap="md"
          aria-busy={report.isPlaceholderData}
          style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}
        >
          {/* The last answer stays while the next loads (no jump); it is dimmed and said to be updating. */}
          {report.isPlaceholderData ? (
            <Text size="sm" role="status">
              Updating…
            </Text>
          ) : null}
          <ReportChart
            data={rows.map((row) => ({ label: rowLabel(shownGroup, row), Net: row.net }))}
            series={[{ name: 'Net', color: 'indigo.6' }]}
            valueFormatter={money}
            summary={summary}
          />
          <Text size="sm" id="revenue-table-about">
            Revenue by {groupName}, {report.data.from} to {report.data.to}: sales when made, refunds when
            given; every column but tax and total is without tax.
          </Text>
          {/* On a phone the table scrolls inside its own box; the box takes focus so keys can scroll it. */}
          <Table.ScrollContainer
            minWidth={720}
            type="native"
            tabIndex={0}
            role="region"
            aria-label="Revenue table (scrolls sideways on small screens)"
          >
            <Table
              striped
              highlightOnHover
              aria-label={`Revenue by ${groupName}`}
              aria-describedby="revenue-table-about"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{REVENUE_GROUP_LABELS[shownGroup]}</Table.Th>
                  {COLUMNS.map(([key, title]) => (
                    <Table.Th key={key} scope="col" ta="right">
                      {title}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.key}>
                    <Table.Th scope="row" fw={400}>
                      {rowLabel(shownGroup, row)}
                    </Table.Th>
                    {cells(row)}
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr fw={700}>
                  <Table.Th scope="row">Total</Table.Th>
                  {cells(report.data.totals)}
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Stack>
  );
}
