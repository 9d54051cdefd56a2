import {
  importOptionsSchema,
  type DryRunBody,
  type DryRunDto,
  type ImportJobDto,
  type ImportJobsDto,
  type ImportMapping,
  type ImportOptions,
  type ImportUploadDto,
} from '@kinetic/shared';
import { withTenant, type Database, type Executor } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import type { Actor } from '../../plugins/auth.ts';
import { badRequest, conflict, notFound } from '../../plugins/errors.ts';
import { findCompanyById } from '../accounts/accounts.repo.ts';
import { localDateOf } from '../fitness-sessions/zoned-time.ts';
import { suggestMapping } from './column-names.ts';
import {
  existingClientEmails,
  findImportContent,
  findImportJob,
  insertImportJob,
  listImportJobs,
  packagesByName,
  updateImportJob,
  type ImportJobSummary,
} from './data-import.repo.ts';
import { readUpload, tableOf, type ImportContent } from './import-file.ts';
import { planImport, unknownColumns, type ImportTable, type RowPlan } from './import-plan.ts';
import { readEmail } from './import-values.ts';

export const IMPORT_NOT_FOUND = 'We could not find that import.';

export function importJobDto(row: ImportJobSummary): ImportJobDto {
  return {
    id: row.id,
    status: row.status as ImportJobDto['status'],
    source: row.source as ImportJobDto['source'],
    fileName: row.fileName,
    mapping: row.mapping,
    options: importOptionsSchema.parse(row.options),
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    createdCount: row.createdCount,
    skippedCount: row.skippedCount,
    rejectedCount: row.rejectedCount,
    rejections: row.rejections.map((rejection) => ({
      row: rejection.row,
      email: (rejection as { email?: string | null }).email ?? null,
      reason: rejection.reason,
    })),
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Every row's outcome with the company's clients and packages as they are now. */
export async function planWithCompany(
  tx: Executor,
  companyId: string,
  table: ImportTable,
  mapping: ImportMapping,
  options: ImportOptions,
): Promise<RowPlan[]> {
  const company = await findCompanyById(tx, companyId);
  if (!company) throw notFound('We could not find your company.');
  const emailColumn = mapping.email ? table.columns.indexOf(mapping.email) : -1;
  const emails = new Set<string>();
  if (emailColumn >= 0)
    for (const row of table.rows) {
      const email = readEmail(row[emailColumn] ?? '');
      if (email.ok) emails.add(email.value);
    }
  return planImport(table, mapping, options, {
    existingEmails: await existingClientEmails(tx, companyId, [...emails]),
    packagesByName: await packagesByName(tx, companyId),
    today: localDateOf(new Date(), company.timeZone),
  });
}

/** Reads the file, keeps it with a suggested mapping, and answers what it holds. Nothing else is written. */
export async function uploadImport(
  db: Database,
  actor: Actor,
  file: { fileName: string; bytes: Uint8Array },
): Promise<ImportUploadDto> {
  const content = readUpload(file.bytes);
  const table = tableOf(content);
  const suggestedMapping = suggestMapping(table.columns);
  const now = new Date();
  const job = await withTenant(db, actor.companyId, (tx) =>
    insertImportJob(tx, {
      companyId: actor.companyId,
      id: generateId(now.getTime()),
      status: 'pending',
      fileName: file.fileName.trim().slice(0, 200) || 'import.csv',
      source: content.kind,
      content,
      // Saved by the dry run: an import starts only with a mapping someone has checked.
      mapping: {},
      options: importOptionsSchema.parse({}),
      totalRows: table.rows.length,
      createdBy: actor.userId,
      createdAt: now,
    }),
  );
  return {
    job: importJobDto(job),
    columns: table.columns,
    sampleRows: table.rows.slice(0, 5),
    suggestedMapping,
    packageRows: table.packageRows,
  };
}

function checkMapping(table: ImportTable, mapping: ImportMapping) {
  const errors: Record<string, string> = {};
  for (const [field, column] of Object.entries(mapping))
    if (column && !table.columns.includes(column))
      errors[`mapping.${field}`] = `The file has no column “${column}”`;
  if (!mapping.email) errors['mapping.email'] = 'Choose the column with the clients’ emails';
  if (!mapping.firstName && !mapping.lastName && !mapping.fullName)
    errors['mapping.fullName'] = 'Choose the column(s) with the clients’ names';
  const missing = unknownColumns(table.columns, mapping);
  if (Object.keys(errors).length > 0)
    throw badRequest(
      missing.length > 0
        ? `The file has no column ${missing.map((column) => `“${column}”`).join(', ')}.`
        : Object.values(errors).join('. ') + '.',
      errors,
    );
}

async function contentOf(tx: Executor, companyId: string, importId: string): Promise<ImportContent> {
  const content = (await findImportContent(tx, companyId, importId)) as ImportContent | undefined;
  if (!content || !('kind' in content))
    throw conflict('This import’s file is no longer kept; upload it again.');
  return content;
}

const PREVIEW_CREATES = 20;
/** Skipped rows listed (re-importing a whole file would list every client); the count is whole. */
const PREVIEW_SKIPS = 1000;

/** The dry run: saves the mapping and answers what the import would do, row by row. No client is written. */
export async function dryRunImport(
  db: Database,
  actor: Actor,
  importId: string,
  body: DryRunBody,
): Promise<DryRunDto> {
  const options = importOptionsSchema.parse(body.options ?? {});
  const mapping = Object.fromEntries(
    Object.entries(body.mapping).filter(([, column]) => !!column),
  ) as ImportMapping;
  return withTenant(db, actor.companyId, async (tx) => {
    const job = await findImportJob(tx, actor.companyId, importId, { lock: true });
    if (!job) throw notFound(IMPORT_NOT_FOUND);
    if (job.status !== 'pending')
      throw conflict('This import has started; its mapping can no longer change.');
    const table = tableOf(await contentOf(tx, actor.companyId, importId));
    checkMapping(table, mapping);
    const plans = await planWithCompany(tx, actor.companyId, table, mapping, options);
    const saved = await updateImportJob(tx, actor.companyId, importId, {
      mapping: mapping as Record<string, string>,
      options,
      totalRows: table.rows.length,
    });
    const rejections = [];
    const skips = [];
    const creates = [];
    let packagesToCreate = 0;
    let skipCount = 0;
    for (const plan of plans) {
      if (plan.outcome === 'reject')
        rejections.push({ row: plan.row, email: plan.email, reason: plan.reason });
      else if (plan.outcome === 'skip') {
        if (skips.length < PREVIEW_SKIPS) skips.push({ row: plan.row, email: plan.email });
        skipCount += 1;
      } else {
        packagesToCreate += plan.packages.length;
        if (creates.length < PREVIEW_CREATES)
          creates.push({
            row: plan.row,
            name: plan.client.name,
            email: plan.client.email,
            packages: plan.packages.map((draft) =>
              draft.kind === 'class-pack' ? `${draft.name} (${draft.credits} credits)` : draft.name,
            ),
          });
      }
    }
    return {
      job: importJobDto(saved),
      totalRows: plans.length,
      wouldCreate: plans.length - rejections.length - skipCount,
      wouldSkip: skipCount,
      wouldReject: rejections.length,
      packagesToCreate,
      rejections,
      skips,
      creates,
    };
  });
}

/** Queues the import with the mapping of its dry run; the job runs it in batches (import-job.ts). */
export async function startImport(
  deps: { db: Database; runImport: (companyId: string, importId: string) => Promise<void> },
  actor: Actor,
  importId: string,
): Promise<ImportJobDto> {
  const job = await withTenant(deps.db, actor.companyId, async (tx) => {
    const found = await findImportJob(tx, actor.companyId, importId, { lock: true });
    if (!found) throw notFound(IMPORT_NOT_FOUND);
    if (found.status !== 'pending') throw conflict('This import has already been started.');
    if (!found.mapping.email)
      throw conflict('Check the mapping first: the dry run shows what the import will do.', {
        mapping: 'Run the dry run first',
      });
    return updateImportJob(tx, actor.companyId, importId, {
      status: 'queued',
      processedRows: 0,
      createdCount: 0,
      skippedCount: 0,
      rejectedCount: 0,
      rejections: [],
    });
  });
  await deps.runImport(actor.companyId, importId);
  return importJobDto(job);
}

export async function getImport(db: Database, actor: Actor, importId: string): Promise<ImportJobDto> {
  const job = await withTenant(db, actor.companyId, (tx) => findImportJob(tx, actor.companyId, importId));
  if (!job) throw notFound(IMPORT_NOT_FOUND);
  return importJobDto(job);
}

export async function listImports(db: Database, actor: Actor): Promise<ImportJobsDto> {
  const rows = await withTenant(db, actor.companyId, (tx) => listImportJobs(tx, actor.companyId));
  return { items: rows.map(importJobDto) };
}
