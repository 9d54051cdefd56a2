import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { ListPeopleQuery, LoginStatus, PersonValues } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import { users, type facilitators, type instructors } from '../../db/schema/index.ts';
import { INVITED_PASSWORD_HASH } from '../accounts/invited-login.ts';

/** Instructors and facilitators share one shape; these queries serve both tables. */
export type PeopleTable = typeof instructors;
export type PersonRow = typeof instructors.$inferSelect & { login: LoginStatus };
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

/** The person with whether their linked login is waiting for its first password or in use. */
function selectPeople(tx: Executor, table: PeopleTable) {
  const login = sql<LoginStatus>`case when ${users.id} is null then 'none' when ${users.passwordHash} = ${INVITED_PASSWORD_HASH} then 'invited' else 'active' end`;
  return tx
    .select({ person: table, login })
    .from(table)
    .leftJoin(users, and(eq(users.companyId, table.companyId), eq(users.id, table.userId)));
}

const withLogin = ({ person, login }: { person: typeof instructors.$inferSelect; login: LoginStatus }): PersonRow => ({
  ...person,
  login,
});

export async function listPeople(
  tx: Executor,
  table: PeopleTable,
  companyId: string,
  query: ListPeopleQuery,
): Promise<PersonRow[]> {
  const rows = await selectPeople(tx, table)
    .where(filter(table, companyId, query.status))
    .orderBy(asc(sql`lower(${table.name})`), asc(table.id))
    .offset((query.page - 1) * query.pageSize)
    .limit(query.pageSize);
  return rows.map(withLogin);
}

export async function findPerson(
  tx: Executor,
  table: PeopleTable,
  companyId: string,
  id: string,
): Promise<PersonRow | undefined> {
  const [row] = await selectPeople(tx, table).where(and(eq(table.companyId, companyId), eq(table.id, id)));
  return row && withLogin(row);
}

export async function insertPerson(
  tx: Executor,
  table: PeopleTable,
  companyId: string,
  id: string,
  values: PersonValues,
): Promise<void> {
  await tx.insert(table).values({ companyId, id, ...values });
}

export async function updatePerson(
  tx: Executor,
  table: PeopleTable,
  companyId: string,
  id: string,
  values: PersonValues,
): Promise<boolean> {
  const rows = await tx
    .update(table)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(table.companyId, companyId), eq(table.id, id)))
    .returning({ id: table.id });
  return rows.length > 0;
}

export async function linkPersonToLogin(
  tx: Executor,
  table: PeopleTable,
  companyId: string,
  id: string,
  userId: string,
): Promise<void> {
  await tx
    .update(table)
    .set({ userId, updatedAt: sql`now()` })
    .where(and(eq(table.companyId, companyId), eq(table.id, id)));
}
