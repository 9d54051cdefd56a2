import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.layer.css';
import { Box, Text } from '@mantine/core';

export interface ChartSeries {
  name: string;
  color: string;
}

/**
 * A bar chart with its summary in words: the chart is an image to assistive technology, named by the
 * summary, and the table under it holds every number.
 */
export function ReportChart({
  data,
  series,
  summary,
  valueFormatter,
  stacked = false,
}: {
  data: Record<string, string | number>[];
  series: ChartSeries[];
  summary: string;
  valueFormatter?: (value: number) => string;
  stacked?: boolean;
}) {
  return (
    <Box component="figure" m={0}>
      <Box role="img" aria-label={summary}>
        <BarChart
          h={260}
          data={data}
          dataKey="label"
          series={series}
          type={stacked ? 'stacked' : 'default'}
          withLegend
          maxBarWidth={72}
          tickLine="y"
          valueFormatter={valueFormatter}
          xAxisProps={{ interval: 'preserveStartEnd' }}
        />
      </Box>
      <Text component="figcaption" size="sm" c="dimmed" mt="xs">
        {summary}
      </Text>
    </Box>
  );
}
