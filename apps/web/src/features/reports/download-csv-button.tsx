import { Alert, Stack } from '@mantine/core';
import { useState } from 'react';
import { BusyButton } from '../../ui/busy-button.tsx';
import { downloadReportCsv, type AttendanceFilters, type RevenueFilters } from './api/reports.ts';

/** "Download CSV": the report with the filters on screen, fetched with the session's token and saved. */
export function DownloadCsvButton({
  report,
  filters,
  disabled,
}: {
  report: 'attendance' | 'revenue';
  filters: AttendanceFilters | RevenueFilters;
  disabled: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Stack gap={4}>
      <BusyButton
        variant="default"
        busy={busy}
        disabled={disabled}
        onClick={() => {
          setBusy(true);
          setFailure(null);
          downloadReportCsv(report, filters)
            .catch((error: unknown) =>
              setFailure(error instanceof Error ? error.message : 'The file could not be downloaded'),
            )
            .finally(() => setBusy(false));
        }}
      >
        Download CSV
      </BusyButton>
      {failure ? (
        <Alert color="red" role="alert" p="xs">
          {failure}
        </Alert>
      ) : null}
    </Stack>
  );
}
