import type { Executor } from '../../db/client.ts';
import { companies, users } from '../../db/schema/index.ts';

export type NewCompany = typeof companies.$inferInsert;
export type NewUser = typeof users.$inferInsert;

export async function insertCompany(tx: Executor, values: NewCompany) {
  const [row] = await tx.insert(companies).values(values).returning();
  if (!row) throw new Error('The company was not created.');
  return row;
}

/** Inserts unless the email already has this role in the company; answers undefined then. */
export async function insertUserIfNew(tx: Executor, values: NewUser) {
  const [row] = await tx.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}
