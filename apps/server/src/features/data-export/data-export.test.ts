import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { bearer, signUpClient, signUpCompany } from '../../test/factories.ts';
import { signInTeamMember } from '../../test/team.ts';
import { seedDemo } from '../demo/seed-demo.ts';
import { logIn } from '../../test/factories.ts';
import { DEMO_PASSWORD } from '../demo/seed-demo.ts';
import { EXPORT_BATCH_ROWS, openExportArchive } from './archive.ts';
import { archiveFiles } from './archive-files.ts';
import { EXPORTS_PER_HOUR } from './data-export.routes.ts';

/** Issue 18 §5: the full export archive (docs/export-format.md). */
const { app, db } = await createTestApp();

/** An RFC 4180 reader (quoted fields, doubled quotes, CRLF) — independent of the writer under test. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += char;
  }
  if (field !== '' || row.length > 0) throw new Error('the file does not end with CRLF');
  return rows;
}

interface Manifest {
  format: string;
  version: number;
  company: Record<string, string>;
  exportedAt: string;
  excluded: string[];
  files: { name: string; rows: number; columns: string[] }[];
}

interface Archive {
  fileName: string;
  names: string[];
  raw: Record<string, string>;
  manifest: Manifest;
  /** A CSV's rows as objects by column name. */
  table(name: string): Record<string, string>[];
}

async function download(headers: { authorization: string }): Promise<Archive> {
  const response = await app.inject({ method: 'GET', url: '/api/exports/archive', headers });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  const fileName = /filename="([^"]+)"/.exec(String(response.headers['content-disposition']))![1]!;
  const entries = unzipSync(new Uint8Array(response.rawPayload));
  // Every entry's CRC-32 in the central directory matches its content (what `unzip -t` checks).
  const zip = response.rawPayload;
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let index = 0; index < zip.readUInt16LE(end + 10); index += 1) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    expect(crc32(entries[name]!), name).toBe(zip.readUInt32LE(at + 16));
    expect(entries[name]!.byteLength, name).toBe(zip.readUInt32LE(at + 24));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  const raw: Record<string, string> = {};
  for (const [name, bytes] of Object.entries(entries)) raw[name] = strFromU8(bytes);
  const manifest = JSON.parse(raw['manifest.json']!) as Manifest;
  return {
    fileName,
    names: Object.keys(entries),
    raw,
    manifest,
    table(name) {
      const [header, ...rows] = parseCsv(raw[name]!);
      return rows.map((cells) => Object.fromEntries(header!.map((column, index) => [column, cells[index]!])));
    },
  };
}

const count = async (sql: string, values: unknown[]) =>
  (await db.pool.query<{ n: number }>(`select count(*)::int as n ${sql}`, values)).rows[0]!.n;

const hexId = (prefix: string, n: number) => `${prefix}${n.toString(16).padStart(24 - prefix.length, '0')}`;

describe('GET /api/exports/archive', () => {
  it('exports every client with their sign-up details and consents, values exactly as stored, and nothing of another company', async () => {
    const owner = await signUpCompany(app, { companyName: 'Côte & Co' });
    const other = await signUpCompany(app);
    const companyId = owner.session.company.id;
    const otherClient = await signUpClient(app, other.slug, { email: 'someone-else@example.com' });
    const signed = await signUpClient(app, owner.slug, { email: 'chris@example.com' });
    const chrisId = signed.session.user._id;

    // Names a spreadsheet export gets wrong: commas, quotes, line breaks, non-ASCII, a leading "=".
    const tricky = [
      ['a1', 'Zoë "Zed" Ñúñez-山田', 'zoe@example.com', '+353 1 555 0101'],
      ['a2', "O'Brien, Siobhán", 'siobhan@example.com', null],
      ['a3', 'Line\r\nBreak Person', 'lines@example.com', '=HYPERLINK("x")'],
      ['a4', 'Mononym', 'mono@example.com', '-42'],
    ] as const;
    for (const [prefix, name, email, phone] of tricky) {
      await db.pool.query(
        `insert into users (company_id, id, role, name, email, phone, password_hash) values ($1, $2, 'client', $3, $4, $5, 'hash-never-exported')`,
        [companyId, hexId(prefix, 1), name, email, phone],
      );
    }
    // More clients than one cursor batch, so the archive is streamed in several.
    await db.pool.query(
      `insert into users (company_id, id, role, name, email, password_hash)
       select $1, 'b' || lpad(to_hex(n), 23, '0'), 'client', 'Bulk ' || n, 'bulk' || n || '@example.com', 'x'
         from generate_series(1, $2) n`,
      [companyId, EXPORT_BATCH_ROWS + 300],
    );
    // Chris saved sign-up details and chose marketing email.
    await db.pool.query(
      `insert into client_signup_details (company_id, id, user_id, birth_date, address, emergency_contact_name, age, heard_about)
       values ($1, $2, $2, '1990-02-03', '{"line1":"1 Main St, Apt 2","line2":null,"city":"Dublin","state":null,"postalCode":"D02","country":"IE"}', 'Pat "P" Doe', '25-34', 'friend')`,
      [companyId, chrisId],
    );
    await db.pool.query(
      `insert into client_preferences (company_id, client_id, marketing, reminders) values ($1, $2, true, false)`,
      [companyId, chrisId],
    );

    const archive = await download(bearer(owner.session.token));
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    expect(archive.fileName).toBe(`kinetic-export-${owner.slug}-${today}.zip`);
    expect(archive.manifest).toMatchObject({
      format: 'kinetic-export',
      version: 1,
      company: {
        name: 'Côte & Co',
        slug: owner.slug,
        kind: 'company',
        timeZone: 'America/New_York',
        currency: 'USD',
      },
    });
    expect(archive.manifest.excluded).toContain('password hashes');
    // Every CSV in the archive is listed, with its exact header and row count.
    expect(archive.names.sort()).toEqual(
      [...archive.manifest.files.map((file) => file.name), 'manifest.json'].sort(),
    );
    for (const file of archive.manifest.files) {
      const rows = parseCsv(archive.raw[file.name]!);
      expect(rows[0], file.name).toEqual(file.columns);
      expect(rows.length - 1, file.name).toBe(file.rows);
    }

    const clients = archive.table('clients.csv');
    const inDatabase = await count(`from users where company_id = $1 and role = 'client'`, [companyId]);
    expect(inDatabase).toBe(tricky.length + EXPORT_BATCH_ROWS + 300 + 1);
    expect(clients).toHaveLength(inDatabase);
    expect(archive.manifest.files.find((file) => file.name === 'clients.csv')!.rows).toBe(inDatabase);
    const byEmail = new Map(clients.map((client) => [client.email, client]));
    expect(byEmail.get('zoe@example.com')).toMatchObject({
      name: 'Zoë "Zed" Ñúñez-山田',
      first_name: 'Zoë',
      last_name: '"Zed" Ñúñez-山田',
      phone: '+353 1 555 0101',
    });
    expect(byEmail.get('siobhan@example.com')).toMatchObject({ name: "O'Brien, Siobhán", phone: '' });
    // Kept exactly as stored, formula-looking values included (docs/export-format.md: a data archive).
    expect(byEmail.get('lines@example.com')).toMatchObject({
      name: 'Line\r\nBreak Person',
      phone: '=HYPERLINK("x")',
    });
    expect(byEmail.get('mono@example.com')).toMatchObject({
      first_name: 'Mononym',
      last_name: '',
      phone: '-42',
    });
    expect(byEmail.get('chris@example.com')).toMatchObject({
      id: chrisId,
      name: 'Chris Client',
      birth_date: '1990-02-03',
      address_line1: '1 Main St, Apt 2',
      address_city: 'Dublin',
      emergency_contact_name: 'Pat "P" Doe',
      age: '25-34',
      heard_about: 'friend',
      consent_marketing: 'true',
      consent_reminders: 'false',
      consent_booking_confirmations: 'true',
    });
    expect(byEmail.get('chris@example.com')!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // A client who never chose: the defaults (everything but marketing).
    expect(byEmail.get('bulk1@example.com')).toMatchObject({
      consent_marketing: 'false',
      consent_waitlist: 'true',
      birth_date: '',
    });

    // Nothing of the other company.
    const everything = Object.values(archive.raw).join('\n');
    expect(everything).not.toContain('someone-else@example.com');
    expect(everything).not.toContain(otherClient.session.user._id);
    expect(everything).not.toContain(other.session.company.id);
    expect(everything).not.toContain(other.email);
    // The owner is staff, not a client.
    expect(archive.table('staff.csv').map((person) => person.email)).toEqual([owner.email]);
    expect(byEmail.has(owner.email)).toBe(false);
  });

  it('leaves out every secret: password hashes, tokens, API keys, webhook and Stripe secrets, saved cards, door codes', async () => {
    const owner = await signUpCompany(app);
    const companyId = owner.session.company.id;
    const client = await signUpClient(app, owner.slug);
    const q = (sql: string, values: unknown[]) => db.pool.query(sql, values);
    await q(
      `insert into webhook_endpoints (company_id, id, url, events, secret) values ($1, $2, 'https://hooks.example.com/k', '{booking.created}', 'whsec_TOPSECRETWEBHOOK')`,
      [companyId, hexId('c1', 1)],
    );
    await q(
      `insert into payment_settings (company_id, stripe_publishable_key, stripe_secret_key, stripe_webhook_secret)
       values ($1, 'pk_test_PUBLISHABLE', 'sk_test_STRIPESECRET', 'whsec_STRIPEWEBHOOK')`,
      [companyId],
    );
    await q(
      `insert into stripe_customers (company_id, client_id, customer_id, payment_method_id) values ($1, $2, 'cus_SAVEDCUSTOMER', 'pm_SAVEDCARD')`,
      [companyId, client.session.user._id],
    );
    await q(
      `insert into calendar_feeds (company_id, user_id, token_hash) values ($1, $2, 'FEEDTOKENHASH0000')`,
      [companyId, client.session.user._id],
    );
    const { rows: hashes } = await q(`select password_hash from users where company_id = $1`, [companyId]);
    const { rows: sessions } = await q(`select token_hash from sessions where company_id = $1`, [companyId]);
    expect(hashes.length).toBe(2);
    expect(sessions.length).toBeGreaterThan(0);

    const archive = await download(bearer(owner.session.token));
    const everything = Object.values(archive.raw).join('\n');
    for (const secret of [
      'whsec_TOPSECRETWEBHOOK',
      'sk_test_STRIPESECRET',
      'whsec_STRIPEWEBHOOK',
      'cus_SAVEDCUSTOMER',
      'pm_SAVEDCARD',
      'FEEDTOKENHASH0000',
      ...hashes.map((row: { password_hash: string }) => row.password_hash),
      ...sessions.map((row: { token_hash: string }) => row.token_hash),
    ])
      expect(everything, secret).not.toContain(secret);
    expect(everything).not.toContain(owner.session.token);
    for (const file of archive.manifest.files)
      for (const column of file.columns)
        expect(`${file.name}: ${column}`).not.toMatch(/password|token|secret|hash/);
    // The endpoint itself is the company's (its address and events), without its secret.
    expect(archive.table('webhook-endpoints.csv')).toEqual([
      expect.objectContaining({ url: 'https://hooks.example.com/k', events: '["booking.created"]' }),
    ]);
  });

  it('refuses anyone without settings, money and clients together: front-desk staff, instructors and clients get 403', async () => {
    const owner = await signUpCompany(app);
    const companyId = owner.session.company.id;
    const client = await signUpClient(app, owner.slug);
    const staff = await signInTeamMember(app, db.db, companyId, 'staff');
    const instructor = await signInTeamMember(app, db.db, companyId, 'instructor');
    for (const headers of [staff.headers, instructor.headers, bearer(client.session.token)]) {
      const response = await app.inject({ method: 'GET', url: '/api/exports/archive', headers });
      expect(response.statusCode).toBe(403);
      expect(response.headers['content-type']).toMatch(/json/);
      expect(response.json().status).toBe(0);
    }
    expect((await app.inject({ method: 'GET', url: '/api/exports/archive' })).statusCode).toBe(401);

    // A staff member the owner gave all three abilities may download it.
    const trusted = await signInTeamMember(app, db.db, companyId, 'staff');
    await db.pool.query(
      `update users set abilities = '{manageSettings,seeFinancials,manageClients}' where company_id = $1 and role = 'staff' and id <> (select id from users where company_id = $1 and role = 'staff' order by created_at limit 1)`,
      [companyId],
    );
    const archive = await download(trusted.headers);
    expect(archive.table('staff.csv')).toHaveLength(4);

    // Ten archives an hour per company (shared by every process): the eleventh is refused, said plainly.
    await db.pool.query(`update rate_limits set count = $2 where key = $1`, [
      `export-archive:${companyId}`,
      EXPORTS_PER_HOUR,
    ]);
    const limited = await app.inject({
      method: 'GET',
      url: '/api/exports/archive',
      headers: bearer(owner.session.token),
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(
      'The archive was downloaded 10 times in the last hour. Please try again later.',
    );
  });

  // Seeding the demo takes a while on a busy machine.
  it(
    'exports the demo studio whole: every file parses and its row counts match the database',
    { timeout: 120_000 },
    async () => {
      await seedDemo(db.db);
      const login = await logIn(app, { email: 'admin@demo.test', password: DEMO_PASSWORD, roleId: 'admin' });
      expect(login.statusCode, login.body).toBe(200);
      const { rows } = await db.pool.query<{ id: string; currency: string }>(
        `select id, currency from companies where slug = 'demo'`,
      );
      const companyId = rows[0]!.id;
      const archive = await download(bearer(login.json().data.token));
      const rowsOf = (name: string) => archive.manifest.files.find((file) => file.name === name)!.rows;

      const expected: Record<string, string> = {
        'clients.csv': `from users where company_id = $1 and role = 'client'`,
        'staff.csv': `from users where company_id = $1 and role not in ('client', 'solo-client') and platform_user_id is null`,
        'client-packages.csv': 'from client_packages where company_id = $1',
        'packages.csv': 'from packages where company_id = $1',
        'credit-ledger.csv': 'from credit_ledger where company_id = $1',
        'bookings.csv': 'from bookings where company_id = $1',
        'booking-events.csv': 'from booking_events where company_id = $1',
        'orders.csv': 'from orders where company_id = $1',
        'order-lines.csv': 'from order_lines where company_id = $1',
        'payments.csv': 'from payments where company_id = $1',
        'waivers.csv': 'from waivers where company_id = $1',
        'waiver-signatures.csv': 'from waiver_signatures where company_id = $1',
        'studios.csv': 'from studios where company_id = $1',
        'rooms.csv': 'from studio_rooms where company_id = $1',
        'class-templates.csv': 'from class_templates where company_id = $1',
        'class-series.csv': 'from fitness_sessions where company_id = $1',
        'class-instances.csv': 'from class_instances where company_id = $1',
        'events.csv': 'from events where company_id = $1',
        'appointment-types.csv': 'from appointment_types where company_id = $1',
        'instructors.csv': 'from instructors where company_id = $1',
        'facilitators.csv': 'from facilitators where company_id = $1',
        'pay-rates.csv': 'from pay_rates where company_id = $1',
        'payroll-periods.csv': 'from payroll_periods where company_id = $1',
        'payroll-lines.csv': 'from payroll_lines where company_id = $1',
        'email-templates.csv': 'from email_templates where company_id = $1',
        'company.csv': 'from companies where id = $1',
      };
      for (const [name, sql] of Object.entries(expected))
        expect(rowsOf(name), name).toBe(await count(sql, [companyId]));
      // The demo studio has the kinds of record the archive promises (a test of something, not of zeros).
      for (const name of [
        'clients.csv',
        'client-packages.csv',
        'credit-ledger.csv',
        'bookings.csv',
        'orders.csv',
        'payments.csv',
        'class-instances.csv',
        'waiver-signatures.csv',
        'pay-rates.csv',
      ])
        expect(rowsOf(name), name).toBeGreaterThan(0);

      for (const file of archive.manifest.files) {
        const parsed = parseCsv(archive.raw[file.name]!);
        expect(parsed.length - 1, file.name).toBe(file.rows);
        for (const row of parsed) expect(row, file.name).toHaveLength(file.columns.length);
      }
      // Money in minor units with its currency; remaining credits agree with the ledger.
      const orders = archive.table('orders.csv');
      expect(
        orders.every((order) => /^\d+$/.test(order.total!) && order.currency === rows[0]!.currency),
      ).toBe(true);
      const packs = archive.table('client-packages.csv').filter((pack) => pack.kind === 'class-pack');
      const ledger = archive.table('credit-ledger.csv');
      for (const pack of packs) {
        const sum = ledger
          .filter((entry) => entry.client_package_id === pack.id)
          .reduce((total, entry) => total + Number(entry.credits), 0);
        expect(Number(pack.credits_remaining), pack.id).toBe(sum);
        expect(pack.client_email).toMatch(/@/);
      }
      // References resolve inside the archive.
      const clientIds = new Set(archive.table('clients.csv').map((client) => client.id));
      expect(archive.table('bookings.csv').every((booking) => clientIds.has(booking.client_id!))).toBe(true);
      const instanceIds = new Set(archive.table('class-instances.csv').map((instance) => instance.id));
      expect(
        archive.table('bookings.csv').every((booking) => instanceIds.has(booking.class_instance_id!)),
      ).toBe(true);
      // Local dates and instants in their documented shapes.
      const instance = archive.table('class-instances.csv')[0]!;
      expect(instance.local_date).toMatch(/^\d{4}-\d\d-\d\d$/);
      expect(instance.starts_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      // The hidden logins and passwords stay out here too.
      expect(Object.values(archive.raw).join('\n')).not.toContain('$argon2');
    },
  );

  it('a download given up half-way ends its transaction and gives its connection back', async () => {
    const owner = await signUpCompany(app);
    const companyId = owner.session.company.id;
    await db.pool.query(
      `insert into users (company_id, id, role, name, email, password_hash)
       select $1, 'd' || lpad(to_hex(n), 23, '0'), 'client', 'Bulk ' || n, 'gone' || n || '@example.com', 'x'
         from generate_series(1, $2) n`,
      [companyId, EXPORT_BATCH_ROWS * 3],
    );
    const archive = await openExportArchive(db.db, companyId);
    const chunks = archive.stream[Symbol.asyncIterator]();
    expect((await chunks.next()).done).toBe(false);
    expect(db.pool.totalCount - db.pool.idleCount).toBe(1);
    const closed = new Promise((resolve) => archive.stream.once('close', resolve));
    archive.stream.destroy();
    await closed;
    await expect.poll(() => db.pool.totalCount - db.pool.idleCount).toBe(0);
    const open = await db.pool.query(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
    );
    expect(open.rows[0].n).toBe(0);
  });

  it('matches docs/export-format.md: the same files in the same order, each with the documented columns', () => {
    const doc = readFileSync(new URL('../../../../../docs/export-format.md', import.meta.url), 'utf8');
    const documented: [string, string[]][] = [];
    for (const section of doc.split('\n### ').slice(1)) {
      const [heading, ...rest] = section.split('\n');
      const columns = /`([a-z0-9_,\s]+)`/
        .exec(rest.join('\n'))![1]!
        .split(',')
        .map((column) => column.trim());
      for (const [, name] of heading!.matchAll(/([a-z-]+\.csv)/g)) documented.push([name!, columns]);
    }
    const code = archiveFiles({ companyId: 'x', currency: 'USD', timeZone: 'UTC' }).map(
      (file) => [file.name, file.columns.map(([column]) => column)] as [string, string[]],
    );
    expect(documented).toEqual(code);
  });
});
