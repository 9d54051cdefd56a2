import {
  CLIENT_REPORT_FILE_NAME,
  CLIENT_REPORT_REQUEST_DEFAULTS,
  type ClientReportProgressDto,
  type ClientReportRequestBody,
} from '@kinetic/shared';
import { apiDownload, apiRequest } from '../../api/client.ts';

/**
 * The report's calls (spec §7; protocol in packages/shared/src/client-report.ts). None shows the loader
 * or a toast: spec §8 keeps report failures to the console.
 */
const quiet = { showLoader: false, silent: true, inlineErrors: true } as const;

/** `POST generate-client-report-in-csv` with the spec's request (§9 defaults, the session's company). */
export const generateClientReport = (companyId: string, signal?: AbortSignal) =>
  apiRequest<ClientReportProgressDto>('generate-client-report-in-csv', {
    ...quiet,
    method: 'POST',
    body: { companyId, ...CLIENT_REPORT_REQUEST_DEFAULTS } satisfies ClientReportRequestBody,
    signal,
  });

/** `GET client-reports/{filename}`: done of total; `ready` when the answer's status is 1. */
export const clientReportProgress = (filename: string, signal?: AbortSignal) =>
  apiRequest<ClientReportProgressDto>(`client-reports/${encodeURIComponent(filename)}`, { ...quiet, signal });

/** `GET download-generated-client-report-in-csv/{filename}`: the blob, saved as client-report.csv. */
export const downloadClientReport = (filename: string) =>
  apiDownload(
    `download-generated-client-report-in-csv/${encodeURIComponent(filename)}`,
    CLIENT_REPORT_FILE_NAME,
  );
