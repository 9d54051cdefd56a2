import { z } from 'zod';
import { CLIENTS_ORDER_BY, CLIENTS_ORDER_DIRECTIONS } from './clients-list.ts';
import { objectIdSchema } from './validators.ts';

/**
 * The CSV client report (issue 14 §4; spec §2, §3, §7). The protocol, because the file is written by a
 * background job (docs/architecture.md "CSV client report"):
 * 1. `POST generate-client-report-in-csv` with the spec's report request starts the job and answers
 *    `202 { status: 2, filename }` — 2 = being processed (truthy: not a failure to the API client).
 * 2. `GET client-reports/{filename}` answers the same shape with the progress (`done` of `total`
 *    clients); `status: 1` (the spec's success) once the file is complete.
 * 3. `GET download-generated-client-report-in-csv/{filename}` sends the file (`client-report.csv`).
 * The top-level `status` and `filename` are the spec's answer; `data` repeats them for the web's API
 * client, which hands a page only `data`.
 */
export const CLIENT_REPORT_READY = 1;
export const CLIENT_REPORT_PROCESSING = 2;

/** The spec's report request (§3), with every field checked: a wrong one answers 400 naming it. */
export const clientReportRequestBody = z.object({
  companyId: objectIdSchema,
  isSolo: z.boolean({ error: 'Say true or false for isSolo' }),
  currentPage: z
    .number({ error: 'Use a page number (0 is the first page)' })
    .int('Use a page number (0 is the first page)')
    .min(0, 'Pages start at 0')
    .max(100_000, 'Use a page number up to 100000'),
  itemsPerPage: z
    .number({ error: 'Use a number of clients per page' })
    .int('Use a number of clients per page')
    .min(1, 'Use at least 1 client per page')
    .max(100, 'Use at most 100 clients per page'),
  searchString: z.string({ error: 'Search with text' }).trim().max(100, 'Search with at most 100 characters'),
  orderBy: z.enum(CLIENTS_ORDER_BY, { error: `Sort by ${CLIENTS_ORDER_BY.join(', ')}` }),
  orderDirection: z.enum(CLIENTS_ORDER_DIRECTIONS, { error: 'Sort asc or desc' }),
});
export type ClientReportRequestBody = z.input<typeof clientReportRequestBody>;

/** The file's name in the addresses: 32 random hex characters and `.csv`. */
export const CLIENT_REPORT_FILENAME = /^[0-9a-f]{32}\.csv$/;
export const clientReportParams = z.object({ filename: z.string().max(100) });

export const clientReportProgressDto = z.object({
  filename: z.string(),
  /** The file is complete and can be downloaded. */
  ready: z.boolean(),
  /** Clients written so far, of `total`. */
  done: z.number().int(),
  total: z.number().int(),
});
export type ClientReportProgressDto = z.infer<typeof clientReportProgressDto>;

export const clientReportAnswer = z.object({
  status: z.union([z.literal(CLIENT_REPORT_READY), z.literal(CLIENT_REPORT_PROCESSING)]),
  message: z.string().optional(),
  filename: z.string(),
  data: clientReportProgressDto,
});
export type ClientReportAnswer = z.infer<typeof clientReportAnswer>;

/** The file's columns, in order (labels of the §9 answers, never their keys). */
export const CLIENT_REPORT_COLUMNS = [
  'Name',
  'Email',
  'Phone',
  'Signed up',
  'Age range',
  'Race or ethnicity',
  'Industry',
  'Household income',
  'Household income (earlier answer)',
  'Neighborhood planning unit',
  'Neighborhood',
  'Packages held',
  'Visits',
  'Last visit',
  'Marketing consent',
] as const;
