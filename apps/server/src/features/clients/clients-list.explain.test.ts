import { sql, type SQL } from 'drizzle-orm';
import { it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { clientsListQuery } from '@kinetic/shared';
import { withPlatform, withTenant, type Executor } from '../../db/client.ts';
import { classAt, minutesFromNow } from '../../test/bookings.ts';
import { createTestApp } from '../../test/harness.ts';
import { created, classPack, membership } from '../../test/packages.ts';
import { studioReadyToSchedule } from '../../test/schedule.ts';
import { currentWaiver } from '../waivers/waivers.service.ts';
import { listClientsPage } from './clients-list.repo.ts';

/**
 * The EXPLAIN (ANALYZE) figures of docs/architecture.md "Clients list at 100,000 clients": seeds a company of
 * 100,000 clients with generate_series and explains the list's two statements (page, count) for each sort
 * and filter, through listClientsPage inside withTenant (as the app role, under the policies). Heavy
 * (about 2 minutes), so only on demand:
 *   CLIENTS_LIST_EXPLAIN=/tmp/clients-list-explain.txt npx vitest run --project server clients-list.explain
 */
const OUT = process.env.CLIENTS_LIST_EXPLAIN;
const N = 100_000;
const context = OUT ? await createTestApp() : null;
it.runIf(context)(
  'explains the Clients list at 100,000 clients',
  async () => {
    if (!context) return;
    const { app, db } = context;
    const ready = await studioReadyToSchedule(app);
    const c = ready.companyId;
    const monthly = await created(app, ready.headers, '/api/packages', membership());
    const pack = await created(app, ready.headers, '/api/packages', classPack());
    const cls = await classAt(app, ready, minutesFromNow(60 * 24));
    await app.inject({
      method: 'PUT',
      url: '/api/waiver',
      headers: ready.headers,
      payload: {
        title: 'Waiver',
        text: 'I take part in classes at my own risk and say so before class starts.',
        terms: [{ label: 'I am 18 or older' }],
        askToSignAgain: true,
      },
    });
    const t0 = Date.now();
    await withPlatform(db.db, async (tx) => {
      const first = [
        'Ana',
        'Ben',
        'Chloe',
        'Dev',
        'Emma',
        'Finn',
        'Gia',
        'Hugo',
        'Iris',
        'Jon',
        'Kai',
        'Lena',
        'Mo',
        'Nia',
        'Omar',
        'Pia',
        'Quinn',
        'Rosa',
        'Sam',
        'Tara',
      ];
      const last = [
        'Smith',
        'Jones',
        'Garcia',
        'Brown',
        'Nguyen',
        'Patel',
        'Kim',
        'Lopez',
        'Clark',
        'Lewis',
        'Walker',
        'Hall',
        'Young',
        'King',
        'Wright',
        'Scott',
        'Green',
        'Baker',
        'Adams',
        'Hill',
        'Ortiz',
        'Reed',
      ];
      await tx.execute(sql`insert into users (company_id, id, role, name, email, phone, password_hash, created_at, updated_at)
      select ${c}, 'c1' || lpad(to_hex(n), 22, '0'), 'client',
        (${sql.raw(`array[${first.map((f) => `'${f}'`).join(',')}]`)})[1 + n % 20] || ' ' || (${sql.raw(`array[${last.map((f) => `'${f}'`).join(',')}]`)})[1 + (n / 20) % 22] || ' ' || n,
        'client' || n || '@example' || (n % 50) || '.com',
        '(' || (200 + n % 700) || ') 555-' || lpad((n % 10000)::text, 4, '0'),
        'x', now() - n * interval '5 minutes', now() from generate_series(1, ${N}) n`);
      // 300 past classes, 400,000 bookings (checked in), over the last 300 days.
      await tx.execute(sql`insert into class_instances (company_id, id, fitness_session_id, kind, template_id, studio_id, instructor_id, local_date, starts_at, ends_at, capacity)
      select company_id, 'k1' || lpad(to_hex(n), 22, '0'), fitness_session_id, kind, template_id, studio_id, instructor_id,
        (now() - n * interval '1 day')::date, now() - n * interval '1 day', now() - n * interval '1 day' + interval '1 hour', 2000
      from class_instances, generate_series(1, 300) n where company_id = ${c} and id = ${cls}`);
      await tx.execute(sql`insert into bookings (company_id, id, class_instance_id, client_id, status)
      select ${c}, 'b1' || lpad(to_hex(n), 22, '0'), 'k1' || lpad(to_hex(1 + n % 300), 22, '0'), 'c1' || lpad(to_hex(1 + (n::bigint * 7919) % ${N}), 22, '0'),
        case when n % 10 = 0 then 'no_show' else 'checked_in' end
      from generate_series(1, 400000) n on conflict do nothing`);
      // 20,000 memberships and 20,000 packs, each with its order; packs with their grant.
      await tx.execute(sql`insert into orders (company_id, id, number, client_id, status, provider, currency, subtotal, discount, tax, total, paid)
      select ${c}, 'o1' || lpad(to_hex(n), 22, '0'), n + 1000, 'c1' || lpad(to_hex(n * 2), 22, '0'), 'paid', 'studio', 'USD', 100, 0, 0, 100, 100 from generate_series(1, 40000) n`);
      await tx.execute(sql`insert into client_packages (company_id, id, client_id, package_id, order_id, terms, status, starts_on, expires_at)
      select ${c}, 'p1' || lpad(to_hex(n), 22, '0'), 'c1' || lpad(to_hex(n * 2), 22, '0'),
        case when n <= 20000 then ${monthly.id} else ${pack.id} end, 'o1' || lpad(to_hex(n), 22, '0'),
        case when n <= 20000 then '{"kind":"membership","name":"Unlimited"}'::jsonb else '{"kind":"class-pack","name":"10 pack"}'::jsonb end,
        'active', current_date, case when n > 20000 then now() + interval '30 days' end from generate_series(1, 40000) n`);
      await tx.execute(sql`insert into credit_ledger (company_id, id, client_package_id, entry, credits, reason)
      select ${c}, 'l1' || lpad(to_hex(n), 22, '0'), 'p1' || lpad(to_hex(n), 22, '0'), 'grant', case when n % 3 = 0 then 0 else 10 end, 'seed' from generate_series(20001, 40000) n`);
      await tx.execute(sql`insert into waiver_signatures (company_id, id, client_id, waiver_id, version, full_name, kind, accepted_terms)
      select w.company_id, 's1' || lpad(to_hex(n), 22, '0'), 'c1' || lpad(to_hex(n), 22, '0'), w.id, w.version, 'S', 'typed', '[]'::jsonb
      from waivers w, generate_series(1, ${N}, 2) n where w.company_id = ${c}`);
      await tx.execute(sql`insert into client_signup_details (company_id, id, user_id, home_studio_id)
      select ${c}, 'c1' || lpad(to_hex(n), 22, '0'), 'c1' || lpad(to_hex(n), 22, '0'), case when n % 4 = 0 then ${ready.studioId} end from generate_series(1, ${N}, 3) n`);
    });
    // As the owner of the tables (the app role may not analyze them): what autovacuum would do.
    await db.pool.query('analyze');
    const out: string[] = [`seeded in ${Date.now() - t0} ms`];
    const cases: Record<string, unknown>[] = [
      {},
      { orderBy: 'Last Name', orderDirection: 'desc' },
      { orderBy: 'Email' },
      { orderBy: 'Joined', orderDirection: 'desc' },
      { currentPage: 9999, itemsPerPage: 10 },
      { searchString: 'smith' },
      { searchString: 'client4242' },
      { searchString: '555-0042' },
      { searchString: 'a' },
      { activeMembership: 'true' },
      { packHolder: 'true' },
      { noRecentVisit: 'true' },
      { waiverUnsigned: 'true' },
      { studioId: ready.studioId },
      { searchString: 'garcia', waiverUnsigned: 'true', orderBy: 'Joined' },
    ];
    for (const raw of cases) {
      const params = clientsListQuery.parse(raw);
      await withTenant(db.db, c, async (tx) => {
        const waiver = await currentWaiver(tx, c);
        const plans: string[] = [];
        const explaining = {
          execute: async (query: SQL) => {
            const result = await tx.execute<{ 'QUERY PLAN': string }>(
              sql`explain (analyze, buffers off, costs off) ${query}`,
            );
            plans.push(result.rows.map((row) => row['QUERY PLAN']).join('\n'));
            return { rows: [] };
          },
        } as unknown as Executor;
        // warm
        await listClientsPage(explaining, c, params, waiver?.signaturesFromVersion ?? null);
        plans.length = 0;
        await listClientsPage(explaining, c, params, waiver?.signaturesFromVersion ?? null);
        const times = plans.map((plan) => /Execution Time: ([\d.]+)/.exec(plan)?.[1]);
        out.push(
          `### ${JSON.stringify(raw)}  page ${times[0]} ms, count ${times[1]} ms\n${plans.join('\n---\n')}\n`,
        );
      });
    }
    writeFileSync(OUT ?? '', out.join('\n'));
  },
  600_000,
);
