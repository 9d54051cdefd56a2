import { Group, NativeSelect, Stack, Table } from '@mantine/core';
import { useState } from 'react';
import {
  ATTENDANCE_GROUP_LABELS,
  ATTENDANCE_GROUPS,
  type AttendanceCounts,
  type AttendanceGroup,
  type AttendanceRowDto,
} from '@kinetic/shared';
import { usePeople } from '../people/api/list-people.ts';
import { useStudios } from '../studios/api/list-studios.ts';
import { useAttendanceReport, type AttendanceFilters } from './api/reports.ts';
import { ChoiceSelect } from './report-filters.tsx';
import { ReportChart } from './report-chart.tsx';
import { ReportResult, ReportTable } from './report-result.tsx';
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
      <ReportResult
        query={report}
        waiting={period === null}
        noun="attendance"
        empty="No classes in this period."
      >
        {(data) => (
          <>
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
            <ReportTable
              noun="Attendance"
              groupLabel={ATTENDANCE_GROUP_LABELS[shownGroup]}
              about={`Attendance by ${groupName}, ${data.from} to ${data.to}. Event dates count as classes; cancelled classes do not.`}
              minWidth={760}
              columns={[...COLUMNS.map(([, title]) => title), 'Fill rate']}
              rows={rows.map((row) => ({ key: row.key, label: labelOf(row), cells: cells(row) }))}
              totals={cells(data.totals)}
            />
          </>
        )}
      </ReportResult>
    </Stack>
  );
}
