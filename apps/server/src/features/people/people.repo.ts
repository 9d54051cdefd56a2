import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { ListPeopleQuery, PersonValues } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import type { facilitators, instructors } from '../../db/schema/index.ts';

/** Instructors and facilitators share one shape; these queries serve both tables. */
export type PeopleTable = typeof instructors;
export type PersonRow = typeof instructors.$inferSelect;
export const asPeopleTable = (table: typeof instructors | typeof facilitators) => table as PeopleTable;

function filter(table: PeopleTable, companyId: string, status: ListPeopleQuery['status']): SQL | undefined {
  const company = eq(table.companyId, companyId);
  if (status === 'active') return and(company, eq(table.active, true));
  if (status === 'inactive') return and(company, eq(table.active, false));
  return company;
}

export async function countPeople(
  tx: Executor,
  table: PeopleTable,
  companyId: string,
  status: ListPeopleQuery['status'],
): Promise<number> {
  const [row] = await tx
    .select({ total: count() })
    .from(table)
    .where(filter(table, companyId, status));
  return row?.total ?? 0;
}

export async function listPeople(
  tx: Executor,
  table: PeopleTable,
  companyId: string,
  query: ListPeopleQuery,
): Promise<PersonRow[]> {
  return tx
    .select()
    .from(table)
    .where(filter(table, companyId, query.status))
    .orderBy(asc(sql`lower(${table.name})`), asc(table.id))
    .offset((query.page - 1) * query.pageSize)
    .limit(query.pageSize);
}

export async function findPerson(
  tx: Executor,
  table: PeopleTable,
  companyId: string,
  id: string,
): Promise<PersonRow | undefined> {
  const [row] = await tx
    .select()
    .from(table)
    .where(and(eq(table.companyId, companyId), eq(table.id, id)));
  return row;
}

export async function insertPerson(
  tx: Executor,
  table: PeopleTable,
  companyId: string,
  id: string,
  values: PersonValues,
): Promise<PersonRow> {
  const [row] = await tx
    .insert(table)
    .values({ companyId, id, ...values })
    .returning();
  if (!row) throw new Error('Adding the person returned no row.');
  return row;
}

export async function updatePerson(
  tx: Executor,
  table: PeopleTable,
  companyId: string,
  id: string,
  values: PersonValues,
): Promise<PersonRow | undefined> {
  const [row] = await tx
    .update(table)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(table.companyId, companyId), eq(table.id, id)))
    .returning();
  return row;
}
