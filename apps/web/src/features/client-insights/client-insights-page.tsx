import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { Alert, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { FILL_BAND_LABELS, type ClientInsightsDto, type InsightsBreakdownDto } from '@kinetic/shared';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { useStudios } from '../studios/api/list-studios.ts';
import { useClientInsights, type InsightsFilters } from './api/client-insights.ts';
import { ChartCard, countText, type ChartRow } from './chart-card.tsx';

const PERIODS = [
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
  { value: '365', label: 'Last 12 months' },
  { value: 'custom', label: 'Choose dates' },
];
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const MONTH = new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' });

const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
function lastDays(days: number): { from: string; to: string } {
  const to = new Date();
  const from = new Date(to.getFullYear(), to.getMonth(), to.getDate() - (days - 1));
  return { from: isoDay(from), to: isoDay(to) };
}
const monthLabel = (month: string) => MONTH.format(new Date(`${month}-01T00:00:00Z`));
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** Horizontal bars (one per group), sized to the number of bars so long labels fit on a phone. */
function Bars({ data, series }: { data: { label: string; value: number | null }[]; series: string }) {
  return (
    <BarChart
      h={Math.max(120, data.length * 34 + 40)}
      data={data}
      dataKey="label"
      orientation="vertical"
      series={[{ name: 'value', label: series, color: 'indigo.6' }]}
      yAxisProps={{ width: 120, interval: 0, tick: { fontSize: 12 } }}
      gridAxis="none"
      barChartProps={{ accessibilityLayer: false }}
      withTooltip={false}
      withBarValueLabel
    />
  );
}

function BreakdownCard({ breakdown }: { breakdown: InsightsBreakdownDto }) {
  const small = breakdown.fewerThanFive;
  const shown = breakdown.groups.map((group) => ({ label: group.label, value: group.count }));
  const merged = small.labels.length > 0 && small.count !== null;
  const data = merged ? [...shown, { label: 'Fewer than 5 each', value: small.count }] : shown;
  const rows: ChartRow[] = [
    ...breakdown.groups.map((group) => ({ label: group.label, value: String(group.count) })),
    ...small.labels.map((label) => ({ label, value: 'Fewer than 5' })),
  ];
  const shownText = breakdown.groups.length
    ? breakdown.groups.map((group) => `${group.label} ${group.count} clients`).join(', ')
    : 'no group of 5 or more clients';
  const smallText = small.labels.length
    ? `; fewer than 5 each: ${small.labels.join(', ')}${merged ? ` (${small.count} together)` : ''}`
    : '';
  const summary = `${breakdown.title}: ${shownText}${smallText}`;
  return (
    <ChartCard
      title={breakdown.title}
      summary={summary}
      rows={rows}
      columns={['Group', 'Clients']}
      caption={
        small.labels.length ? (
          <>
            Fewer than 5 each{merged ? ` (${small.count} together)` : ''}: {small.labels.join(', ')}
          </>
        ) : null
      }
    >
      {data.length > 0 ? <Bars data={data} series="Clients" /> : null}
    </ChartCard>
  );
}

function Insights({ data }: { data: ClientInsightsDto }) {
  const months = data.newClientsByMonth.map((month) => ({
    label: monthLabel(month.month),
    value: month.count,
  }));
  const times = data.busiestTimes
    .filter((cell) => cell.visits !== null)
    .sort((a, b) => (b.visits ?? 0) - (a.visits ?? 0))
    .slice(0, 10)
    .map((cell) => ({
      label: `${WEEKDAYS[cell.weekday - 1] ?? ''} ${hourLabel(cell.hour)}`,
      value: cell.visits,
    }));
  const smallTimes = data.busiestTimes.filter((cell) => cell.visits === null).length;
  const fill = data.fillRate.map((band) => ({ label: FILL_BAND_LABELS[band.band], value: band.percent }));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {data.retention.map((row) => (
          <Paper
            key={row.days}
            withBorder
            p="md"
            radius="md"
            component="section"
            aria-label={`Retention after ${row.days} days`}
          >
            <Title order={2} size="h4">
              Still booking {row.days} days after their first visit
            </Title>
            <Text fz={32} fw={700}>
              {row.percent === null ? '—' : `${row.percent}%`}
            </Text>
            <Text size="sm">
              {row.cohort === null
                ? 'Fewer than 5 clients had their first visit in this period (at least that long ago).'
                : `${countText(row.retained)} of ${row.cohort} clients whose first visit was in this period.`}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <ChartCard
        title="New clients per month"
        summary={`New clients per month: ${data.newClientsByMonth
          .map((month) => `${monthLabel(month.month)} ${countText(month.count)}`)
          .join(', ')}`}
        rows={data.newClientsByMonth.map((month) => ({
          label: monthLabel(month.month),
          value: countText(month.count),
        }))}
        columns={['Month', 'New clients']}
        caption="Clients who signed up in the month and took a place in a class in this period. A month with fewer than 5 has no bar."
      >
        <Bars data={months} series="New clients" />
      </ChartCard>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {data.breakdowns.map((breakdown) => (
          <BreakdownCard key={breakdown.key} breakdown={breakdown} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartCard
          title="Busiest classes"
          summary={`Busiest classes by visits: ${data.busiestClasses.map((row) => `${row.name} ${row.visits}`).join(', ')}`}
          rows={data.busiestClasses.map((row) => ({ label: row.name, value: String(row.visits) }))}
          columns={['Class', 'Visits']}
          caption={
            data.hiddenClasses > 0
              ? `${data.hiddenClasses} class type${data.hiddenClasses === 1 ? '' : 's'} visited by fewer than 5 clients ${data.hiddenClasses === 1 ? 'is' : 'are'} not listed.`
              : data.busiestClasses.length === 0
                ? 'No visits in this period.'
                : null
          }
        >
          <Bars
            data={data.busiestClasses.map((row) => ({ label: row.name, value: row.visits }))}
            series="Visits"
          />
        </ChartCard>
        <ChartCard
          title="Busiest times"
          summary={`Busiest times by visits: ${times.map((row) => `${row.label} ${row.value}`).join(', ')}`}
          rows={times.map((row) => ({ label: row.label, value: String(row.value) }))}
          columns={['Weekday and hour', 'Visits']}
          caption={
            smallTimes > 0
              ? `The ten busiest hours of the week (the studio’s clock). ${smallTimes} hour${smallTimes === 1 ? '' : 's'} with fewer than 5 clients ${smallTimes === 1 ? 'is' : 'are'} not shown.`
              : 'The ten busiest hours of the week (the studio’s clock).'
          }
        >
          <Bars data={times} series="Visits" />
        </ChartCard>
      </SimpleGrid>
      <ChartCard
        title="Fill rate by peak and non-peak hours"
        summary={`Fill rate: ${data.fillRate
          .map(
            (band) =>
              `${FILL_BAND_LABELS[band.band]} ${band.percent === null ? 'fewer than 5 clients' : `${band.percent}%`}`,
          )
          .join(', ')}`}
        rows={data.fillRate.map((band) => ({
          label: `${FILL_BAND_LABELS[band.band]} (${band.classes} class${band.classes === 1 ? '' : 'es'})`,
          value: band.percent === null ? 'Fewer than 5 clients' : `${band.percent}%`,
        }))}
        columns={['Band', 'Places filled']}
        caption={
          data.fillRate.length === 0
            ? 'No class has taken place in this period yet.'
            : 'Places taken out of the places offered in classes that have started, by the band of their start (Settings › Hours).'
        }
      >
        <Bars data={fill} series="% filled" />
      </ChartCard>
    </Stack>
  );
}

/** Client insights (issue 14 §3): who the clients are and how they come, no group smaller than 5 shown. */
export function ClientInsightsPage() {
  usePageTitle('Client Insights');
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const studios = useStudios(companyId);
  const [period, setPeriod] = useState('365');
  const [custom, setCustom] = useState(() => lastDays(365));
  const [studioId, setStudioId] = useState<string | null>(null);
  const dates = period === 'custom' ? custom : lastDays(Number(period));
  const datesValid = Boolean(dates.from && dates.to && dates.from <= dates.to);
  const filters: InsightsFilters = { studioId, ...dates };
  const insights = useClientInsights(companyId, filters, datesValid);
  const studioItems = studios.data?.items ?? [];

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1}>Client Insights</Title>
        <Text c="dimmed">
          Who your clients are and how they come: the clients who took a place in a class in the period. To
          keep everyone anonymous, counts are rounded to the nearest 5 and any group of fewer than 5 clients
          is shown as “Fewer than 5”.
        </Text>
      </Stack>
      <Group align="flex-end" wrap="wrap" gap="sm">
        {studioItems.length > 1 ? (
          <NativeSelect
            label="Studio"
            value={studioId ?? ''}
            onChange={(change) => setStudioId(change.currentTarget.value || null)}
            data={[
              { value: '', label: 'All studios' },
              ...studioItems.map((studio) => ({ value: studio.id, label: studio.name })),
            ]}
          />
        ) : null}
        <NativeSelect
          label="Period"
          value={period}
          onChange={(change) => {
            const value = change.currentTarget.value;
            if (value === 'custom') setCustom(dates);
            setPeriod(value);
          }}
          data={PERIODS}
        />
        {period === 'custom' ? (
          <>
            <TextInput
              type="date"
              label="From"
              value={custom.from}
              max={custom.to || undefined}
              onChange={(change) => setCustom({ ...custom, from: change.currentTarget.value })}
            />
            <TextInput
              type="date"
              label="To"
              value={custom.to}
              min={custom.from || undefined}
              error={
                custom.from && custom.to && custom.from > custom.to
                  ? 'End on or after the first day'
                  : undefined
              }
              onChange={(change) => setCustom({ ...custom, to: change.currentTarget.value })}
            />
          </>
        ) : null}
      </Group>
      {!datesValid ? null : insights.isError ? (
        <Alert color="red" role="alert" title="The insights could not be loaded">
          {insights.error.message}
        </Alert>
      ) : !insights.data ? (
        <PageLoader text="Counting your clients…" />
      ) : insights.data.clients === null ? (
        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h4">
            Fewer than 5 clients in this view
          </Title>
          <Text>
            Fewer than 5 clients took a place in a class {studioId ? 'at this studio ' : ''}in this period, so
            nothing is shown: it could point at someone. Choose a longer period
            {studioId ? ' or all studios' : ''}.
          </Text>
        </Paper>
      ) : (
        <Stack
          gap="md"
          aria-busy={insights.isFetching}
          style={{ opacity: insights.isPlaceholderData ? 0.6 : 1 }}
        >
          <Text role="status">
            About {insights.data.clients} clients took a place in a class {studioId ? 'at this studio ' : ''}
            in this period.
          </Text>
          <Insights data={insights.data} />
        </Stack>
      )}
    </Stack>
  );
}
