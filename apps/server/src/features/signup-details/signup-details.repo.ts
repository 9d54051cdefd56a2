import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { clientSignupDetails, studios } from '../../db/schema/index.ts';

export type SignupDetailsRow = typeof clientSignupDetails.$inferSelect;
export type SignupDetailsValues = Omit<typeof clientSignupDetails.$inferInsert, 'companyId' | 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

/** The client's details with the home studio's name (null when the studio is gone). */
export async function findSignupDetails(tx: Executor, companyId: string, clientId: string) {
  const [row] = await tx
    .select({ details: clientSignupDetails, homeStudioName: studios.name })
    .from(clientSignupDetails)
    .leftJoin(
      studios,
      and(eq(studios.companyId, clientSignupDetails.companyId), eq(studios.id, clientSignupDetails.homeStudioId)),
    )
    .where(and(eq(clientSignupDetails.companyId, companyId), eq(clientSignupDetails.userId, clientId)));
  return row;
}

/** Only the id: GET /api/me asks this for every client page. */
export async function findSignupDetailsId(tx: Executor, companyId: string, clientId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: clientSignupDetails.id })
    .from(clientSignupDetails)
    .where(and(eq(clientSignupDetails.companyId, companyId), eq(clientSignupDetails.userId, clientId)));
  return row?.id ?? null;
}

/** Creates the one row of this client (its id is theirs) or replaces its answers. */
export async function upsertSignupDetails(tx: Executor, companyId: string, clientId: string, values: SignupDetailsValues) {
  await tx
    .insert(clientSignupDetails)
    .values({ companyId, id: clientId, userId: clientId, ...values })
    .onConflictDoUpdate({
      target: [clientSignupDetails.companyId, clientSignupDetails.id],
      set: { ...values, updatedAt: sql`now()` },
    });
}

export async function studioExists(tx: Executor, companyId: string, studioId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: studios.id })
    .from(studios)
    .where(and(eq(studios.companyId, companyId), eq(studios.id, studioId)));
  return Boolean(row);
}

export async function findStudioName(tx: Executor, companyId: string, studioId: string): Promise<string | null> {
  const [row] = await tx
    .select({ name: studios.name })
    .from(studios)
    .where(and(eq(studios.companyId, companyId), eq(studios.id, studioId)));
  return row?.name ?? null;
}
