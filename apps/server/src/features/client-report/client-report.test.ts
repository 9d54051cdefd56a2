import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_REPORT_COLUMNS, CLIENT_REPORT_REQUEST_DEFAULTS } from '@kinetic/shared';
import { withPlatform } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import { bookClass, classAt, minutesFromNow, sellPackage, signedInClient } from '../../test/bookings.ts';
import { bearer, signUpCompany } from '../../test/factories.ts';
import { createTestApp } from '../../test/harness.ts';
import { startMailCatcher } from '../../test/mail-catcher.ts';
import { classPack, created, membership } from '../../test/packages.ts';
import { studioReadyToSchedule, type ReadyStudio } from '../../test/schedule.ts';
import { signInTeamMember } from '../../test/team.ts';
import { removeExpiredClientReports, reportFolder } from './client-report.job.ts';

/**
 * The CSV client report (issue 14 §4) end to end on the real app, database and pg-boss worker: the
 * spec's call and answer, the job's file, who may ask, other companies' and guessed names, expiry and a
 * retried failure.
 */
const dataDir = await mkdtemp(path.join(tmpdir(), 'kinetic-client-report-'));
const mail = await startMailCatcher();
const { app, db } = await createTestApp({
  config: { DATA_DIR: dataDir },
  smtpUrl: mail.url,
  jobOptions: { dataDir, reportRetryLimit: 3, reportRetryDelaySeconds: 1 },
});
afterAll(async () => {
  await mail.stop();
  await rm(dataDir, { recursive: true, force: true });
});

type Headers = Record<string, string>;
const request = (companyId: string, overrides: Record<string, unknown> = {}) => ({
  companyId,
  ...CLIENT_REPORT_REQUEST_DEFAULTS,
  ...overrides,
});
const generate = (headers: Headers, payload: object) =>
  app.inject({ method: 'POST', url: '/api/generate-client-report-in-csv', headers, payload });
const progress = (headers: Headers, filename: string) =>
  app.inject({ method: 'GET', url: `/api/client-reports/${filename}`, headers });
const download = (headers: Headers, filename: string) =>
  app.inject({ method: 'GET', url: `/api/download-generated-client-report-in-csv/${filename}`, headers });

async function untilReady(headers: Headers, filename: string, timeoutMs = 20_000) {
  const started = Date.now();
  for (;;) {
    const response = await progress(headers, filename);
    expect(response.statusCode, response.body).toBe(200);
    if (response.json().status === 1) return response.json();
    if (Date.now() - started > timeoutMs) throw new Error(`report not ready: ${response.body}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

async function reportOf(headers: Headers, companyId: string, overrides: Record<string, unknown> = {}) {
  const started = await generate(headers, request(companyId, overrides));
  expect(started.statusCode, started.body).toBe(202);
  const filename = started.json().filename as string;
  await untilReady(headers, filename);
  const file = await download(headers, filename);
  expect(file.statusCode, file.body).toBe(200);
  return { filename, csv: file.body };
}

/** RFC 4180 parsing, enough to read back what the job wrote. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  return rows;
}
const byColumn = (rows: string[][]) =>
  rows
    .slice(1)
    .map((cells) => Object.fromEntries(CLIENT_REPORT_COLUMNS.map((column, index) => [column, cells[index]])));

async function insertClient(
  companyId: string,
  client: { name: string; email: string; phone?: string | null; marketing?: boolean; createdAt?: string },
) {
  const id = generateId();
  await withPlatform(db.db, async (tx) => {
    await tx.execute(sql`insert into users (company_id, id, role, name, email, phone, password_hash, created_at)
      values (${companyId}, ${id}, 'client', ${client.name}, ${client.email}, ${client.phone ?? null}, 'x',
        ${client.createdAt ?? '2026-03-04T15:00:00Z'})`);
    if (client.marketing !== undefined)
      await tx.execute(sql`insert into client_preferences (company_id, client_id, marketing)
        values (${companyId}, ${id}, ${client.marketing})`);
  });
  return id;
}

let ready: ReadyStudio;
let ada: string;

beforeAll(async () => {
  ready = await studioReadyToSchedule(app);
  // Ada: every §9 answer, marketing consent, a membership and a visit; her neighborhood tries a formula.
  const signed = await signedInClient(app, ready);
  ada = signed.id;
  await withPlatform(db.db, async (tx) => {
    await tx.execute(sql`update users set name = 'Ada Lovelace', phone = '(404) 555-0101',
      created_at = '2026-02-01T03:00:00Z' where company_id = ${ready.companyId} and id = ${ada}`);
    await tx.execute(sql`insert into client_signup_details (company_id, id, user_id, age, race_ethnicity, industry,
        income_band_to_200k, income_band_to_120k, planning_unit, neighborhood)
      values (${ready.companyId}, ${ada}, ${ada}, '<45-54', 'asian_pacific', 'technology', 'between50000-99999',
        'between910000-120000', 'B', '=HYPERLINK("http://evil.test","click")')`);
    await tx.execute(sql`insert into client_preferences (company_id, client_id, marketing)
      values (${ready.companyId}, ${ada}, true)`);
  });
  const plan = await created(app, ready.headers, '/api/packages', membership());
  await sellPackage(app, ready, ada, plan.id);
  const classId = await classAt(app, ready, minutesFromNow(60 * 24 * 3));
  const booked = await bookClass(app, classId, signed.headers);
  expect(booked.statusCode, booked.body).toBe(200);
  await withPlatform(db.db, (tx) =>
    tx.execute(
      sql`update bookings set status = 'checked_in' where company_id = ${ready.companyId} and client_id = ${ada}`,
    ),
  );
  // Bob said no to marketing: no contact details; his name needs RFC 4180 quoting.
  const bob = await insertClient(ready.companyId, {
    name: 'Bob "the Builder", Jr.',
    email: 'bob@example.com',
    phone: '(404) 555-0202',
    marketing: false,
  });
  // Bob holds a pack with credits and one used up: only the first is a package he holds.
  const usedUp = await created(
    app,
    ready.headers,
    '/api/packages',
    classPack({ name: 'Trial Pack', credits: 1 }),
  );
  await sellPackage(app, ready, bob, usedUp.id);
  const tenPack = await created(app, ready.headers, '/api/packages', classPack());
  await sellPackage(app, ready, bob, tenPack.id);
  await withPlatform(db.db, (tx) =>
    tx.execute(sql`insert into credit_ledger (company_id, id, client_package_id, entry, credits, reason)
      select cp.company_id, ${generateId()}, cp.id, 'use', -1, 'Used at the desk'
        from client_packages cp where cp.company_id = ${ready.companyId} and cp.client_id = ${bob}
         and cp.terms->>'name' = 'Trial Pack'`),
  );
  // Mallory has no preferences row (the default: no marketing) and a name that starts a formula.
  await insertClient(ready.companyId, { name: '-2+3 Mallory', email: 'mallory@example.com' });
});

describe('POST /api/generate-client-report-in-csv and the file', () => {
  it('answers the spec shape, then status 1 with the filename, and the file has one labelled row per client', async () => {
    const started = await generate(ready.headers, request(ready.companyId));
    expect(started.statusCode, started.body).toBe(202);
    const answer = started.json();
    expect(answer).toEqual({
      status: 2,
      filename: expect.stringMatching(/^[0-9a-f]{32}\.csv$/),
      data: { filename: answer.filename, ready: false, done: 0, total: 3 },
    });
    const done = await untilReady(ready.headers, answer.filename);
    expect(done).toEqual({
      status: 1,
      filename: answer.filename,
      data: { filename: answer.filename, ready: true, done: 3, total: 3 },
    });

    const file = await download(ready.headers, answer.filename);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe('attachment; filename="client-report.csv"');
    expect(file.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(file.body.slice(1));
    expect(rows[0]).toEqual([...CLIENT_REPORT_COLUMNS]);
    const clients = byColumn(rows);
    // Sorted by first name, ascending (the spec's default): "-2+3", Ada, Bob.
    expect(clients.map((client) => client.Name)).toEqual([
      "'-2+3 Mallory",
      'Ada Lovelace',
      'Bob "the Builder", Jr.',
    ]);
    expect(file.body).toContain('"Bob ""the Builder"", Jr."');
    const [mallory, adaRow, bob] = clients;
    expect(adaRow).toEqual({
      Name: 'Ada Lovelace',
      Email: expect.stringMatching(/@example\.com$/),
      Phone: '(404) 555-0101',
      // 03:00 UTC on 1 February is still 31 January in New York.
      'Signed up': '2026-01-31',
      'Age range': '45–54',
      'Race or ethnicity': 'Asian / Pacific Islander',
      Industry: 'Technology',
      'Household income': '$50,000 – $99,999',
      'Household income (earlier answer)': expect.stringMatching(/^\$91,000/),
      'Neighborhood planning unit': 'NPU B',
      Neighborhood: `'=HYPERLINK("http://evil.test","click")`,
      'Packages held': 'Unlimited Monthly',
      Visits: '1',
      'Last visit': expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
      'Marketing consent': 'Yes',
    });
    // No consent, no contact details in the file (docs/architecture.md "CSV client report").
    expect(bob).toMatchObject({
      'Packages held': '10-Class Pack',
      Email: '',
      Phone: '',
      'Marketing consent': 'No',
      Visits: '0',
      'Last visit': '',
    });
    expect(mallory).toMatchObject({
      Email: '',
      'Marketing consent': 'No',
      'Age range': '',
      'Packages held': '',
    });
    expect(file.body).not.toContain('bob@example.com');
    expect(file.body).not.toContain('mallory@example.com');
  });

  it('keeps the search and the order of the request', async () => {
    const { csv } = await reportOf(ready.headers, ready.companyId, { searchString: 'lovelace' });
    expect(byColumn(parseCsv(csv.slice(1))).map((client) => client.Name)).toEqual(['Ada Lovelace']);
    const byPhone = await reportOf(ready.headers, ready.companyId, { searchString: '555-0202' });
    expect(byColumn(parseCsv(byPhone.csv.slice(1))).map((client) => client.Name)).toEqual([
      'Bob "the Builder", Jr.',
    ]);
    const descending = await reportOf(ready.headers, ready.companyId, { orderDirection: 'desc' });
    expect(byColumn(parseCsv(descending.csv.slice(1))).map((client) => client.Name)).toEqual([
      'Bob "the Builder", Jr.',
      'Ada Lovelace',
      "'-2+3 Mallory",
    ]);
  });

  it('refuses a malformed request with 400 naming each field, and another company with 404', async () => {
    const bad = await generate(ready.headers, {
      companyId: ready.companyId,
      isSolo: 'yes',
      currentPage: -1,
      itemsPerPage: 0,
      searchString: 5,
      orderBy: 'Age',
      orderDirection: 'up',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(
      ['currentPage', 'isSolo', 'itemsPerPage', 'orderBy', 'orderDirection', 'searchString'].sort(),
    );
    const missing = await generate(ready.headers, { ...request(ready.companyId), companyId: undefined });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('companyId');

    const other = await signUpCompany(app);
    const elsewhere = await generate(ready.headers, request(other.session.company.id));
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toMatchObject({ status: 0, message: 'We could not find that company.' });
  });
});

describe('who may make and download a report', () => {
  it('refuses staff, instructors and clients (403) on all three calls; a solo instructor makes their own', async () => {
    const { filename } = await reportOf(ready.headers, ready.companyId);
    const staff = await signInTeamMember(app, db.db, ready.companyId, 'staff');
    const instructor = await signInTeamMember(app, db.db, ready.companyId, 'instructor');
    const client = await signedInClient(app, ready);
    for (const headers of [staff.headers, instructor.headers, client.headers]) {
      expect((await generate(headers, request(ready.companyId))).statusCode).toBe(403);
      expect((await progress(headers, filename)).statusCode).toBe(403);
      const refused = await download(headers, filename);
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain('Ada Lovelace');
    }
    expect((await download({}, filename)).statusCode).toBe(401);

    const solo = await signUpCompany(app, { kind: 'solo' });
    const soloHeaders = bearer(solo.session.token);
    await insertClient(solo.session.company.id, {
      name: 'Sol Client',
      email: 'sol@example.com',
      marketing: true,
    });
    const { csv } = await reportOf(soloHeaders, solo.session.company.id);
    expect(byColumn(parseCsv(csv.slice(1)))).toEqual([
      expect.objectContaining({ Name: 'Sol Client', Email: 'sol@example.com' }),
    ]);
  });

  it("answers 404 for another company's filename and for guessed names", async () => {
    const { filename } = await reportOf(ready.headers, ready.companyId);
    const other = await signUpCompany(app);
    const otherHeaders = bearer(other.session.token);
    for (const call of [progress, download]) {
      const response = await call(otherHeaders, filename);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Ada');
    }
    for (const guess of [
      '0123456789abcdef0123456789abcdef.csv',
      'client-report.csv',
      '..%2F..%2Fetc%2Fpasswd',
      `${filename}.part`,
    ]) {
      expect((await progress(ready.headers, guess)).statusCode, guess).toBe(404);
      expect((await download(ready.headers, guess)).statusCode, guess).toBe(404);
    }
  });
});

describe('expiry and retries', () => {
  it('a page opened again while its report is being made follows that report (one job over every client, not one per opening)', async () => {
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: ready.headers });
    const ownerId = me.json().data.user.id as string;
    // The owner's report of the page's request, begun a moment ago and still being made.
    const filename = `${'c'.repeat(32)}.csv`;
    const insert = (createdAt: string) =>
      withPlatform(db.db, (tx) =>
        tx.execute(sql`insert into client_reports (company_id, id, filename, requested_by, request, status, done, total, expires_at, created_at)
          values (${ready.companyId}, ${generateId()}, ${filename}, ${ownerId},
            ${JSON.stringify({ searchString: '', orderBy: 'First Name', orderDirection: 'asc' })}::jsonb,
            'processing', 1, 3, now() + interval '1 day', ${createdAt}::timestamptz)`),
      );
    const forget = () =>
      withPlatform(db.db, (tx) =>
        tx.execute(
          sql`delete from client_reports where company_id = ${ready.companyId} and filename = ${filename}`,
        ),
      );
    await insert(new Date().toISOString());
    try {
      const opened = await Promise.all(
        [1, 2, 3].map(() => generate(ready.headers, request(ready.companyId))),
      );
      expect(opened.map((answer) => answer.statusCode)).toEqual([202, 202, 202]);
      expect(opened.map((answer) => answer.json().filename)).toEqual([filename, filename, filename]);
      expect(opened[0]!.json().data).toMatchObject({ ready: false, done: 1, total: 3 });
      // Another request (a search) is a report of its own.
      const search = await generate(ready.headers, request(ready.companyId, { searchString: 'lovelace' }));
      expect(search.json().filename).not.toBe(filename);
      await untilReady(ready.headers, search.json().filename);
      // One begun over ten minutes ago is not waited for: the page gets a new one.
      await forget();
      await insert(new Date(Date.now() - 11 * 60_000).toISOString());
      const later = await reportOf(ready.headers, ready.companyId);
      expect(later.filename).not.toBe(filename);
    } finally {
      await forget();
    }
  });

  it('deletes a report after 24 hours: 404 on read, and the sweep removes files nobody reads', async () => {
    const first = await reportOf(ready.headers, ready.companyId);
    const second = await reportOf(ready.headers, ready.companyId);
    const folder = reportFolder(dataDir, ready.companyId);
    expect(existsSync(path.join(folder, first.filename))).toBe(true);
    await withPlatform(db.db, (tx) =>
      tx.execute(sql`update client_reports set expires_at = now() - interval '1 second'
        where company_id = ${ready.companyId} and filename in (${first.filename}, ${second.filename})`),
    );
    const expired = await download(ready.headers, first.filename);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe(
      'This report is older than 24 hours and has been deleted. Open the report page again to make a new one.',
    );
    expect(existsSync(path.join(folder, first.filename))).toBe(false);
    expect((await progress(ready.headers, first.filename)).statusCode).toBe(404);

    expect(existsSync(path.join(folder, second.filename))).toBe(true);
    expect(await removeExpiredClientReports(db.db, dataDir)).toBeGreaterThanOrEqual(1);
    expect(existsSync(path.join(folder, second.filename))).toBe(false);
    expect((await download(ready.headers, second.filename)).statusCode).toBe(404);
  });

  it('retries a failed attempt: the folder cannot be written, then it can, and the file arrives', async () => {
    const studio = await signUpCompany(app);
    const headers = bearer(studio.session.token);
    const companyId = studio.session.company.id;
    await insertClient(companyId, { name: 'Rita Retry', email: 'rita@example.com', marketing: true });
    // A plain file where the company's report folder goes: creating the folder fails (ENOTDIR/EEXIST).
    await mkdir(path.dirname(reportFolder(dataDir, companyId)), { recursive: true });
    await writeFile(reportFolder(dataDir, companyId), 'in the way');

    const started = await generate(headers, request(companyId));
    expect(started.statusCode).toBe(202);
    const filename = started.json().filename as string;
    const failedOnce = async () => {
      const [row] = (
        await withPlatform(db.db, (tx) =>
          tx.execute(
            sql`select attempts, last_error, status from client_reports where company_id = ${companyId}`,
          ),
        )
      ).rows as { attempts: number; last_error: string | null; status: string }[];
      return row;
    };
    const deadline = Date.now() + 10_000;
    while (!(await failedOnce())?.last_error && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(await failedOnce()).toMatchObject({
      attempts: 1,
      status: 'processing',
      last_error: expect.any(String),
    });
    expect((await progress(headers, filename)).json().status).toBe(2);

    await rm(reportFolder(dataDir, companyId));
    await untilReady(headers, filename);
    const after = await failedOnce();
    expect(after).toMatchObject({ status: 'ready', last_error: null });
    expect(after!.attempts).toBeGreaterThanOrEqual(2);
    const file = await download(headers, filename);
    expect(byColumn(parseCsv(file.body.slice(1))).map((client) => client.Name)).toEqual(['Rita Retry']);
    expect(await readdir(reportFolder(dataDir, companyId))).toEqual([filename]);
  });
});
