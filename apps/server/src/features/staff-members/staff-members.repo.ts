import { sql, type SQL } from 'drizzle-orm';
import type { ListStaffMembersQuery, StaffRole } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import { INVITED_PASSWORD_HASH } from '../accounts/invited-login.ts';

/**
 * The logins that make up a company's team (a staff member is one of these; solo owners have no team).
 * A platform user's hidden support login (`platform_user_id` set, issue 18 §2) is never listed or counted.
 */
export const STAFF_ROLE_SQL = sql`('admin', 'staff', 'instructor')`;
/** Every team login, for "an email is used once in the team" (solo-instructor included). */
const TEAM_ROLE_SQL = sql`('admin', 'staff', 'instructor', 'solo-instructor')`;

export type StaffRow = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  role: StaffRole;
  invited: boolean;
  abilities: string[] | null;
  deactivated_at: Date | null;
  invitation_expires_at: Date | null;
  studios: { id: string; name: string }[];
  instructor_id: string | null;
  created_at: Date;
  updated_at: Date;
};

function selectStaff(companyId: string, where: SQL, tail: SQL = sql``): SQL {
  return sql`
    select u.id, u.name, u.email, u.phone, u.role, u.password_hash = ${INVITED_PASSWORD_HASH} as invited,
      u.abilities, u.deactivated_at, u.created_at, u.updated_at,
      (select max(t.expires_at) from password_reset_tokens t
        where t.company_id = u.company_id and t.user_id = u.id and t.purpose = 'invitation' and t.used_at is null
      ) as invitation_expires_at,
      coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name) order by lower(s.name), s.id)
        from staff_studios ss join studios s on s.company_id = ss.company_id and s.id = ss.studio_id
        where ss.company_id = u.company_id and ss.user_id = u.id), '[]'::json) as studios,
      (select i.id from instructors i where i.company_id = u.company_id and i.user_id = u.id limit 1) as instructor_id
    from users u
    where u.company_id = ${companyId} and u.role in ${STAFF_ROLE_SQL} and u.platform_user_id is null and ${where}
    ${tail}`;
}

function listFilter(query: Pick<ListStaffMembersQuery, 'status' | 'search'>): SQL {
  const parts: SQL[] = [sql`true`];
  if (query.status === 'active') parts.push(sql`u.deactivated_at is null`);
  if (query.status === 'inactive') parts.push(sql`u.deactivated_at is not null`);
  if (query.search) {
    const pattern = `%${query.search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    parts.push(sql`(lower(u.name) like ${pattern} or u.email like ${pattern})`);
  }
  return sql.join(parts, sql` and `);
}

export async function countStaff(
  tx: Executor,
  companyId: string,
  query: ListStaffMembersQuery,
): Promise<number> {
  const result = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from users u
    where u.company_id = ${companyId} and u.role in ${STAFF_ROLE_SQL} and u.platform_user_id is null
      and ${listFilter(query)}`);
  return result.rows[0]?.n ?? 0;
}

export async function listStaff(
  tx: Executor,
  companyId: string,
  query: ListStaffMembersQuery,
): Promise<StaffRow[]> {
  const result = await tx.execute<StaffRow>(
    selectStaff(
      companyId,
      listFilter(query),
      sql`order by lower(u.name), u.id offset ${(query.page - 1) * query.pageSize} limit ${query.pageSize}`,
    ),
  );
  return result.rows;
}

/** Every staff member who is not deactivated (the Staff page). */
export async function currentStaff(tx: Executor, companyId: string): Promise<StaffRow[]> {
  const result = await tx.execute<StaffRow>(
    selectStaff(companyId, sql`u.deactivated_at is null`, sql`order by lower(u.name), u.id`),
  );
  return result.rows;
}

export async function findStaff(tx: Executor, companyId: string, id: string): Promise<StaffRow | undefined> {
  const result = await tx.execute<StaffRow>(selectStaff(companyId, sql`u.id = ${id}`));
  return result.rows[0];
}

/**
 * Staff changes of one company wait for each other (a transaction-scoped advisory lock): two owners
 * demoting the last two admins at once, or adding the same email twice, are decided one after the other.
 */
export async function lockCompanyStaff(tx: Executor, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`staff-members:${companyId}`}, 0))`);
  // The admins' rows too, for any other writer of users.role that does not take the advisory lock.
  await tx.execute(sql`select id from users where company_id = ${companyId} and role = 'admin' for update`);
}

/** Admins who can log in (not deactivated, password chosen), other than `exceptId`. */
export async function countOtherActiveAdmins(
  tx: Executor,
  companyId: string,
  exceptId: string,
): Promise<number> {
  const result = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from users
    where company_id = ${companyId} and role = 'admin' and deactivated_at is null and platform_user_id is null
      and password_hash <> ${INVITED_PASSWORD_HASH} and id <> ${exceptId}`);
  return result.rows[0]?.n ?? 0;
}

/** Whether another team login of the company uses this email. */
export async function emailTakenInTeam(
  tx: Executor,
  companyId: string,
  email: string,
  exceptId: string | null,
): Promise<boolean> {
  const result = await tx.execute(sql`
    select 1 from users where company_id = ${companyId} and email = ${email} and role in ${TEAM_ROLE_SQL}
      and (${exceptId}::text is null or id <> ${exceptId}) limit 1`);
  return result.rows.length > 0;
}

/** The ids among `studioIds` that are not studios of the company. */
export async function unknownStudios(
  tx: Executor,
  companyId: string,
  studioIds: string[],
): Promise<string[]> {
  if (studioIds.length === 0) return [];
  const result = await tx.execute<{ id: string }>(sql`
    select id from studios where company_id = ${companyId} and id in ${studioIds}`);
  const known = new Set(result.rows.map((row) => row.id));
  return studioIds.filter((id) => !known.has(id));
}

export async function replaceStudios(tx: Executor, companyId: string, userId: string, studioIds: string[]) {
  await tx.execute(sql`delete from staff_studios where company_id = ${companyId} and user_id = ${userId}`);
  for (const studioId of studioIds) {
    await tx.execute(
      sql`insert into staff_studios (company_id, user_id, studio_id) values (${companyId}, ${userId}, ${studioId})`,
    );
  }
}

export async function setDeactivated(tx: Executor, companyId: string, userId: string, deactivated: boolean) {
  await tx.execute(sql`
    update users set deactivated_at = ${deactivated ? sql`now()` : sql`null`}, updated_at = now()
    where company_id = ${companyId} and id = ${userId}`);
  // Their instructors row leaves the pickers while they are away, and comes back with them.
  await tx.execute(sql`
    update instructors set active = ${!deactivated}, updated_at = now()
    where company_id = ${companyId} and user_id = ${userId}`);
}

/** A role change reaches their open sessions at once: the next request carries the new role. */
export async function setSessionsRole(tx: Executor, companyId: string, userId: string, role: StaffRole) {
  await tx.execute(
    sql`update sessions set role = ${role} where company_id = ${companyId} and user_id = ${userId}`,
  );
}

/**
 * Links an instructor staff member to an `instructors` row (so they can be scheduled and paid): theirs if
 * already linked, else one with the same email that has no login yet, else a new one. Null when the row
 * with their email belongs to another login.
 */
export async function linkInstructor(
  tx: Executor,
  companyId: string,
  user: { id: string; name: string; email: string; phone: string | null },
  newId: string,
): Promise<string | null> {
  const own = await tx.execute<{ id: string }>(
    sql`select id from instructors where company_id = ${companyId} and user_id = ${user.id} limit 1`,
  );
  if (own.rows[0]) {
    await tx.execute(sql`update instructors set active = true, updated_at = now()
      where company_id = ${companyId} and id = ${own.rows[0].id} and active = false`);
    return own.rows[0].id;
  }
  const same = await tx.execute<{ id: string; user_id: string | null }>(
    sql`select id, user_id from instructors where company_id = ${companyId} and email = ${user.email} for update`,
  );
  const match = same.rows[0];
  if (match) {
    if (match.user_id && match.user_id !== user.id) return null;
    await tx.execute(sql`update instructors set user_id = ${user.id}, active = true, updated_at = now()
      where company_id = ${companyId} and id = ${match.id}`);
    return match.id;
  }
  await tx.execute(sql`insert into instructors (company_id, id, name, email, phone, active, user_id)
    values (${companyId}, ${newId}, ${user.name}, ${user.email}, ${user.phone}, true, ${user.id})`);
  return newId;
}

export type WeekClassRow = {
  id: string;
  instructor_id: string;
  local_date: string;
  starts_at: Date;
  ends_at: Date;
  time_zone: string;
  class_name: string;
  studio_id: string;
  studio_name: string;
  substitute_for: string | null;
  status: string;
};

/** The classes the given instructors teach between two studio-calendar dates (substitutes are who teaches). */
export async function classesOfInstructors(
  tx: Executor,
  companyId: string,
  instructorIds: string[],
  from: string,
  to: string,
): Promise<WeekClassRow[]> {
  if (instructorIds.length === 0) return [];
  const result = await tx.execute<WeekClassRow>(sql`
    select ci.id, ci.instructor_id, ci.local_date::text as local_date, ci.starts_at, ci.ends_at,
      s.time_zone, coalesce(ct.name, 'Class') as class_name, s.id as studio_id, s.name as studio_name,
      case when fs.instructor_id is not null and fs.instructor_id <> ci.instructor_id then si.name end as substitute_for,
      ci.status
    from class_instances ci
    join studios s on s.company_id = ci.company_id and s.id = ci.studio_id
    left join class_templates ct on ct.company_id = ci.company_id and ct.id = ci.template_id
    left join fitness_sessions fs on fs.company_id = ci.company_id and fs.id = ci.fitness_session_id
    left join instructors si on si.company_id = fs.company_id and si.id = fs.instructor_id
    where ci.company_id = ${companyId} and ci.kind = 'class' and ci.instructor_id in ${instructorIds}
      and ci.local_date between ${from}::date and ${to}::date
    order by ci.starts_at, ci.id`);
  return result.rows;
}

/** Today's date on the company's clock. */
export async function companyToday(tx: Executor, companyId: string): Promise<string> {
  const result = await tx.execute<{ today: string }>(
    sql`select (now() at time zone time_zone)::date::text as today from companies where id = ${companyId}`,
  );
  return result.rows[0]?.today ?? new Date().toISOString().slice(0, 10);
}

export async function listCompanyStudios(tx: Executor, companyId: string) {
  const result = await tx.execute<{ id: string; name: string }>(
    sql`select id, name from studios where company_id = ${companyId} order by lower(name), id`,
  );
  return result.rows;
}
