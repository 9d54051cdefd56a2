import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { RoleId } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import { companies, passwordResetTokens, sessions, users } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';

export type CompanyRow = typeof companies.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export async function findCompanyBySlug(tx: Executor, slug: string): Promise<CompanyRow | undefined> {
  const [row] = await tx.select().from(companies).where(eq(companies.slug, slug.toLowerCase()));
  return row;
}

export async function findCompanyById(tx: Executor, id: string): Promise<CompanyRow | undefined> {
  const [row] = await tx.select().from(companies).where(eq(companies.id, id));
  return row;
}

/** The signed-in member's company; gone (deleted meanwhile) is a 404 that says so. */
export async function companyOrNotFound(tx: Executor, id: string): Promise<CompanyRow> {
  const company = await findCompanyById(tx, id);
  if (!company) throw notFound('Your company no longer exists.');
  return company;
}

export async function findUser(tx: Executor, companyId: string, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  return row;
}

/**
 * Accounts with this email in the given roles, in one company or (root login) in every company. A
 * platform user's hidden support login (`platform_user_id` set) is never one: no password, no reset.
 */
export async function findAccountsByEmail(
  tx: Executor,
  email: string,
  roles: readonly RoleId[],
  companyId?: string,
  limit = 20,
): Promise<{ user: UserRow; company: CompanyRow }[]> {
  const conditions = [eq(users.email, email), inArray(users.role, [...roles]), isNull(users.platformUserId)];
  if (companyId) conditions.push(eq(users.companyId, companyId));
  return tx
    .select({ user: users, company: companies })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(...conditions))
    .orderBy(companies.name)
    .limit(limit);
}

/** The solo instructor of a solo company: the `soloInstructorId` every user there carries. */
export async function findSoloInstructorId(tx: Executor, companyId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 'solo-instructor'), isNull(users.platformUserId)))
    .orderBy(users.createdAt)
    .limit(1);
  return row?.id ?? null;
}

export async function insertSession(tx: Executor, values: typeof sessions.$inferInsert): Promise<void> {
  await tx.insert(sessions).values(values);
}

export async function deleteSession(tx: Executor, sessionId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteSessionsOfUser(
  tx: Executor,
  companyId: string,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  const conditions = [eq(sessions.companyId, companyId), eq(sessions.userId, userId)];
  if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
  await tx.delete(sessions).where(and(...conditions));
}

export async function insertResetToken(tx: Executor, values: typeof passwordResetTokens.$inferInsert) {
  await tx.insert(passwordResetTokens).values(values);
}

/** A usable reset token, locked so two simultaneous resets cannot both use it. */
export async function findUsableResetToken(tx: Executor, tokenHash: string, { lock = false } = {}) {
  const query = tx
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        sql`${passwordResetTokens.expiresAt} > now()`,
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateNameAndPhone(tx: Executor, companyId: string, userId: string, values: { name: string; phone: string }) {
  const [row] = await tx
    .update(users)
    .set({ name: values.name, phone: values.phone || null, updatedAt: sql`now()` })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .returning({ id: users.id });
  return row;
}

export async function updatePasswordHash(tx: Executor, companyId: string, userId: string, passwordHash: string) {
  await tx
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
}

/** Spends every open reset link of an account (after a reset or a password change). */
export async function spendResetTokensOfUser(tx: Executor, companyId: string, userId: string): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.companyId, companyId),
        eq(passwordResetTokens.userId, userId),
        isNull(passwordResetTokens.usedAt),
      ),
    );
}
