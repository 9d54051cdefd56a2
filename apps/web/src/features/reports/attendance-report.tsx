import { Alert, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import {
  ATTENDANCE_GROUP_LABELS,
  ATTENDANCE_GROUPS,
  type AttendanceCounts,
  type AttendanceGroup,
  type AttendanceRowDto,
} from '@kinetic/shared';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePeople } from '../people/api/list-people.ts';
import { useStudios } from '../studios/api/list-studios.ts';
import { useAttendanceReport, type AttendanceFilters } from './api/reports.ts';
import { ChoiceSelect } from './report-filters.tsx';
import { ReportChart } from './report-chart.tsx';
import { DownloadCsvButton } from './download-csv-button.tsx';
import { rowLabel, type Period } from './report-period.ts';

// Always one decimal, as the CSV: a column of rates lines up ("77.0%" under "68.9%", not "77%").
const percent = new Intl.NumberFormat(undefined, {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const fillRate = (rate: number | null) => (rate === null ? '–' : percent.format(rate));

const COLUMNS: [keyof AttendanceCounts, string][] = [
  ['classes', 'Classes'],
  ['booked', 'Booked'],
  ['checkedIn', 'Checked in'],
  ['noShows', 'No-shows'],
  ['lateCancels', 'Late cancels'],
  ['cancellations', 'Cancellations'],
  ['capacity', 'Capacity'],
];

function cells(counts: AttendanceCounts) {
  return (
    <>
      {COLUMNS.map(([key]) => (
        <Table.Td key={key} ta="right">
          {counts[key]}
        </Table.Td>
      ))}
      <Table.Td ta="right">{fillRate(counts.fillRate)}</Table.Td>
    </>
  );
}

/** The Attendance tab: filters, chart, table with totals and the CSV. */
export function AttendanceReport({
  companyId,
  period,
  active,
}: {
  companyId: string;
  period: Period | null;
  active: boolean;
}) {
  const [groupBy, setGroupBy] = useState<AttendanceGroup>('class');
  const [studioId, setStudioId] = useState<string | null>(null);
  const [instructorId, setInstructorId] = useState<string | null>(null);
  const studios = useStudios(companyId);
  const instructors = usePeople(companyId, 'instructor');
  const filters: AttendanceFilters = {
    from: period?.from ?? '',
    to: period?.to ?? '',
    groupBy,
    studioId,
    instructorId,
  };
  const report = useAttendanceReport(companyId, filters, period !== null && active);
  // While the next grouping loads, the previous one stays on screen with its own names.
  const shownGroup = report.data?.groupBy ?? groupBy;
  const labelOf = (row: AttendanceRowDto) => rowLabel(shownGroup, row);
  const rows = report.data?.rows ?? [];
  const groupName = ATTENDANCE_GROUP_LABELS[shownGroup].toLowerCase();
  const summary =
    rows.length === 0
      ? ''
      : `Places by ${groupName}: ${rows
          .map(
            (row) =>
              `${labelOf(row)} ${row.booked} booked of ${row.capacity} (${row.checkedIn} checked in, ${row.noShows} no-shows), ${row.lateCancels} late cancels`,
          )
          .join('; ')}.`;

  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap" gap="sm">
        <NativeSelect
          label="Group by"
          value={groupBy}
          onChange={(event) => setGroupBy(event.currentTarget.value as AttendanceGroup)}
          data={ATTENDANCE_GROUPS.map((group) => ({ value: group, label: ATTENDANCE_GROUP_LABELS[group] }))}
        />
        <ChoiceSelect
          label="Studio"
          allLabel="All studios"
          value={studioId}
          onChange={setStudioId}
          options={studios.data?.items ?? []}
        />
        <ChoiceSelect
          label="Instructor"
          allLabel="All instructors"
          value={instructorId}
          onChange={setInstructorId}
          options={instructors.data?.items ?? []}
        />
        <DownloadCsvButton report="attendance" filters={filters} disabled={period === null} />
      </Group>
      {report.isError ? (
        <Alert color="red" role="alert" title="The attendance report could not be loaded">
          {report.error.message}
        </Alert>
      ) : period === null ? null : !report.data ? (
        <PageLoader />
      ) : rows.length === 0 ? (
        <Text role="status">No classes in this period.</Text>
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
            data={rows.map((row) => ({
              label: labelOf(row),
              'Checked in': row.checkedIn,
              // Places still booked (a class to come, or not yet marked).
              'Booked, not checked in': row.booked - row.checkedIn - row.noShows,
              'No-shows': row.noShows,
              'Late cancels': row.lateCancels,
            }))}
            series={[
              { name: 'Checked in', color: 'teal.6' },
              { name: 'Booked, not checked in', color: 'blue.6' },
              { name: 'No-shows', color: 'red.6' },
              { name: 'Late cancels', color: 'orange.5' },
            ]}
            stacked
            summary={summary}
          />
          <Text size="sm" id="attendance-table-about">
            Attendance by {groupName}, {report.data.from} to {report.data.to}. Event dates count as classes;
            cancelled classes do not.
          </Text>
          {/* On a phone the table scrolls inside its own box; the box takes focus so keys can scroll it. */}
          <Table.ScrollContainer
            minWidth={760}
            type="native"
            tabIndex={0}
            role="region"
            aria-label="Attendance table (scrolls sideways on small screens)"
          >
            <Table
              striped
              highlightOnHover
              aria-label={`Attendance by ${groupName}`}
              aria-describedby="attendance-table-about"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{ATTENDANCE_GROUP_LABELS[shownGroup]}</Table.Th>
                  {COLUMNS.map(([key, title]) => (
                    <Table.Th key={key} scope="col" ta="right">
                      {title}
                    </Table.Th>
                  ))}
                  <Table.Th scope="col" ta="right">
                    Fill rate
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.key}>
                    <Table.Th scope="row" fw={400}>
                      {labelOf(row)}
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
