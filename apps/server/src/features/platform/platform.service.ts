import { sql } from 'drizzle-orm';
import type {
  PlatformAuditEntryDto,
  PlatformAuditListDto,
  PlatformAuditQuery,
  PlatformCompaniesQuery,
  PlatformCompanyDto,
  PlatformCompanyListDto,
  PlatformCompanyRowDto,
  PlatformSessionDto,
  PlatformAuditAction,
} from '@kinetic/shared';
import { withPlatform, type Database, type Executor } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import { platformAuditLog, platformSessions } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../plugins/errors.ts';
import { hashToken, newSecretToken } from '../../plugins/tokens.ts';
import type { PlatformActor } from './platform-auth.ts';
import { endRunningSupportSessions, listSupportSessionsOf } from './support-sessions.service.ts';

/** A platform session lasts a working day: the platform area holds every company's keys. */
export const PLATFORM_SESSION_HOURS = 12;

export const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

export interface PlatformUserRow {
  id: string;
  email: string;
  name: string;
  passwordHash: string;
}

export async function findPlatformUserByEmail(
  tx: Executor,
  email: string,
): Promise<PlatformUserRow | undefined> {
  const { rows } = await tx.execute<{ id: string; email: string; name: string; password_hash: string }>(sql`
    select id, email, name, password_hash from platform_users where lower(email) = ${email.toLowerCase()}`);
  const row = rows[0];
  return row && { id: row.id, email: row.email, name: row.name, passwordHash: row.password_hash };
}

/** Every platform action is written here, in the transaction of the action. */
export async function recordPlatformAction(
  tx: Executor,
  actor: { platformUserId: string | null; email: string },
  action: PlatformAuditAction,
  companyId: string | null,
  details: Record<string, unknown> = {},
): Promise<void> {
  await tx.insert(platformAuditLog).values({
    id: generateId(),
    platformUserId: actor.platformUserId,
    platformUserEmail: actor.email,
    action,
    companyId,
    details,
  });
}

/** The root login matched a platform user: a platform session (its token's hash kept), and the log says so. */
export async function startPlatformSession(
  tx: Executor,
  user: PlatformUserRow,
  ip: string,
): Promise<PlatformSessionDto> {
  const token = newSecretToken();
  await tx.insert(platformSessions).values({
    id: generateId(),
    tokenHash: hashToken(token),
    platformUserId: user.id,
    expiresAt: new Date(Date.now() + PLATFORM_SESSION_HOURS * 3_600_000),
  });
  await recordPlatformAction(tx, { platformUserId: user.id, email: user.email }, 'login', null, { ip });
  return { token, hostType: 'uber', platformUser: { id: user.id, name: user.name, email: user.email } };
}

export async function endPlatformSession(db: Database, actor: PlatformActor): Promise<void> {
  await withPlatform(db, (tx) =>
    tx.execute(sql`delete from platform_sessions where id = ${actor.sessionId}`),
  );
}

type CompanyRowSql = {
  id: string;
  slug: string;
  name: string;
  kind: 'company' | 'solo';
  created_at: Date;
  suspended_at: Date | null;
  active_clients: number;
  last_activity_at: Date | null;
};

/**
 * Clients with a booking made in the last 30 days, and the company's last activity: the later of its
 * last session use (support left out) and its newest booking. Sessions end at logout and at a
 * suspension, so they alone would say "never" of a busy studio. Booking ids begin with their creation
 * time, so the newest is the first row of the primary key read backwards.
 */
const COMPANY_COLUMNS = sql`c.id, c.slug, c.name, c.kind, c.created_at, c.suspended_at,
  (select count(distinct b.client_id)::int from bookings b
    where b.company_id = c.id and b.created_at > now() - interval '30 days') as active_clients,
  greatest(
    (select max(s.last_used_at) from sessions s
      where s.company_id = c.id and not exists (select 1 from users u
        where u.company_id = s.company_id and u.id = s.user_id and u.platform_user_id is not null)),
    (select b.created_at from bookings b where b.company_id = c.id order by b.id desc limit 1)
  ) as last_activity_at`;

const toRow = (row: CompanyRowSql): PlatformCompanyRowDto => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  kind: row.kind,
  createdAt: iso(row.created_at) as string,
  activeClients: row.active_clients,
  lastActivityAt: iso(row.last_activity_at),
  suspendedAt: iso(row.suspended_at),
});

function companiesFilter(query: PlatformCompaniesQuery) {
  const parts = [sql`true`];
  if (query.search) {
    const pattern = `%${query.search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    parts.push(sql`(lower(c.name) like ${pattern} or c.slug like ${pattern})`);
  }
  if (query.kind) parts.push(sql`c.kind = ${query.kind}`);
  if (query.status === 'active') parts.push(sql`c.suspended_at is null`);
  if (query.status === 'suspended') parts.push(sql`c.suspended_at is not null`);
  return sql.join(parts, sql` and `);
}

const ORDER = {
  created: sql`order by c.created_at desc, c.id desc`,
  name: sql`order by lower(c.name), c.id`,
  lastActivity: sql`order by last_activity_at desc nulls last, c.id desc`,
};

export async function listCompanies(
  db: Database,
  query: PlatformCompaniesQuery,
): Promise<PlatformCompanyListDto> {
  return withPlatform(db, async (tx) => {
    const where = companiesFilter(query);
    const total = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from companies c where ${where}`,
    );
    const { rows } = await tx.execute<CompanyRowSql>(sql`
      select ${COMPANY_COLUMNS} from companies c where ${where} ${ORDER[query.sort]}
      offset ${(query.page - 1) * query.pageSize} limit ${query.pageSize}`);
    return { items: rows.map(toRow), total: total.rows[0]?.n ?? 0 };
  });
}

/** One company for the platform: counts and its support sessions, never a client's data or money. */
export async function getCompany(db: Database, companyId: string): Promise<PlatformCompanyDto> {
  return withPlatform(db, async (tx) => {
    const { rows } = await tx.execute<
      CompanyRowSql & {
        suspended_reason: string | null;
        time_zone: string;
        studios: number;
        team: number;
        clients: number;
      }
    >(sql`
      select ${COMPANY_COLUMNS}, c.suspended_reason, c.time_zone,
        (select count(*)::int from studios st where st.company_id = c.id) as studios,
        (select count(*)::int from users u where u.company_id = c.id
          and u.role in ('admin', 'staff', 'instructor', 'solo-instructor')
          and u.platform_user_id is null and u.deactivated_at is null) as team,
        (select count(*)::int from users u where u.company_id = c.id
          and u.role in ('client', 'solo-client') and u.anonymised_at is null) as clients
      from companies c where c.id = ${companyId}`);
    const row = rows[0];
    if (!row) throw notFound('We could not find that company.');
    return {
      ...toRow(row),
      suspendedReason: row.suspended_reason,
      timeZone: row.time_zone,
      studios: row.studios,
      teamMembers: row.team,
      clients: row.clients,
      supportSessions: (await listSupportSessionsOf(tx, companyId, { page: 1, pageSize: 20 })).items,
    };
  });
}

/**
 * Suspends a company: in one transaction its sessions end (every login of it, support ones too), its
 * running support sessions end, and the log records who and why. Logins and public pages refuse it then.
 */
export async function suspendCompany(
  db: Database,
  actor: PlatformActor,
  companyId: string,
  reason: string,
): Promise<PlatformCompanyDto> {
  await withPlatform(db, async (tx) => {
    const { rows } = await tx.execute<{ suspended_at: Date | null; name: string }>(
      sql`select suspended_at, name from companies where id = ${companyId} for update`,
    );
    const company = rows[0];
    if (!company) throw notFound('We could not find that company.');
    if (company.suspended_at) throw conflict(`${company.name} is already suspended.`);
    await tx.execute(
      sql`update companies set suspended_at = now(), suspended_reason = ${reason} where id = ${companyId}`,
    );
    await endRunningSupportSessions(tx, companyId, 'platform');
    await tx.execute(sql`delete from sessions where company_id = ${companyId}`);
    await recordPlatformAction(tx, actor, 'company.suspended', companyId, {
      reason,
      companyName: company.name,
    });
  });
  return getCompany(db, companyId);
}

export async function reactivateCompany(
  db: Database,
  actor: PlatformActor,
  companyId: string,
): Promise<PlatformCompanyDto> {
  await withPlatform(db, async (tx) => {
    const { rows } = await tx.execute<{ suspended_at: Date | null; name: string }>(
      sql`select suspended_at, name from companies where id = ${companyId} for update`,
    );
    const company = rows[0];
    if (!company) throw notFound('We could not find that company.');
    if (!company.suspended_at) throw conflict(`${company.name} is not suspended.`);
    await tx.execute(
      sql`update companies set suspended_at = null, suspended_reason = null where id = ${companyId}`,
    );
    await recordPlatformAction(tx, actor, 'company.reactivated', companyId, { companyName: company.name });
  });
  return getCompany(db, companyId);
}

export async function listAudit(db: Database, query: PlatformAuditQuery): Promise<PlatformAuditListDto> {
  return withPlatform(db, async (tx) => {
    const where = query.companyId ? sql`a.company_id = ${query.companyId}` : sql`true`;
    const total = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from platform_audit_log a where ${where}`,
    );
    const { rows } = await tx.execute<{
      id: string;
      platform_user_email: string;
      action: string;
      company_id: string | null;
      company_name: string | null;
      details: Record<string, unknown>;
      created_at: Date;
    }>(sql`
      select a.id, a.platform_user_email, a.action, a.company_id, c.name as company_name, a.details, a.created_at
        from platform_audit_log a left join companies c on c.id = a.company_id
       where ${where}
       order by a.created_at desc, a.id desc
      offset ${(query.page - 1) * query.pageSize} limit ${query.pageSize}`);
    const items: PlatformAuditEntryDto[] = rows.map((row) => ({
      id: row.id,
      platformUserEmail: row.platform_user_email,
      action: row.action,
      companyId: row.company_id,
      companyName:
        row.company_name ?? (typeof row.details.companyName === 'string' ? row.details.companyName : null),
      details: row.details,
      createdAt: iso(row.created_at) as string,
    }));
    return { items, total: total.rows[0]?.n ?? 0 };
  });
}
