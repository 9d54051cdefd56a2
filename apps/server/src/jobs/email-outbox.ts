import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { generateId } from '../db/ids.ts';
import { emailOutbox } from '../db/schema/index.ts';

export interface EmailDraft {
  companyId: string | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Writes the email in the caller's transaction; it is delivered after commit (see jobs/runner.ts). */
export async function queueEmail(tx: Executor, draft: EmailDraft): Promise<string> {
  const id = generateId();
  await tx.insert(emailOutbox).values({ id, ...draft, html: draft.html ?? null });
  return id;
}

export async function findPendingEmail(tx: Executor, id: string) {
  const [row] = await tx
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'pending')))
    .for('update', { skipLocked: true });
  return row;
}

export async function markEmailSent(tx: Executor, id: string) {
  await tx
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, attempts: sql`${emailOutbox.attempts} + 1`, lastAttemptAt: sql`now()` })
    .where(eq(emailOutbox.id, id));
}

export async function recordEmailFailure(tx: Executor, id: string, error: string) {
  await tx
    .update(emailOutbox)
    .set({ attempts: sql`${emailOutbox.attempts} + 1`, lastError: error.slice(0, 500), lastAttemptAt: sql`now()` })
    .where(eq(emailOutbox.id, id));
}

/** Pending emails no job is looking after (the process stopped between commit and enqueue). */
export async function findStrandedEmailIds(tx: Executor): Promise<string[]> {
  const rows = await tx
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, 'pending'),
        sql`coalesce(${emailOutbox.lastAttemptAt}, ${emailOutbox.createdAt}) < now() - interval '10 minutes'`,
      ),
    )
    .limit(500);
  return rows.map((row) => row.id);
}
