import { and, eq, sql } from 'drizzle-orm';
import {
  EMAIL_TOPICS,
  EMAIL_TRIGGERS,
  EMAIL_TRIGGER_INFO,
  NOTIFICATION_DEFAULTS,
  REMINDER_HOURS_DEFAULT,
  type EmailTopic,
  type MyNotificationsDto,
  type NotificationPreferencesDto,
} from '@kinetic/shared';
import { withTenant, type Database, type Executor } from '../../db/client.ts';
import { clientPreferences, emailTemplates } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/auth.ts';
import { findSessionSettings } from '../session-settings/session-settings.repo.ts';

async function preferencesOf(
  tx: Executor,
  companyId: string,
  clientId: string,
): Promise<NotificationPreferencesDto> {
  const [row] = await tx
    .select()
    .from(clientPreferences)
    .where(and(eq(clientPreferences.companyId, companyId), eq(clientPreferences.clientId, clientId)));
  if (!row) return { ...NOTIFICATION_DEFAULTS };
  return {
    bookingConfirmations: row.bookingConfirmations,
    reminders: row.reminders,
    waitlist: row.waitlist,
    packageReminders: row.packageReminders,
    marketing: row.marketing,
  };
}

/** Whether an optional email on `topic` may go to this client (the senders ask before queueing). */
export async function wantsEmail(
  tx: Executor,
  companyId: string,
  clientId: string,
  topic: EmailTopic,
): Promise<boolean> {
  return (await preferencesOf(tx, companyId, clientId))[topic];
}

/** Topics the studio sends nothing of: every trigger with that topic switched off in Email Settings. */
async function topicsNotSent(tx: Executor, companyId: string): Promise<EmailTopic[]> {
  const off = new Set(
    (
      await tx
        .select({ trigger: emailTemplates.trigger })
        .from(emailTemplates)
        .where(and(eq(emailTemplates.companyId, companyId), eq(emailTemplates.enabled, false)))
    ).map((row) => row.trigger),
  );
  return EMAIL_TOPICS.filter((topic) => {
    const triggers = EMAIL_TRIGGERS.filter((trigger) => EMAIL_TRIGGER_INFO[trigger].topic === topic);
    return triggers.length > 0 && triggers.every((trigger) => off.has(trigger));
  });
}

/**
 * The client's choices, with the studio's reminder time (the page says when reminders come) and the
 * topics the studio does not send at all (the page says so rather than offer a switch that does nothing).
 */
async function myNotificationsOf(
  tx: Executor,
  companyId: string,
  clientId: string,
): Promise<MyNotificationsDto> {
  const settings = await findSessionSettings(tx, companyId);
  return {
    ...(await preferencesOf(tx, companyId, clientId)),
    reminderHoursBefore: settings?.reminderHoursBefore ?? REMINDER_HOURS_DEFAULT,
    notSentByStudio: await topicsNotSent(tx, companyId),
  };
}

export function getMyPreferences(db: Database, actor: Actor): Promise<MyNotificationsDto> {
  return withTenant(db, actor.companyId, (tx) => myNotificationsOf(tx, actor.companyId, actor.userId));
}

export async function saveMyPreferences(
  db: Database,
  actor: Actor,
  body: Omit<NotificationPreferencesDto, 'packageReminders'> & { packageReminders?: boolean | undefined },
): Promise<MyNotificationsDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    // A body without the membership-and-pack switch (written before it existed) keeps the saved choice.
    const choices = {
      ...body,
      packageReminders:
        body.packageReminders ?? (await preferencesOf(tx, actor.companyId, actor.userId)).packageReminders,
    };
    await tx
      .insert(clientPreferences)
      .values({ companyId: actor.companyId, clientId: actor.userId, ...choices })
      .onConflictDoUpdate({
        target: [clientPreferences.companyId, clientPreferences.clientId],
        set: { ...choices, updatedAt: sql`now()` },
      });
    return myNotificationsOf(tx, actor.companyId, actor.userId);
  });
}
