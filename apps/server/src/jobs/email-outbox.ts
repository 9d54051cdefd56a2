import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { generateId } from '../db/ids.ts';
import { emailOutbox } from '../db/schema/index.ts';
import type { EmailAttachment } from '../db/schema/email-outbox.ts';

export type { EmailAttachment };

export interface EmailDraft {
  companyId: string | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The sender's display name (the address stays the server's MAIL_FROM) and where replies go. */
  fromName?: string | null;
  replyTo?: string | null;
  /** Small text files (a class's `.ics`), stored on the row and sent with it. */
  attachments?: EmailAttachment[];
}

/** Writes the email in the caller's transaction; it is delivered after commit (see jobs/runner.ts). */
export async function queueEmail(tx: Executor, draft: EmailDraft): Promise<string> {
  const id = generateId();
  const attachments = draft.attachments && draft.attachments.length > 0 ? draft.attachments : null;
  await tx.insert(emailOutbox).values({
    id,
    ...draft,
    html: draft.html ?? null,
    fromName: draft.fromName ?? null,
    replyTo: draft.replyTo ?? null,
    attachments,
  });
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
    .set({
      status: 'sent',
      sentAt: sql`now()`,
      attempts: sql`${emailOutbox.attempts} + 1`,
      lastAttemptAt: sql`now()`,
    })
    .where(eq(emailOutbox.id, id));
}

/** Records a failed attempt; after `maxAttempts` the email is given up as `failed`. Answers whether it was. */
export async function recordEmailFailure(tx: Executor, id: string, error: string, maxAttempts: number) {
  const [row] = await tx
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      lastError: error.slice(0, 500),
      lastAttemptAt: sql`now()`,
      status: sql`case when ${emailOutbox.attempts} + 1 >= ${maxAttempts} then 'failed' else 'pending' end`,
    })
    .where(eq(emailOutbox.id, id))
    .returning({ status: emailOutbox.status });
  return row?.status === 'failed';
}

/**
 * Pending emails never attempted long after they were written: the process stopped between commit
 * and hand-off. Emails with attempts already have a pg-boss job retrying them.
 */
export async function findStrandedEmailIds(tx: Executor): Promise<string[]> {
  const rows = await tx
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, 'pending'),
        eq(emailOutbox.attempts, 0),
        sql`${emailOutbox.createdAt} < now() - interval '10 minutes'`,
      ),
    )
    .limit(500);
  return rows.map((row) => row.id);
}

/** Emails not yet tried, of any age: what a commit that queued several hands to the worker at once. */
export async function findUnsentEmailIds(tx: Executor): Promise<string[]> {
  const rows = await tx
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'pending'), eq(emailOutbox.attempts, 0)))
    .orderBy(emailOutbox.createdAt)
    .limit(500);
  return rows.map((row) => row.id);
}
