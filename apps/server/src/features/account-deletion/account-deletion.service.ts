import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { ACCOUNT_DELETION_GRACE_DAYS, type DeletionRequestDto } from '@kinetic/shared';
import { withPlatform, withTenant, type Database, type Executor } from '../../db/client.ts';
import {
  clientPreferences,
  clientSignupDetails,
  passwordResetTokens,
  sessions,
  stripeCustomers,
  users,
  waiverSignatures,
  calendarFeeds,
} from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/auth.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { verifyPassword } from '../../plugins/passwords.ts';

const DAY_MS = 86_400_000;
export const DELETED_NAME = 'Deleted client';

export function deletionOf(requestedAt: Date | null): DeletionRequestDto {
  return {
    requestedAt: requestedAt?.toISOString() ?? null,
    takesEffectAt: requestedAt
      ? new Date(requestedAt.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS).toISOString()
      : null,
  };
}

export async function myDeletionRequest(db: Database, actor: Actor): Promise<DeletionRequestDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const [row] = await tx
      .select({ requestedAt: users.deletionRequestedAt })
      .from(users)
      .where(and(eq(users.companyId, actor.companyId), eq(users.id, actor.userId)));
    if (!row) throw notFound('We could not find your account.');
    return deletionOf(row.requestedAt);
  });
}

/**
 * The client asks to delete their account, confirming with their password. Nothing changes for
 * ACCOUNT_DELETION_GRACE_DAYS (they may withdraw, the studio sees the request and its date); then their
 * personal details are replaced (`anonymiseDueAccounts`) and the studio's financial records stay, nameless.
 */
export async function requestDeletion(
  db: Database,
  actor: Actor,
  password: string,
  now = new Date(),
): Promise<DeletionRequestDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const [row] = await tx
      .select({ passwordHash: users.passwordHash, requestedAt: users.deletionRequestedAt })
      .from(users)
      .where(and(eq(users.companyId, actor.companyId), eq(users.id, actor.userId)))
      .for('update');
    if (!row) throw notFound('We could not find your account.');
    if (!(await verifyPassword(row.passwordHash, password)))
      throw badRequest('The password is incorrect.', { password: 'The password is incorrect.' });
    if (row.requestedAt) return deletionOf(row.requestedAt);
    await tx
      .update(users)
      .set({ deletionRequestedAt: now, updatedAt: now })
      .where(and(eq(users.companyId, actor.companyId), eq(users.id, actor.userId)));
    return deletionOf(now);
  });
}

/** The client changes their mind before the date: the request is withdrawn. */
export async function withdrawDeletion(db: Database, actor: Actor): Promise<DeletionRequestDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ deletionRequestedAt: null, updatedAt: sql`now()` })
      .where(
        and(eq(users.companyId, actor.companyId), eq(users.id, actor.userId), isNull(users.anonymisedAt)),
      )
      .returning({ id: users.id });
    if (!row) throw notFound('We could not find your account.');
    return deletionOf(null);
  });
}

async function anonymise(tx: Executor, companyId: string, userId: string, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({
      name: DELETED_NAME,
      email: `deleted-${userId}@deleted.invalid`,
      phone: null,
      // Not an argon2 hash: no password ever matches it.
      passwordHash: '!deleted',
      anonymisedAt: now,
      updatedAt: now,
    })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  await tx
    .delete(clientSignupDetails)
    .where(and(eq(clientSignupDetails.companyId, companyId), eq(clientSignupDetails.userId, userId)));
  await tx
    .delete(clientPreferences)
    .where(and(eq(clientPreferences.companyId, companyId), eq(clientPreferences.clientId, userId)));
  // The private calendar address stops existing, not only answering 404.
  await tx
    .delete(calendarFeeds)
    .where(and(eq(calendarFeeds.companyId, companyId), eq(calendarFeeds.userId, userId)));
  // A signature stays as the record that a waiver was signed, without the name, drawing or address.
  await tx
    .update(waiverSignatures)
    .set({ fullName: DELETED_NAME, path: null, ipAddress: null, userAgent: null })
    .where(and(eq(waiverSignatures.companyId, companyId), eq(waiverSignatures.clientId, userId)));
  await tx
    .update(stripeCustomers)
    .set({ paymentMethodId: null })
    .where(and(eq(stripeCustomers.companyId, companyId), eq(stripeCustomers.clientId, userId)));
}

/** Every account whose grace period has run out is anonymised (the cleanup sweep runs this). */
export async function anonymiseDueAccounts(db: Database, now = new Date()): Promise<number> {
  const due = await withPlatform(db, (tx) =>
    tx
      .select({ companyId: users.companyId, id: users.id })
      .from(users)
      .where(
        and(
          lte(users.deletionRequestedAt, new Date(now.getTime() - ACCOUNT_DELETION_GRACE_DAYS * DAY_MS)),
          isNull(users.anonymisedAt),
        ),
      )
      .limit(100),
  );
  for (const { companyId, id } of due) {
    await withTenant(db, companyId, (tx) => anonymise(tx, companyId, id, now));
    // Sessions and links are platform tables: every way in ends with the details.
    await withPlatform(db, async (tx) => {
      await tx.delete(sessions).where(and(eq(sessions.companyId, companyId), eq(sessions.userId, id)));
      await tx
        .delete(passwordResetTokens)
        .where(and(eq(passwordResetTokens.companyId, companyId), eq(passwordResetTokens.userId, id)));
    });
  }
  return due.length;
}
