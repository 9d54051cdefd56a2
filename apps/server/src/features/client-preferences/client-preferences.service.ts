import { and, eq, sql } from 'drizzle-orm';
import { NOTIFICATION_DEFAULTS, type EmailTopic, type NotificationPreferencesDto } from '@kinetic/shared';
import { withTenant, type Database, type Executor } from '../../db/client.ts';
import { clientPreferences } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/auth.ts';

async function preferencesOf(tx: Executor, companyId: string, clientId: string): Promise<NotificationPreferencesDto> {
  const [row] = await tx
    .select()
    .from(clientPreferences)
    .where(and(eq(clientPreferences.companyId, companyId), eq(clientPreferences.clientId, clientId)));
  if (!row) return { ...NOTIFICATION_DEFAULTS };
  return {
    bookingConfirmations: row.bookingConfirmations,
    reminders: row.reminders,
    waitlist: row.waitlist,
    marketing: row.marketing,
  };
}

/** Whether an optional email on `topic` may go to this client (the senders ask before queueing). */
export async function wantsEmail(tx: Executor, companyId: string, clientId: string, topic: EmailTopic): Promise<boolean> {
  return (await preferencesOf(tx, companyId, clientId))[topic];
}

export function getMyPreferences(db: Database, actor: Actor): Promise<NotificationPreferencesDto> {
  return withTenant(db, actor.companyId, (tx) => preferencesOf(tx, actor.companyId, actor.userId));
}

export async function saveMyPreferences(
  db: Database,
  actor: Actor,
  body: NotificationPreferencesDto,
): Promise<NotificationPreferencesDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    await tx
      .insert(clientPreferences)
      .values({ companyId: actor.companyId, clientId: actor.userId, ...body })
      .onConflictDoUpdate({
        target: [clientPreferences.companyId, clientPreferences.clientId],
        set: { ...body, updatedAt: sql`now()` },
      });
    return preferencesOf(tx, actor.companyId, actor.userId);
  });
}
