import { and, eq, sql } from 'drizzle-orm';
import type { EmailSettingsValues, EmailTrigger } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import { emailSettings, emailTemplates } from '../../db/schema/index.ts';

export type EmailTemplateRow = typeof emailTemplates.$inferSelect;

/** Every saved template row of the company (triggers never touched have none). */
export async function findTemplateRows(tx: Executor, companyId: string): Promise<EmailTemplateRow[]> {
  return tx.select().from(emailTemplates).where(eq(emailTemplates.companyId, companyId));
}

export async function upsertEmailSettings(
  tx: Executor,
  companyId: string,
  values: EmailSettingsValues,
): Promise<void> {
  await tx
    .insert(emailSettings)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: emailSettings.companyId, set: { ...values, updatedAt: sql`now()` } });
}

/** One trigger's choice and words; `subject`/`body` null keeps (or brings back) the default words. */
export async function upsertTemplate(
  tx: Executor,
  companyId: string,
  trigger: EmailTrigger,
  values: { enabled: boolean; subject: string | null; body: string | null; updatedBy: string },
): Promise<void> {
  await tx
    .insert(emailTemplates)
    .values({ companyId, trigger, ...values })
    .onConflictDoUpdate({
      target: [emailTemplates.companyId, emailTemplates.trigger],
      set: { ...values, updatedAt: sql`now()` },
    });
}

/** Back to the default words; the on/off choice stays. No row: already the defaults. */
export async function clearTemplateWords(
  tx: Executor,
  companyId: string,
  trigger: EmailTrigger,
  updatedBy: string,
): Promise<void> {
  await tx
    .update(emailTemplates)
    .set({ subject: null, body: null, updatedBy, updatedAt: sql`now()` })
    .where(and(eq(emailTemplates.companyId, companyId), eq(emailTemplates.trigger, trigger)));
}
