import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { ClientsOrderBy, ClientsOrderDirection } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import { clientReports, type ClientReportRequest } from '../../db/schema/index.ts';

/**
 * One client of the report as the cursor gives it (`rowMode: 'array'`, no object per row): the SELECT's
 * columns in the file's order (CLIENT_REPORT_COLUMNS), dates already in the company's zone. Email and
 * phone are null unless the client agreed to marketing: the report shares contact details only with consent.
 */
export type ClientReportRow = [
  name: string,
  email: string | null,
  phone: string | null,
  signedUp: string,
  age: string | null,
  raceEthnicity: string | null,
  industry: string | null,
  incomeBandTo200k: string | null,
  incomeBandTo120k: string | null,
  planningUnit: string | null,
  neighborhood: string | null,
  packages: string | null,
  visits: number,
  lastVisit: string | null,
  marketing: boolean,
];

/**
 * The same sort keys as the Clients list's indexes (migration 0031), so the report's order is read off an
 * index, not sorted: first name = first word of the name, last name = last word.
 */
const SORT_KEYS: Record<ClientsOrderBy, string> = {
  'First Name': `lower(split_part(btrim(u.name), ' ', 1))`,
  'Last Name': `lower(regexp_replace(btrim(u.name), '^.*\\s', ''))`,
  Email: 'u.email',
  Joined: 'u.created_at',
};

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

/**
 * Which clients the report holds: the company's (not anonymised), or those matching the search as the
 * Clients list searches (name, email, phone digits). `$1` is the company; parameters are appended.
 */
function clientFilter(searchString: string, values: unknown[]): string {
  const conditions = [`u.company_id = $1`, `u.role in ('client', 'solo-client')`, `u.anonymised_at is null`];
  const search = searchString.trim();
  if (search !== '') {
    values.push(likePattern(search));
    const textMatch = `(u.name ilike $${values.length} or u.email ilike $${values.length})`;
    const digits = search.replace(/\D/g, '');
    if (digits.length > 0) {
      values.push(likePattern(digits));
      conditions.push(
        `(${textMatch} or regexp_replace(coalesce(u.phone, ''), '\\D', '', 'g') like $${values.length})`,
      );
    } else conditions.push(textMatch);
  }
  return conditions.join(' and ');
}

/**
 * The report's one SELECT: one row per client, with their packages held and visits from per-client
 * index look-ups. Parameters only; the sort key comes from the fixed list above.
 */
export function clientReportQuery(
  companyId: string,
  timeZone: string,
  request: Pick<ClientReportRequest, 'searchString' | 'orderDirection'> & { orderBy: string },
): { text: string; values: unknown[] } {
  const values: unknown[] = [companyId, timeZone];
  const where = clientFilter(request.searchString, values);
  const key = SORT_KEYS[request.orderBy as ClientsOrderBy] ?? SORT_KEYS['First Name'];
  const direction: ClientsOrderDirection = request.orderDirection === 'desc' ? 'desc' : 'asc';
  const text = `
    select
      u.name as "name",
      case when p.marketing then u.email end as "email",
      case when p.marketing then u.phone end as "phone",
      to_char(u.created_at at time zone $2, 'YYYY-MM-DD') as "signedUp",
      d.age as "age",
      d.race_ethnicity as "raceEthnicity",
      d.industry as "industry",
      d.income_band_to_200k as "incomeBandTo200k",
      d.income_band_to_120k as "incomeBandTo120k",
      d.planning_unit as "planningUnit",
      d.neighborhood as "neighborhood",
      held.names as "packages",
      coalesce(visited.visits, 0) as "visits",
      to_char(visited.last_at at time zone $2, 'YYYY-MM-DD HH24:MI') as "lastVisit",
      coalesce(p.marketing, false) as "marketing"
    from users u
    left join client_preferences p on p.company_id = u.company_id and p.client_id = u.id
    left join client_signup_details d on d.company_id = u.company_id and d.user_id = u.id
    left join lateral (
      select string_agg(cp.terms->>'name', '; ' order by cp.created_at) as names
      from client_packages cp
      where cp.company_id = u.company_id and cp.client_id = u.id and cp.status in ('active', 'paused')
        and (cp.expires_at is null or cp.expires_at > now())
        -- A class pack with no credit left stays 'active' but is not held (as on the Clients list).
        and (cp.terms->>'kind' <> 'class-pack'
          or (select coalesce(sum(l.credits), 0) from credit_ledger l
               where l.company_id = cp.company_id and l.client_package_id = cp.id) > 0)
    ) held on true
    left join lateral (
      select count(*)::int as visits, max(ci.starts_at) as last_at
      from bookings b
      join class_instances ci on ci.company_id = b.company_id and ci.id = b.class_instance_id
      where b.company_id = u.company_id and b.client_id = u.id
        and (b.status = 'checked_in' or (b.status = 'booked' and ci.starts_at <= now()))
    ) visited on true
    where ${where}
    order by ${key} ${direction}, u.id ${direction}`;
  return { text, values };
}

/** How many clients the query above writes (the progress's "of M"). */
export function clientReportCountQuery(companyId: string, searchString: string) {
  const values: unknown[] = [companyId];
  const where = clientFilter(searchString, values);
  return { text: `select count(*)::int as total from users u where ${where}`, values };
}

/** The company's time zone, in which the file's dates are written. */
export const companyTimeZoneQuery = (companyId: string) => ({
  text: 'select time_zone as "timeZone" from companies where id = $1',
  values: [companyId],
});

export async function findReportByFilename(tx: Executor, companyId: string, filename: string) {
  const [row] = await tx
    .select()
    .from(clientReports)
    .where(and(eq(clientReports.companyId, companyId), eq(clientReports.filename, filename)));
  return row;
}

/**
 * The same person's report of the same request still being made (started in the last `withinMs`): a
 * page opened again, or twice at once, follows it instead of starting another job over every client.
 * The caller holds `lockReportRequests` so two requests cannot both miss it.
 */
export async function findReportInProgress(
  tx: Executor,
  companyId: string,
  requestedBy: string,
  request: ClientReportRequest,
  since: Date,
) {
  const [row] = await tx
    .select()
    .from(clientReports)
    .where(
      and(
        eq(clientReports.companyId, companyId),
        eq(clientReports.requestedBy, requestedBy),
        eq(clientReports.status, 'processing'),
        sql`${clientReports.request} = ${JSON.stringify(request)}::jsonb`,
        sql`${clientReports.createdAt} >= ${since.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(sql`${clientReports.createdAt} desc`)
    .limit(1);
  return row;
}

/** One report request at a time per person (the transaction's end releases it). */
export const lockReportRequests = (tx: Executor, companyId: string, requestedBy: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`client-report:${companyId}:${requestedBy}`}))`);

export async function findReportById(tx: Executor, companyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(clientReports)
    .where(and(eq(clientReports.companyId, companyId), eq(clientReports.id, id)));
  return row;
}

export async function deleteReport(tx: Executor, companyId: string, id: string) {
  await tx.delete(clientReports).where(and(eq(clientReports.companyId, companyId), eq(clientReports.id, id)));
}

/** Every company's expired reports, deleted (platform scope); their files are removed by the caller. */
export async function deleteExpiredReports(tx: Executor, now = new Date()) {
  return tx
    .delete(clientReports)
    .where(lt(clientReports.expiresAt, now))
    .returning({ companyId: clientReports.companyId, filename: clientReports.filename });
}

export const setProgress = (tx: Executor, companyId: string, id: string, done: number) =>
  tx
    .update(clientReports)
    .set({ done: sql`least(${done}, ${clientReports.total})`, updatedAt: new Date() })
    .where(and(eq(clientReports.companyId, companyId), eq(clientReports.id, id)));

/** A `$n`-numbered query as drizzle SQL (for a transaction's `execute`), its values still parameters. */
export function asSql({ text, values }: { text: string; values: unknown[] }): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`)),
    sql.raw(''),
  );
}
