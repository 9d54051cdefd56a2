import { z } from 'zod';
import { objectIdSchema } from './validators.ts';

/**
 * Issue 18 §5: clients moved in from a CSV (any studio software's export, with a column mapping) or a
 * Kinetic export archive. The steps: upload (columns, sample rows, a suggested mapping), a dry run with
 * the mapping (every row it would reject and why), then the import as a background job.
 */

/** The Kinetic fields a file's columns map to, in the order the mapping step shows them. */
export const IMPORT_FIELDS = [
  'firstName',
  'lastName',
  'fullName',
  'email',
  'phone',
  'birthDate',
  'joinedOn',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'postalCode',
  'country',
  'emergencyContactName',
  'emergencyContactPhone',
  'notes',
  'marketingConsent',
  'externalId',
  'packageName',
  'creditsRemaining',
  'packageExpiresOn',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Record<ImportField, { label: string; description: string }> = {
  firstName: { label: 'First name', description: 'With the last name, the client’s name.' },
  lastName: { label: 'Last name', description: '' },
  fullName: {
    label: 'Full name',
    description: 'When the file has one name column; used only where first and last name are empty.',
  },
  email: { label: 'Email', description: 'Required: it is the client’s login and how duplicates are found.' },
  phone: { label: 'Phone', description: 'Ten-digit numbers are written (404) 555-1234.' },
  birthDate: { label: 'Birth date', description: '' },
  joinedOn: { label: 'Client since', description: 'Kept as the date they joined; empty = today.' },
  addressLine1: { label: 'Address line 1', description: '' },
  addressLine2: { label: 'Address line 2', description: '' },
  city: { label: 'City', description: '' },
  state: { label: 'State or region', description: '' },
  postalCode: { label: 'Postal code', description: '' },
  country: { label: 'Country', description: '' },
  emergencyContactName: { label: 'Emergency contact name', description: '' },
  emergencyContactPhone: { label: 'Emergency contact phone', description: '' },
  notes: { label: 'Notes', description: 'Saved as a staff note on the client’s profile.' },
  marketingConsent: {
    label: 'Marketing consent',
    description: 'Yes/No, True/False, 1/0, Opted in…; empty = no.',
  },
  externalId: {
    label: 'ID in the old system',
    description: 'Kept in a staff note, so you can find the client in the old records.',
  },
  packageName: {
    label: 'Package name',
    description: 'Gives the client your package of this exact name (Settings › Packages), active.',
  },
  creditsRemaining: { label: 'Credits remaining', description: 'Class packs: the credits left to use.' },
  packageExpiresOn: {
    label: 'Package expires on',
    description: 'Packs: credits lapse then. Memberships: paid until this date.',
  },
};

/** Kinetic field → the file's column name (null or left out: not imported). */
export const importMappingSchema = z.partialRecord(
  z.enum(IMPORT_FIELDS, { error: 'Unknown field' }),
  z.string().max(200).nullable(),
);
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** How dates with slashes are read: 03/04/1990 is March 4 in `mdy`, 3 April in `dmy`. */
export const DATE_ORDERS = ['mdy', 'dmy'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];

export const importOptionsSchema = z.object({
  /** Dates such as 03/04/1990: month first (US exports) or day first. ISO dates are always read. */
  dateOrder: z.enum(DATE_ORDERS, { error: 'Choose month first (mdy) or day first (dmy)' }).default('mdy'),
});
export type ImportOptions = z.infer<typeof importOptionsSchema>;

export const importParams = z.object({ importId: objectIdSchema });

export const IMPORT_STATUSES = ['pending', 'queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_SOURCES = ['csv', 'archive'] as const;

/** The largest file the import accepts. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

export const importRejectionDto = z.object({
  /** The row's line in the file's table: 1 is the first row after the header. */
  row: z.number().int(),
  email: z.string().nullable(),
  reason: z.string(),
});
export type ImportRejectionDto = z.infer<typeof importRejectionDto>;

export const importJobDto = z.object({
  id: z.string(),
  status: z.enum(IMPORT_STATUSES),
  source: z.enum(IMPORT_SOURCES),
  fileName: z.string(),
  mapping: importMappingSchema,
  options: importOptionsSchema,
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  createdCount: z.number().int(),
  skippedCount: z.number().int(),
  rejectedCount: z.number().int(),
  rejections: z.array(importRejectionDto),
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ImportJobDto = z.infer<typeof importJobDto>;

/** The answer to an upload: what the file holds and the mapping Kinetic suggests for it. */
export const importUploadDto = z.object({
  job: importJobDto,
  columns: z.array(z.string()),
  /** The first rows (at most 5), as cells in the columns' order. */
  sampleRows: z.array(z.array(z.string())),
  suggestedMapping: importMappingSchema,
  /** Archives: the client packages file's rows found (imported with their clients). */
  packageRows: z.number().int().nullable(),
});
export type ImportUploadDto = z.infer<typeof importUploadDto>;

export const dryRunBody = z.object({
  mapping: importMappingSchema,
  options: importOptionsSchema.optional(),
});
export type DryRunBody = z.input<typeof dryRunBody>;

export const importSkipDto = z.object({ row: z.number().int(), email: z.string() });
export const importCreateDto = z.object({
  row: z.number().int(),
  name: z.string(),
  email: z.string(),
  packages: z.array(z.string()),
});

/** What the import would do with the mapping, row by row; nothing is written. */
export const dryRunDto = z.object({
  job: importJobDto,
  totalRows: z.number().int(),
  wouldCreate: z.number().int(),
  wouldSkip: z.number().int(),
  wouldReject: z.number().int(),
  /** Client packages the created clients would get. */
  packagesToCreate: z.number().int(),
  rejections: z.array(importRejectionDto),
  /** Rows whose email is already a client's (kept as they are): the first 1,000. */
  skips: z.array(importSkipDto),
  /** The first rows it would create (at most 20), to check the mapping read them right. */
  creates: z.array(importCreateDto),
});
export type DryRunDto = z.infer<typeof dryRunDto>;

export const importJobsDto = z.object({ items: z.array(importJobDto) });
export type ImportJobsDto = z.infer<typeof importJobsDto>;
