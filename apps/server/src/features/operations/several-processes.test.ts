import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestDatabase, testConfig } from '../../test/harness.ts';
import { bookClass, classAt, minutesFromNow, quickClients, signedInClient } from '../../test/bookings.ts';
import { startMailCatcher } from '../../test/mail-catcher.ts';
import { studioReadyToSchedule } from '../../test/schedule.ts';
import { announcedUrl, spawnServer, stopProcess } from '../../test/server-process.ts';

const TOKEN = 'several-processes-metrics-token';

/**
 * Issue 18 §6: several Kinetic processes on one database (DATABASE_URL), each running the background
 * jobs, as two machines behind a load balancer would. What they share lives in PostgreSQL: booking
 * capacity (row locks), login rate limits (the rate_limits table), and the jobs (pg-boss, plus claims on
 * the rows): a periodic job's work is done once. (booking-concurrency.test.ts races 200 bookings through an
 * in-process app and a second process.)
 */
describe('two server processes on one database', () => {
  it('share capacity, login limits and the jobs: a class reminder goes once', async () => {
    const db = await createTestDatabase();
    const mail = await startMailCatcher();
    afterAll(() => mail.stop());
    // The set-up goes through an app in this process on the same database (no job runner here).
    const setup = await buildApp({ config: testConfig(), db }, { logger: false });
    afterAll(() => setup.close());
    const ready = await studioReadyToSchedule(setup);

    // A booking whose reminder fell due while no server was running (taken days ago, class in 23 hours):
    // both processes run the reminder job as they start, at the same moment.
    const soon = await classAt(setup, ready, minutesFromNow(23 * 60), { capacity: 5 });
    const reminded = await signedInClient(setup, ready);
    const booked = await bookClass(setup, soon, reminded.headers, { payWith: 'drop-in' });
    expect(booked.statusCode).toBe(200);
    await db.pool.query(`update bookings set created_at = now() - interval '3 days' where id = $1`, [
      booked.json().data.id,
    ]);
    await db.pool.query(`update booking_events set at = now() - interval '3 days' where booking_id = $1`, [
      booked.json().data.id,
    ]);
    const later = await classAt(setup, ready, minutesFromNow(3 * 24 * 60), { capacity: 4, dropInPrice: 0 });
    const clients = await quickClients(setup, ready, 12);

    const env = {
      DATABASE_URL: db.url,
      SMTP_URL: mail.url,
      SEED_DEMO: 'never',
      WEB_DIST_DIR: '/nonexistent',
      METRICS_TOKEN: TOKEN,
    };
    const children = [spawnServer(env), spawnServer(env)];
    afterAll(() => Promise.all(children.map(stopProcess)));
    const servers = (await Promise.all(children.map((child) => announcedUrl(child)))).map((started) =>
      started.url.replace('localhost', '127.0.0.1'),
    );

    // Both are ready and run jobs.
    for (const server of servers) {
      const readiness = (await (await fetch(`${server}/api/ready`)).json()) as { data: { jobs: string } };
      expect(readiness.data.jobs).toBe('running');
    }

    // 12 bookings of a 4-place class, split across both processes at once: exactly 4 places.
    const answers = await Promise.all(
      clients.map(async (clientId, index) => {
        const response = await fetch(`${servers[index % 2]}/api/class-instances/${later}/bookings`, {
          method: 'POST',
          headers: { ...ready.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ clientId }),
        });
        const body = (await response.json()) as { data?: { status: string } };
        return { server: index % 2, code: response.status, status: body.data?.status };
      }),
    );
    expect(answers.filter((answer) => answer.status === 'booked')).toHaveLength(4);
    const { rows: places } = await db.pool.query<{ n: number; booked_count: number }>(
      `select (select count(*)::int from bookings where class_instance_id = $1 and status in ('booked', 'offered', 'checked_in')) as n,
              booked_count from class_instances where id = $1`,
      [later],
    );
    expect(places[0]).toEqual({ n: 4, booked_count: 4 });

    // Wrong passwords for one account, alternating between the processes: the 6th is refused, as on one.
    const codes: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await fetch(`${servers[attempt % 2]}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ready.email, password: `wrong-password-${attempt}` }),
      });
      codes.push(response.status);
    }
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);

    // The reminder: one email, though both processes ran the job.
    const reminders = () =>
      mail.mailTo(reminded.email).filter((message) => message.subject.startsWith('Reminder:'));
    for (let waited = 0; waited < 20_000 && reminders().length === 0; waited += 250)
      await new Promise((resolve) => setTimeout(resolve, 250));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(reminders()).toHaveLength(1);
    const { rows: outbox } = await db.pool.query<{ n: number }>(
      `select count(*)::int as n from email_outbox where "to" = $1 and subject like 'Reminder:%'`,
      [reminded.email],
    );
    expect(outbox[0]?.n).toBe(1);

    // Each process counts its own requests; the job queues are one, seen from either.
    const metrics = await (
      await fetch(`${servers[1]}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    ).text();
    const secondCodes = answers.filter((answer) => answer.server === 1).map((answer) => answer.code);
    for (const code of new Set(secondCodes))
      expect(metrics).toContain(
        `kinetic_http_requests_total{method="POST",route="/api/class-instances/:classInstanceId/bookings",status="${code}"} ${secondCodes.filter((c) => c === code).length}\n`,
      );
    expect(metrics).toMatch(/kinetic_job_queue_depth\{queue="class-reminders",state="created"\} \d+/);
  }, 120_000);
});
