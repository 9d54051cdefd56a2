import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { getTableColumns } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { importJobs, packages, users } from '../../db/schema/index.ts';
import type { KnownPackage } from './import-plan.ts';

export type ImportJobRow = typeof importJobs.$inferSelect;
export type ImportJobSummary = Omit<ImportJobRow, 'content'>;

const { content: _content, ...summaryColumns } = getTableColumns(importJobs);

export async function insertImportJob(
  tx: Executor,
  row: typeof importJobs.$inferInsert,
): Promise<ImportJobSummary> {
  const [saved] = await tx.insert(importJobs).values(row).returning(summaryColumns);
  return saved as ImportJobSummary;
}

/** One import of the company, without its file (`withContent` to read that too; `lock` FOR UPDATE). */
export async function findImportJob(
  tx: Executor,
  companyId: string,
  importId: string,
  options: { lock?: boolean } = {},
): Promise<ImportJobSummary | undefined> {
  const query = tx
    .select(summaryColumns)
    .from(importJobs)
    .where(and(eq(importJobs.companyId, companyId), eq(importJobs.id, importId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function findImportContent(tx: Executor, companyId: string, importId: string): Promise<unknown> {
  const [row] = await tx
    .select({ content: importJobs.content })
    .from(importJobs)
    .where(and(eq(importJobs.companyId, companyId), eq(importJobs.id, importId)));
  return row?.content;
}

export async function listImportJobs(
  tx: Executor,
  companyId: string,
  limit = 50,
): Promise<ImportJobSummary[]> {
  return tx
    .select(summaryColumns)
    .from(importJobs)
    .where(eq(importJobs.companyId, companyId))
    .orderBy(desc(importJobs.createdAt), desc(importJobs.id))
    .limit(limit);
}

export async function updateImportJob(
  tx: Executor,
  companyId: string,
  importId: string,
  changes: Partial<typeof importJobs.$inferInsert>,
): Promise<ImportJobSummary> {
  const [row] = await tx
    .update(importJobs)
    .set(changes)
    .where(and(eq(importJobs.companyId, companyId), eq(importJobs.id, importId)))
    .returning(summaryColumns);
  return row as ImportJobSummary;
}

/** Of these lower-cased emails, those that are already the company's clients. */
export async function existingClientEmails(
  tx: Executor,
  companyId: string,
  emails: string[],
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const found = new Set<string>();
  // In slices: PostgreSQL takes at most 65,535 parameters in one query.
  for (let start = 0; start < emails.length; start += 10_000) {
    const rows = await tx
      .select({ email: users.email })
      .from(users)
      .where(
        and(
          eq(users.companyId, companyId),
          inArray(users.role, ['client', 'solo-client']),
          inArray(users.email, emails.slice(start, start + 10_000)),
        ),
      );
    for (const row of rows) found.add(row.email);
  }
  return found;
}

/** The company's packages by lower-cased name; one on sale wins over an archived one of the same name. */
export async function packagesByName(tx: Executor, companyId: string): Promise<Map<string, KnownPackage>> {
  const rows = await tx
    .select({ id: packages.id, name: packages.name, kind: packages.kind, archivedAt: packages.archivedAt })
    .from(packages)
    .where(eq(packages.companyId, companyId))
    .orderBy(sql`${packages.archivedAt} is not null`, desc(packages.createdAt));
  const byName = new Map<string, KnownPackage>();
  for (const row of rows) {
    const key = row.name.trim().toLowerCase();
    if (!byName.has(key))
      byName.set(key, { id: row.id, name: row.name, kind: row.kind, archived: row.archivedAt !== null });
  }
  return byName;
}

/** Imports a process was running or had queued when it stopped (platform scope: every company's). */
export async function unfinishedImportJobs(tx: Executor): Promise<{ companyId: string; id: string }[]> {
  return tx
    .select({ companyId: importJobs.companyId, id: importJobs.id })
    .from(importJobs)
    .where(and(inArray(importJobs.status, ['queued', 'running']), isNull(importJobs.finishedAt)));
}

/**
 * Uploads nobody started within a day (platform scope): their file — clients' personal data — is not
 * kept; the import is marked failed with a sentence saying so. Answers how many.
 */
export async function expireAbandonedImports(tx: Executor, now = new Date()): Promise<number> {
  const rows = await tx
    .update(importJobs)
    .set({
      status: 'failed',
      error: 'Not started within a day, so the file was not kept. Upload it again to import it.',
      content: {},
      finishedAt: now,
    })
    .where(
      and(
        eq(importJobs.status, 'pending'),
        sql`${importJobs.createdAt} < ${new Date(now.getTime() - 86_400_000)}`,
      ),
    )
    .returning({ id: importJobs.id });
  return rows.length;
}
