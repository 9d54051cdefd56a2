import { sql, type SQL } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { withTenant, type Executor } from '../../db/client.ts';
import { actorFrom, classAt, minutesFromNow } from '../../test/bookings.ts';
import { createTestApp } from '../../test/harness.ts';
import { created, membership } from '../../test/packages.ts';
import { studioReadyToSchedule } from '../../test/schedule.ts';
import { addDays, localDateOf, zonedInstant } from '../fitness-sessions/zoned-time.ts';
import { mondayOf } from '../staff-members/staff-members.service.ts';
import { BUSY_CLIENTS, busyCompanyStatements } from './busy-company.ts';
import {
  balancesOwing,
  classesBetween,
  failedRenewals,
  moneyTaken,
  newClients,
  placesTaken,
  renewingSoon,
  studiosOf,
  unsignedToday,
} from './dashboard.repo.ts';
import { getDashboard } from './dashboard.service.ts';

/**
 * The EXPLAIN (ANALYZE) figures of docs/architecture.md "Issue 18: Dashboard": seeds a company of 100,000
 * clients with generate_series (busy-company.ts) and explains each of the Dashboard's statements as the app
 * role under the policies. Heavy (a minute or two), so only on demand:
 *   DASHBOARD_EXPLAIN=/tmp/dashboard-explain.txt npx vitest run --project server dashboard.explain
 */
const OUT = process.env.DASHBOARD_EXPLAIN;
const NY = 'America/New_York';
const context = OUT ? await createTestApp() : null;

it.runIf(context)(
  'explains the Dashboard at 100,000 clients',
  async () => {
    if (!context) return;
    const { app, db } = context;
    const ready = await studioReadyToSchedule(app);
    const c = ready.companyId;
    const monthly = await created(app, ready.headers, '/api/packages', membership());
    const classId = await classAt(app, ready, minutesFromNow(60 * 24 * 60));
    const [series] = (
      await db.pool.query<{ fitness_session_id: string }>(
        'select fitness_session_id from class_instances where company_id = $1 and id = $2',
        [c, classId],
      )
    ).rows;
    const waiver = await app.inject({
      method: 'PUT',
      url: '/api/waiver',
      headers: ready.headers,
      payload: {
        title: 'Waiver',
        text: 'I take part at my own risk.',
        terms: [{ label: 'I am 18 or older' }],
        askToSignAgain: true,
      },
    });
    expect(waiver.statusCode).toBe(200);
    const t0 = Date.now();
    for (const statement of busyCompanyStatements({
      companyId: c,
      studioId: ready.studioId,
      templateId: ready.templateId,
      instructorId: ready.indira,
      seriesId: series?.fitness_session_id ?? '',
      packageId: monthly.id,
      timeZone: NY,
    }))
      await db.pool.query(statement);
    // As the owner of the tables (the app role may not vacuum them): what autovacuum would do after a bulk load.
    await db.pool.query('vacuum analyze');
    const counts = (
      await db.pool.query<Record<string, number>>(
        `select (select count(*) from users where company_id = $1)::int as users,
          (select count(*) from class_instances where company_id = $1)::int as classes,
          (select count(*) from bookings where company_id = $1)::int as bookings,
          (select count(*) from orders where company_id = $1)::int as orders,
          (select count(*) from payments where company_id = $1)::int as payments,
          (select count(*) from client_packages where company_id = $1)::int as memberships`,
        [c],
      )
    ).rows[0];
    expect(counts?.users).toBeGreaterThan(BUSY_CLIENTS);
    const out: string[] = [`seeded in ${Date.now() - t0} ms: ${JSON.stringify(counts)}`];

    const now = new Date();
    const today = localDateOf(now, NY);
    const monday = mondayOf(today);
    const margin = 15 * 3_600_000;
    const day = {
      from: new Date(zonedInstant(today, '00:00', NY).getTime() - margin),
      to: new Date(zonedInstant(addDays(today, 1), '00:00', NY).getTime() + margin),
    };
    const week = {
      from: new Date(zonedInstant(monday, '00:00', NY).getTime() - margin),
      to: new Date(zonedInstant(addDays(monday, 7), '00:00', NY).getTime() + margin),
    };
    const weekStart = zonedInstant(monday, '00:00', NY);
    const weekEnd = zonedInstant(addDays(monday, 7), '00:00', NY);
    const cases: [string, (tx: Executor) => Promise<unknown>][] = [
      ['studios', (tx) => studiosOf(tx, c)],
      ["today's classes", (tx) => classesBetween(tx, c, { ...day, dates: { first: today, last: today } })],
      [
        'next class',
        (tx) =>
          classesBetween(
            tx,
            c,
            { from: now, to: new Date(now.getTime() + 8 * 86_400_000) },
            { kinds: ['class', 'event'], limit: 1 },
          ),
      ],
      [
        "an instructor's week",
        (tx) =>
          classesBetween(
            tx,
            c,
            { ...week, dates: { first: monday, last: addDays(monday, 6) } },
            { instructorId: ready.indira },
          ),
      ],
      ['places this week', (tx) => placesTaken(tx, c, { ...week, first: monday, last: addDays(monday, 6) })],
      ['new clients this week', (tx) => newClients(tx, c, weekStart, weekEnd)],
      ['money taken this week', (tx) => moneyTaken(tx, c, weekStart, weekEnd)],
      ['renewing in 7 days', (tx) => renewingSoon(tx, c, today, addDays(today, 7), 5)],
      ['failed renewals', (tx) => failedRenewals(tx, c, 5)],
      ['unsigned waivers today', (tx) => unsignedToday(tx, c, { ...day, date: today }, 1, 5)],
      ['balances owing', (tx) => balancesOwing(tx, c, 5)],
    ];
    for (const [name, run] of cases) {
      await withTenant(db.db, c, async (tx) => {
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
        await run(explaining); // warm
        plans.length = 0;
        await run(explaining);
        const time = /Execution Time: ([\d.]+)/.exec(plans[0] ?? '')?.[1];
        out.push(`### ${name}: ${time} ms\n${plans.join('\n---\n')}\n`);
      });
    }
    const actor = actorFrom(ready);
    await getDashboard(db.db, actor, {});
    const started = performance.now();
    const data = await getDashboard(db.db, actor, {});
    out.unshift(
      `getDashboard (owner, every part): ${(performance.now() - started).toFixed(1)} ms; today ${data.studios[0]?.classes.length} classes, ` +
        `week ${JSON.stringify(data.week?.bookings)} places, ${JSON.stringify(data.week?.newClients)} new clients, ` +
        `renewing ${data.memberships?.renewingCount}, failed ${data.memberships?.failedCount}, unsigned ${data.waivers?.count}, owing ${data.balances?.count}`,
    );
    writeFileSync(OUT ?? '', out.join('\n'));
  },
  900_000,
);
