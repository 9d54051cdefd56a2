import { sql, type SQL } from 'drizzle-orm';
import { phoneDigits, type ClientsListParams, type ClientsOrderBy } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';

/**
 * The Clients list's one query (issue 14 §1). Every sort key and search is the exact expression of an index
 * of migration 0031 (partial over clients), so the planner walks an index for a page and never sorts or
 * scans all the company's clients for it; docs/architecture.md "Clients list at 100,000 clients" has the
 * EXPLAIN ANALYZE figures. Change an expression here and the index there together.
 */
const SORT_KEYS: Record<ClientsOrderBy, SQL> = {
  'First Name': sql`lower(split_part(btrim(u.name), ' ', 1))`,
  'Last Name': sql`lower(regexp_replace(btrim(u.name), '^.*\\s', ''))`,
  Email: sql`u.email`,
  Joined: sql`u.created_at`,
};

/**
 * A visit: a booking checked in, or still booked (attendance not taken, not marked a no-show) for a class
 * that has started. `b` and `ci` are the booking and its class.
 */
const IS_VISIT = sql`b.status in ('checked_in', 'booked') and ci.starts_at <= now()`;

/** A search typed like a phone number ("(404) 555-12", "+1 404"): matched by its digits. */
const looksLikePhone = (search: string) => /^[\d\s().+-]+$/.test(search) && phoneDigits(search).length >= 3;

/**
 * A held package's kind, read from the package (a small table the planner knows) rather than from the
 * copied terms' JSON: the planner guesses 0.5% for a JSON field's value, took the holders of 100,000
 * clients for 50 and chose a nested loop that ran for minutes; with the package's kind it hashes.
 */
const OF_PACKAGE = sql`join packages pk on pk.company_id = cp.company_id and pk.id = cp.package_id`;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

export type ClientsListRow = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  created_at: Date | string;
  last_visit_at: Date | string | null;
  packages: { name: string; kind: 'membership' | 'class-pack'; status: string; creditsLeft: number | null }[];
  waiver_signed: boolean | null;
};

/**
 * `waiverFromVersion`: the current waiver's `signatures_from_version` (a signature of that version or later
 * counts), or null when the studio has no waiver now.
 */
export async function listClientsPage(
  tx: Executor,
  companyId: string,
  params: ClientsListParams,
  waiverFromVersion: number | null,
): Promise<{ rows: ClientsListRow[]; total: number }> {
  const conditions: SQL[] = [sql`u.company_id = ${companyId}`, sql`u.role in ('client', 'solo-client')`];
  const search = params.searchString;
  if (search) {
    const like = `%${escapeLike(search)}%`;
    const digits = looksLikePhone(search) ? `%${phoneDigits(search)}%` : null;
    if (search.length >= 3)
      // Through clients_matching (migration 0035): under row-level security a plain ILIKE here would never
      // use the trigram indexes. The function keeps to this transaction's company.
      conditions.push(sql`u.id in (select m.id from clients_matching(${like}, ${digits}::text) m)`);
    // One or two letters have no trigram: any index would be read whole (2 s at 100,000 clients), the
    // company's clients once is faster (0.3 s).
    else conditions.push(sql`(u.name ilike ${like} or u.email ilike ${like})`);
  }
  if (params.activeMembership)
    conditions.push(sql`exists (select 1 from client_packages cp ${OF_PACKAGE}
      where cp.company_id = u.company_id and cp.client_id = u.id
        and cp.status = 'active' and pk.kind = 'membership')`);
  // The credits are summed with pk.company_id (the same company): naming the package makes PostgreSQL sum
  // after the join has kept the packs, not for every membership too (1.4 s → see the docs).
  if (params.packHolder)
    conditions.push(sql`exists (select 1 from client_packages cp ${OF_PACKAGE}
      where cp.company_id = u.company_id and cp.client_id = u.id
        and cp.status = 'active' and pk.kind = 'class-pack'
        and (cp.expires_at is null or cp.expires_at > now())
        and (select coalesce(sum(l.credits), 0) from credit_ledger l
              where l.company_id = pk.company_id and l.client_package_id = cp.id) > 0)`);
  if (params.noRecentVisit)
    conditions.push(sql`not exists (select 1 from bookings b
      join class_instances ci on ci.company_id = b.company_id and ci.id = b.class_instance_id
      where b.company_id = u.company_id and b.client_id = u.id and ${IS_VISIT}
        and ci.starts_at > now() - interval '30 days')`);
  if (params.waiverUnsigned)
    conditions.push(
      waiverFromVersion === null
        ? sql`false`
        : sql`not exists (select 1 from waiver_signatures ws
            where ws.company_id = u.company_id and ws.client_id = u.id and ws.version >= ${waiverFromVersion})`,
    );
  if (params.studioId)
    // The home studio of their sign-up details (index client_signup_details_home_studio_idx). Not "booked
    // there": at a one-studio company that is every booking of every client (2.9 s at 100,000 clients).
    conditions.push(sql`exists (select 1 from client_signup_details d
      where d.company_id = u.company_id and d.user_id = u.id and d.home_studio_id = ${params.studioId})`);

  const where = sql.join(conditions, sql` and `);
  const key = SORT_KEYS[params.orderBy];
  const direction = params.orderDirection === 'desc' ? sql.raw('desc') : sql.raw('asc');
  const signed =
    waiverFromVersion === null
      ? sql`null::boolean`
      : sql`exists (select 1 from waiver_signatures ws
          where ws.company_id = p.company_id and ws.client_id = p.id and ws.version >= ${waiverFromVersion})`;

  const pageRows = await tx.execute<ClientsListRow & { sort_key: unknown }>(sql`
    with page as (
      select u.company_id, u.id, u.name, u.email, u.phone, u.created_at, ${key} as sort_key
        from users u
       where ${where}
       order by ${key} ${direction}, u.id ${direction}
       limit ${params.itemsPerPage} offset ${params.currentPage * params.itemsPerPage}
    )
    select p.id, p.name, p.email, p.phone, p.created_at, p.sort_key,
      (select max(ci.starts_at) from bookings b
         join class_instances ci on ci.company_id = b.company_id and ci.id = b.class_instance_id
        where b.company_id = p.company_id and b.client_id = p.id and ${IS_VISIT}) as last_visit_at,
      (select coalesce(json_agg(json_build_object(
          'name', cp.terms->>'name',
          'kind', cp.terms->>'kind',
          'status', cp.status,
          'creditsLeft', case when cp.terms->>'kind' = 'class-pack' then
            (select coalesce(sum(l.credits), 0) from credit_ledger l
              where l.company_id = cp.company_id and l.client_package_id = cp.id) end
        ) order by cp.created_at), '[]'::json)
         from client_packages cp
        where cp.company_id = p.company_id and cp.client_id = p.id and cp.status in ('active', 'paused')
          and (cp.expires_at is null or cp.expires_at > now())) as packages,
      ${signed} as waiver_signed
    from page p
    order by p.sort_key ${direction}, p.id ${direction}`);
  const counted = await tx.execute<{ total: number }>(
    sql`select count(*)::int as total from users u where ${where}`,
  );
  return { rows: pageRows.rows, total: counted.rows[0]?.total ?? 0 };
}

export async function studioExists(tx: Executor, companyId: string, studioId: string): Promise<boolean> {
  const result = await tx.execute<{ id: string }>(
    sql`select id from studios where company_id = ${companyId} and id = ${studioId}`,
  );
  return result.rows.length > 0;
}
