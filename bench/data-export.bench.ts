import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { strFromU8, unzipSync } from 'fflate';
import { runBenchmark } from './lib/resources.ts';
import { benchCompany, benchStudioAndTemplate, benchInstructorAndSeries } from './lib/bench-company.ts';
import { startKinetic, type RunningKinetic } from './lib/start-kinetic.ts';

/**
 * The export archive (issue 18 §5, `GET /api/exports/archive`) of a company of 100,000 clients (sign-up
 * details, email choices, a third with two bookings, a fifth with a paid class pack and its ledger),
 * downloaded over HTTP from the in-process server: the time to the last byte, the archive's size, the
 * process's peak RSS above its start, and the live heap (JS heap + buffers after a full GC every 50 ms,
 * an untimed run). The point: memory stays flat while rows grow (a cursor, 2,000 rows a batch).
 * No thresholds asserted; the run fails only if the download fails or the row counts are wrong.
 */
const CLIENTS = Number(process.env.BENCH_EXPORT_CLIENTS ?? 100_000);
const CLASSES = 500;

async function seedCompany(kinetic: RunningKinetic) {
  const { app, db } = kinetic;
  const { companyId, token, post } = await benchCompany(app, {
    slug: 'export-bench',
    companyName: 'Export Bench',
    email: 'bea@export-bench.test',
  });
  const { studio, template } = await benchStudioAndTemplate(post);
  const { instructor, series } = await benchInstructorAndSeries(post, { studio, template }, 'Ines');
  const query = (text: string, values: unknown[]) => db.pool.query(text, values);
  const id = (prefix: string, expression = 'n') => `'${prefix}' || lpad(to_hex(${expression}), 23, '0')`;
  const pack = { id: 'f00000000000000000000001' };
  await query(
    `insert into packages (company_id, id, kind, name, price, credits, expiry_days, expiry_from)
     values ($1, $2, 'class-pack', 'Ten classes', 12000, 10, 90, 'purchase')`,
    [companyId, pack.id],
  );
  await query(
    `insert into class_instances (company_id, id, fitness_session_id, template_id, studio_id, instructor_id, local_date, starts_at, ends_at, capacity, booked_count)
     select $1, ${id('c')}, $2, $3, $4, $5, (timestamptz '2025-01-02 06:00-05' + n * interval '1 day')::date,
            timestamptz '2025-01-02 06:00-05' + n * interval '1 day', timestamptz '2025-01-02 06:45-05' + n * interval '1 day', 2000, 0
       from generate_series(1, $6) as n`,
    [companyId, series.id, template.id, studio.id, instructor.id, CLASSES],
  );
  await query(
    `insert into users (company_id, id, role, name, email, phone, password_hash, created_at)
     select $1, ${id('a')}, 'client', 'Client ' || n || case when n % 7 = 0 then ' "Quoted", Zoë' else '' end,
            'client' || n || '@export-bench.test', '+1 404 555 ' || lpad((n % 10000)::text, 4, '0'), 'x',
            timestamptz '2024-01-01 09:00-05' + n * interval '7 minutes'
       from generate_series(1, $2) as n`,
    [companyId, CLIENTS],
  );
  await query(
    `insert into client_signup_details (company_id, id, user_id, birth_date, age, industry, neighborhood, emergency_contact_name, address)
     select $1, ${id('a')}, ${id('a')}, date '1980-01-01' + (n % 9000), '25-34', 'technology',
            case when n % 4 = 0 then 'Old Fourth Ward' end, 'Contact ' || n,
            jsonb_build_object('line1', n || ' Main St, Apt 2', 'line2', null, 'city', 'Atlanta', 'state', 'GA', 'postalCode', '30301', 'country', 'US')
       from generate_series(1, $2) as n where n % 10 <> 0`,
    [companyId, CLIENTS],
  );
  await query(
    `insert into client_preferences (company_id, client_id, marketing)
     select $1, ${id('a')}, n % 2 = 0 from generate_series(1, $2) as n where n % 3 <> 0`,
    [companyId, CLIENTS],
  );
  await query(
    `insert into bookings (company_id, id, class_instance_id, client_id, status, created_at)
     select $1, ${id('b', 'n * 2 + k')}, ${id('c', `1 + (n * 7 + k) % ${CLASSES}`)}, ${id('a')}, 'checked_in', timestamptz '2025-01-01'
       from generate_series(1, $2) as n cross join generate_series(0, 1) as k where n % 3 = 0`,
    [companyId, CLIENTS],
  );
  {
    // A fifth bought the pack (an order, its line, its payment, the purchase, the grant and a use).
    const every5 = 'from generate_series(1, $2) as n where n % 5 = 0';
    await query(
      `insert into orders (company_id, id, number, client_id, status, provider, currency, subtotal, discount, tax, total, paid, paid_at)
       select $1, ${id('d')}, n, ${id('a')}, 'paid', 'studio', 'USD', 12000, 0, 0, 12000, 12000, timestamptz '2025-01-01' ${every5}`,
      [companyId, CLIENTS],
    );
    await query(
      `insert into order_lines (company_id, id, order_id, position, kind, package_id, description, quantity, unit_price, discount, net, tax, total)
       select $1, ${id('e')}, ${id('d')}, 0, 'package', $3, 'Ten classes', 1, 12000, 0, 12000, 0, 12000 ${every5}`,
      [companyId, CLIENTS, pack.id],
    );
    await query(
      `insert into payments (company_id, id, order_id, kind, amount, method) select $1, ${id('f')}, ${id('d')}, 'payment', 12000, 'cash' ${every5}`,
      [companyId, CLIENTS],
    );
    const terms = {
      kind: 'class-pack',
      name: 'Ten classes',
      price: 12000,
      period: null,
      classLimit: null,
      credits: 10,
      expiryDays: 90,
      expiryFrom: 'purchase',
      autoRenew: false,
      commitmentPeriods: 0,
      signupFee: 0,
      offPeakOnly: false,
      templateIds: [],
      studioIds: [],
    };
    await query(
      `insert into client_packages (company_id, id, client_id, package_id, order_id, terms, status, starts_on, expires_at)
       select $1, ${id('g')}, ${id('a')}, $3, ${id('d')}, $4, 'active', date '2025-01-01', timestamptz '2025-04-01' ${every5}`,
      [companyId, CLIENTS, pack.id, JSON.stringify(terms)],
    );
    await query(
      `insert into credit_ledger (company_id, id, client_package_id, entry, credits, reason)
       select $1, ${id('h', 'n * 2 + k')}, ${id('g')}, case when k = 0 then 'grant' else 'use' end, case when k = 0 then 10 else -1 end, 'bench'
         from generate_series(1, $2) as n cross join generate_series(0, 1) as k where n % 5 = 0`,
      [companyId, CLIENTS],
    );
  }
  return { companyId, token };
}

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Downloads the archive, keeping only a count of bytes (and optionally the bytes, for checking). */
async function download(origin: string, token: string, keep = false) {
  const started = performance.now();
  const response = await fetch(`${origin}/api/exports/archive`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status !== 200)
    throw new Error(`export answered ${response.status}: ${await response.text()}`);
  const parts: Uint8Array[] = [];
  let bytes = 0;
  let firstByte = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (bytes === 0) firstByte = performance.now() - started;
    bytes += chunk.byteLength;
    if (keep) parts.push(chunk);
  }
  return { seconds: (performance.now() - started) / 1000, firstByteMs: firstByte, bytes, parts };
}

await runBenchmark(async (resources) => {
  const kinetic = await startKinetic(resources);
  const seedStarted = performance.now();
  const { companyId, token } = await seedCompany(kinetic);
  await kinetic.db.pool.query('analyze');
  console.log(
    `export: ${CLIENTS.toLocaleString('en-US')} clients seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  // Checked once: the archive unzips and holds every client (not part of the figures).
  const checked = await download(kinetic.origin, token, true);
  const whole = Buffer.concat(checked.parts);
  // BENCH_EXPORT_SAVE=/tmp/export.zip keeps the archive, to open with other tools (unzip -t).
  if (process.env.BENCH_EXPORT_SAVE) writeFileSync(process.env.BENCH_EXPORT_SAVE, whole);
  const files = unzipSync(whole);
  const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as {
    files: { name: string; rows: number }[];
  };
  const rows = Object.fromEntries(manifest.files.map((file) => [file.name, file.rows]));
  const clients = (
    await kinetic.db.pool.query(
      `select count(*)::int as n from users where company_id = $1 and role = 'client'`,
      [companyId],
    )
  ).rows[0].n as number;
  if (rows['clients.csv'] !== clients)
    throw new Error(`clients.csv has ${rows['clients.csv']} rows, not ${clients}`);
  const unzipped = Object.values(files).reduce((total, file) => total + file.byteLength, 0);

  // Timed runs: peak RSS above the start, sampled every 10 ms.
  const timed = [];
  for (let round = 0; round < 2; round += 1) {
    collectGarbage();
    const start = process.memoryUsage().rss;
    let peak = start;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const run = await download(kinetic.origin, token);
    clearInterval(sampler);
    timed.push({ ...run, rssMiB: (Math.max(peak, process.memoryUsage().rss) - start) / 2 ** 20 });
  }
  // Live memory: a full collection every 50 ms, the most held above the level before (untimed).
  collectGarbage();
  const held = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  const before = held();
  let livePeak = before;
  const liveSampler = setInterval(() => {
    collectGarbage();
    livePeak = Math.max(livePeak, held());
  }, 50);
  await download(kinetic.origin, token);
  clearInterval(liveSampler);

  const best = timed.reduce((a, b) => (a.seconds <= b.seconds ? a : b));
  console.log(
    [
      `rows: ${Object.entries(rows)
        .filter(([, n]) => n > 100)
        .map(([name, n]) => `${name} ${n.toLocaleString('en-US')}`)
        .join(', ')}`,
      `archive: ${(best.bytes / 2 ** 20).toFixed(1)} MiB zipped, ${(unzipped / 2 ** 20).toFixed(1)} MiB of CSV`,
      `time to last byte: best ${best.seconds.toFixed(2)} s of ${timed.length} (first byte after ${best.firstByteMs.toFixed(0)} ms), ${Math.round(clients / best.seconds).toLocaleString('en-US')} clients/s`,
      `peak RSS above start: ${Math.max(...timed.map((run) => run.rssMiB)).toFixed(1)} MiB (worst round); live heap + buffers: ${((livePeak - before) / 2 ** 20).toFixed(1)} MiB`,
    ].join('\n'),
  );
  return best.bytes > 0;
});
