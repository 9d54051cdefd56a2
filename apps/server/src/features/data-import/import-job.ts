import { and, eq, inArray, sql } from 'drizzle-orm';
import { importOptionsSchema } from '@kinetic/shared';
import { withTenant, type Database, type Executor } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import {
  clientNotes,
  clientPackages,
  clientPreferences,
  clientSignupDetails,
  importJobs,
  packages,
  users,
} from '../../db/schema/index.ts';
import { findCompanyById } from '../accounts/accounts.repo.ts';
import { INVITED_PASSWORD_HASH } from '../accounts/invited-login.ts';
import { addDays, localDateOf, zonedInstant } from '../fitness-sessions/zoned-time.ts';
import { periodStart } from '../orders/membership-periods.ts';
import { insertLedger, insertOrder, updateOrder } from '../orders/orders.repo.ts';
import { termsOf } from '../packages/catalogue.service.ts';
import { emitClientCreated } from '../webhooks/event-data.ts';
import { findImportContent, findImportJob, updateImportJob } from './data-import.repo.ts';
import { planWithCompany } from './data-import.service.ts';
import { tableOf, type ImportContent } from './import-file.ts';
import type { ClientDraft, PackageDraft, RowPlan } from './import-plan.ts';

/**
 * The import job (pg-boss queue `client-imports`, jobs/runner.ts). Rows go in batches, each batch in its
 * own transaction that also moves the job's counters, so the counters always say what is committed. A
 * batch locks the job's row and starts at its `processed_rows`: after a restart (or with two processes
 * running the same job) the next batch starts exactly where the last committed one ended, and a client
 * whose email is already a client's is skipped, never created twice.
 */

export const IMPORT_BATCH_SIZE = 250;

type Company = NonNullable<Awaited<ReturnType<typeof findCompanyById>>>;

const joinedAt = (joined: ClientDraft['joined'], timeZone: string, now: Date) =>
  joined === null ? now : typeof joined === 'string' ? zonedInstant(joined, '12:00', timeZone) : joined;

const hasDetails = (client: ClientDraft) =>
  client.birthDate !== null ||
  client.emergencyContactName !== null ||
  client.emergencyContactPhone !== null ||
  Object.values(client.address).some((value) => value !== null);

function noteOf(client: ClientDraft, fileName: string): string | null {
  if (!client.notes && !client.externalId) return null;
  const origin = client.externalId
    ? `Imported from ${fileName} (ID in the old system: ${client.externalId}).`
    : `Imported from ${fileName}.`;
  return client.notes ? `${origin}\n\n${client.notes}` : origin;
}

/** The client's imported packages: one order of nothing to pay (receipt history), each package active. */
async function givePackages(
  tx: Executor,
  company: Company,
  clientId: string,
  drafts: PackageDraft[],
  fileName: string,
  actorId: string | null,
  now: Date,
) {
  const ids = drafts.map((draft) => draft.packageId);
  const rows = await tx
    .select()
    .from(packages)
    .where(and(eq(packages.companyId, company.id), inArray(packages.id, ids)));
  const order = await insertOrder(
    tx,
    company.id,
    {
      clientId,
      provider: 'studio',
      currency: company.currency,
      subtotal: 0,
      discount: 0,
      tax: 0,
      total: 0,
      promoCodeId: null,
      promoCode: null,
      createdBy: actorId,
      lines: drafts.map((draft) => ({
        kind: 'package' as const,
        packageId: draft.packageId,
        description: `Imported: ${draft.name}`,
        quantity: 1,
        unitPrice: 0,
        discount: 0,
        taxName: null,
        taxRatePpm: 0,
        taxInclusive: false,
        net: 0,
        tax: 0,
        total: 0,
      })),
    },
    now,
  );
  await updateOrder(tx, company.id, order.id, { status: 'paid', paid: 0, paidAt: now });
  const today = localDateOf(now, company.timeZone);
  for (const draft of drafts) {
    const row = rows.find((candidate) => candidate.id === draft.packageId);
    if (!row) continue;
    const terms = termsOf(row);
    const startsOn = draft.startsOn ?? today;
    const id = generateId(now.getTime());
    await tx.insert(clientPackages).values({
      companyId: company.id,
      id,
      clientId,
      packageId: row.id,
      orderId: order.id,
      terms,
      status: 'active',
      startsOn,
      paidUntil:
        terms.kind === 'membership' && terms.period
          ? (draft.expiresOn ?? periodStart(startsOn, terms.period, 1))
          : null,
      // The last second of the expiry date on the studio's clock: the export writes that same date back.
      expiresAt:
        terms.kind === 'class-pack' && draft.expiresOn
          ? new Date(zonedInstant(addDays(draft.expiresOn, 1), '00:00', company.timeZone).getTime() - 1000)
          : null,
      createdAt: now,
      updatedAt: now,
    });
    if (terms.kind === 'class-pack' && draft.credits)
      await insertLedger(
        tx,
        company.id,
        {
          clientPackageId: id,
          bookingId: null,
          entry: 'grant',
          credits: draft.credits,
          reason: `Imported from ${fileName}`,
          actorId,
          at: now,
        },
        now,
      );
  }
}

/** Writes one batch's new clients; answers how many were created and which emails turned out taken. */
async function createClients(
  tx: Executor,
  company: Company,
  plans: Extract<RowPlan, { outcome: 'create' }>[],
  job: { fileName: string; createdBy: string | null },
): Promise<{ created: number; taken: Set<string> }> {
  if (plans.length === 0) return { created: 0, taken: new Set() };
  const now = new Date();
  const role = company.kind === 'solo' ? ('solo-client' as const) : ('client' as const);
  const drafts = plans.map((plan) => ({ plan, id: generateId(now.getTime()) }));
  // A client who appeared since the dry run (signed up, or another import) is skipped, not duplicated.
  const inserted = await tx
    .insert(users)
    .values(
      drafts.map(({ plan, id }) => ({
        companyId: company.id,
        id,
        role,
        name: plan.client.name,
        email: plan.client.email,
        phone: plan.client.phone,
        passwordHash: INVITED_PASSWORD_HASH,
        createdAt: joinedAt(plan.client.joined, company.timeZone, now),
        updatedAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email });
  const createdIds = new Set(inserted.map((row) => row.id));
  const made = drafts.filter(({ id }) => createdIds.has(id));
  const taken = new Set(drafts.filter(({ id }) => !createdIds.has(id)).map(({ plan }) => plan.client.email));

  const details = made.filter(({ plan }) => hasDetails(plan.client));
  if (details.length > 0)
    await tx.insert(clientSignupDetails).values(
      details.map(({ plan, id }) => ({
        companyId: company.id,
        id,
        userId: id,
        birthDate: plan.client.birthDate,
        address: plan.client.address,
        emergencyContactName: plan.client.emergencyContactName,
        emergencyContactPhone: plan.client.emergencyContactPhone,
        createdAt: now,
        updatedAt: now,
      })),
    );
  const consenting = made.filter(({ plan }) => plan.client.marketing);
  if (consenting.length > 0)
    await tx
      .insert(clientPreferences)
      .values(
        consenting.map(({ id }) => ({
          companyId: company.id,
          clientId: id,
          marketing: true,
          updatedAt: now,
        })),
      );
  const notes = made
    .map(({ plan, id }) => ({ id, body: noteOf(plan.client, job.fileName) }))
    .filter((note): note is { id: string; body: string } => note.body !== null);
  if (notes.length > 0 && job.createdBy)
    await tx.insert(clientNotes).values(
      notes.map((note) => ({
        companyId: company.id,
        id: generateId(now.getTime()),
        clientId: note.id,
        authorId: job.createdBy as string,
        body: note.body,
        createdAt: now,
        updatedAt: now,
      })),
    );
  for (const { plan, id } of made) {
    if (plan.packages.length > 0)
      await givePackages(tx, company, id, plan.packages, job.fileName, job.createdBy, now);
    await emitClientCreated(
      tx,
      company.id,
      { id, ...plan.client, createdAt: joinedAt(plan.client.joined, company.timeZone, now) },
      'import',
    );
  }
  return { created: made.length, taken };
}

export type ImportRunOutcome = 'done' | 'failed' | 'nothing';

/**
 * Runs (or resumes) an import to its end. Answers `nothing` when the import is not queued or running
 * (done, failed, or still waiting for its dry run).
 */
export async function runImportJob(
  db: Database,
  companyId: string,
  importId: string,
  options: { batchSize?: number; afterBatch?: () => Promise<void> } = {},
): Promise<ImportRunOutcome> {
  const batchSize = options.batchSize ?? IMPORT_BATCH_SIZE;
  const prepared = await withTenant(db, companyId, async (tx) => {
    const job = await findImportJob(tx, companyId, importId, { lock: true });
    if (!job || (job.status !== 'queued' && job.status !== 'running')) return null;
    const company = await findCompanyById(tx, companyId);
    if (!company) return null;
    const content = (await findImportContent(tx, companyId, importId)) as ImportContent;
    const table = tableOf(content);
    const importOptions = importOptionsSchema.parse(job.options);
    // Planned once per run; clients created by earlier batches are then "existing" and their rows are
    // behind processed_rows anyway. Each batch still inserts with ON CONFLICT DO NOTHING.
    const plans = await planWithCompany(tx, companyId, table, job.mapping, importOptions);
    if (job.status === 'queued')
      await updateImportJob(tx, companyId, importId, { status: 'running', startedAt: new Date() });
    return { company, plans };
  });
  if (!prepared) return 'nothing';
  const { company, plans } = prepared;

  for (;;) {
    const finished = await withTenant(db, companyId, async (tx) => {
      const job = await findImportJob(tx, companyId, importId, { lock: true });
      if (!job || job.status !== 'running') return true;
      const start = job.processedRows;
      if (start >= plans.length) {
        await updateImportJob(tx, companyId, importId, {
          status: 'done',
          finishedAt: new Date(),
          totalRows: plans.length,
          // The file's personal data is not kept once the clients are in; the counts and reasons stay.
          content: {},
        });
        return true;
      }
      const batch = plans.slice(start, start + batchSize);
      const creates = batch.filter(
        (plan): plan is Extract<RowPlan, { outcome: 'create' }> => plan.outcome === 'create',
      );
      const rejections = batch
        .filter((plan): plan is Extract<RowPlan, { outcome: 'reject' }> => plan.outcome === 'reject')
        .map((plan) => ({ row: plan.row, email: plan.email, reason: plan.reason }));
      const { created, taken } = await createClients(tx, company, creates, job);
      const skipped = batch.filter((plan) => plan.outcome === 'skip').length + taken.size;
      await tx
        .update(importJobs)
        .set({
          processedRows: start + batch.length,
          createdCount: sql`${importJobs.createdCount} + ${created}`,
          skippedCount: sql`${importJobs.skippedCount} + ${skipped}`,
          rejectedCount: sql`${importJobs.rejectedCount} + ${rejections.length}`,
          rejections: sql`${importJobs.rejections} || ${JSON.stringify(rejections)}::jsonb`,
        })
        .where(and(eq(importJobs.companyId, companyId), eq(importJobs.id, importId)));
      return false;
    });
    if (finished) break;
    await options.afterBatch?.();
  }
  const [job] = await withTenant(db, companyId, async (tx) => [await findImportJob(tx, companyId, importId)]);
  return job?.status === 'done' ? 'done' : 'failed';
}

/** After the last attempt: the import is marked failed with the reason, so the page stops waiting. */
export async function failImportJob(db: Database, companyId: string, importId: string, error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  await withTenant(db, companyId, (tx) =>
    updateImportJob(tx, companyId, importId, {
      status: 'failed',
      error: `The import stopped: ${message.slice(0, 500)}`,
      finishedAt: new Date(),
      content: {},
    }),
  );
}
