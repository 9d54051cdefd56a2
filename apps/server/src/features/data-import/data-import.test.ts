import { sql } from 'drizzle-orm';
import { zipSync, strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DryRunDto, ImportJobDto, ImportUploadDto } from '@kinetic/shared';
import { withPlatform } from '../../db/client.ts';
import { bearer, signUpClient, signUpCompany, type SignedUp } from '../../test/factories.ts';
import { createTestApp } from '../../test/harness.ts';
import { startMailCatcher } from '../../test/mail-catcher.ts';
import { classPack, created, membership } from '../../test/packages.ts';
import { signInTeamMember } from '../../test/team.ts';
import { expireAbandonedImports } from './data-import.repo.ts';
import { runImportJob } from './import-job.ts';

/**
 * Issue 18 §5, the client import end to end on the real app, database and pg-boss worker: upload,
 * suggested mapping, dry run with every rejection's reason, the background job in batches with its
 * progress, re-running, resuming after a crash, who may, other companies, broken files, and the round
 * trip through the export archive.
 */
const mail = await startMailCatcher();
const { app, db } = await createTestApp({ smtpUrl: mail.url, jobOptions: { pollingIntervalSeconds: 0.5 } });
afterAll(() => mail.stop());

type Headers = Record<string, string>;

function multipart(fileName: string, content: Uint8Array | string, contentType = 'text/csv') {
  const boundary = `----kinetic${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const body = typeof content === 'string' ? Buffer.from(content) : Buffer.from(content);
  return {
    payload: Buffer.concat([head, body, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const uploadRaw = (headers: Headers, fileName: string, content: Uint8Array | string, type?: string) => {
  const form = multipart(fileName, content, type);
  return app.inject({
    method: 'POST',
    url: '/api/imports',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
};

async function upload(
  headers: Headers,
  fileName: string,
  content: Uint8Array | string,
): Promise<ImportUploadDto> {
  const response = await uploadRaw(headers, fileName, content);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const dryRunRaw = (headers: Headers, importId: string, payload: object) =>
  app.inject({ method: 'PUT', url: `/api/imports/${importId}`, headers, payload });

async function dryRun(headers: Headers, importId: string, payload: object): Promise<DryRunDto> {
  const response = await dryRunRaw(headers, importId, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const startRaw = (headers: Headers, importId: string) =>
  app.inject({ method: 'POST', url: `/api/imports/${importId}/start`, headers });

/** Polls the import until it is done or failed; answers it and every processed_rows value seen. */
async function untilFinished(headers: Headers, importId: string, timeoutMs = 90_000) {
  const seen: number[] = [];
  const started = Date.now();
  for (;;) {
    const response = await app.inject({ method: 'GET', url: `/api/imports/${importId}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    const job = response.json().data as ImportJobDto;
    if (seen.at(-1) !== job.processedRows) seen.push(job.processedRows);
    if (job.status === 'done' || job.status === 'failed') return { job, seen };
    if (Date.now() - started > timeoutMs) throw new Error(`import not finished: ${response.body}`);
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}

async function importFile(headers: Headers, fileName: string, content: Uint8Array | string, options = {}) {
  const uploaded = await upload(headers, fileName, content);
  const dry = await dryRun(headers, uploaded.job.id, { mapping: uploaded.suggestedMapping, options });
  const start = await startRaw(headers, uploaded.job.id);
  expect(start.statusCode, start.body).toBe(200);
  return { uploaded, dry, ...(await untilFinished(headers, uploaded.job.id)) };
}

const clientsOf = (companyId: string) =>
  withPlatform(db.db, async (tx) => {
    const result = await tx.execute<{
      id: string;
      name: string;
      email: string;
      phone: string | null;
      created_at: string;
    }>(
      sql`select id, name, email, phone, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') as created_at from users where company_id = ${companyId} and role = 'client' order by email`,
    );
    return result.rows;
  });

const csvOf = (rows: string[][]) =>
  rows
    .map((row) =>
      row.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(','),
    )
    .join('\r\n');

let owner: SignedUp;
let headers: Headers;
let companyId: string;

beforeAll(async () => {
  owner = await signUpCompany(app);
  headers = bearer(owner.session.token);
  companyId = owner.session.company.id;
  await created(app, headers, '/api/packages', classPack({ name: '10-Class Pack' }));
  await created(app, headers, '/api/packages', membership({ name: 'Unlimited Monthly' }));
});

const MINDBODY_HEADER = [
  'ID',
  'Last Name',
  'First Name',
  'Email',
  'Mobile Phone',
  'Home Phone',
  'Birth Date',
  'Address',
  'City',
  'State',
  'Postal Code',
  'Client Since',
  'Send Promotional Emails',
  'Notes',
  'Pricing Option',
  'Remaining',
  'Expiration Date',
];

describe('upload and the suggested mapping', () => {
  it('answers the columns, sample rows and a mapping that recognises a Mindbody export', async () => {
    const csv = `\uFEFF${csvOf([MINDBODY_HEADER, ['100001', 'Okafor', 'Ada', 'ada.okafor@example.com', '404-555-0101', '', '03/04/1990', '1 Main St', 'Atlanta', 'GA', '30303', '01/15/2021', 'Yes', 'Bad knee, go easy', '10-Class Pack', '7', '12/31/2099']])}\r\n`;
    const data = await upload(headers, 'mindbody-clients.csv', csv);
    expect(data.columns).toEqual(MINDBODY_HEADER);
    expect(data.sampleRows[0]?.[2]).toBe('Ada');
    expect(data.job).toMatchObject({
      status: 'pending',
      source: 'csv',
      fileName: 'mindbody-clients.csv',
      totalRows: 1,
    });
    expect(data.suggestedMapping).toMatchObject({
      firstName: 'First Name',
      lastName: 'Last Name',
      email: 'Email',
      phone: 'Mobile Phone',
      birthDate: 'Birth Date',
      joinedOn: 'Client Since',
      marketingConsent: 'Send Promotional Emails',
      externalId: 'ID',
      packageName: 'Pricing Option',
      creditsRemaining: 'Remaining',
      packageExpiresOn: 'Expiration Date',
    });
    const history = await app.inject({ method: 'GET', url: '/api/imports', headers });
    expect(history.json().data.items.map((item: ImportJobDto) => item.id)).toContain(data.job.id);
  });

  it('refuses strangers, clients and staff without manageSettings', async () => {
    expect((await uploadRaw({}, 'a.csv', 'Email\na@example.com')).statusCode).toBe(401);
    const client = await signUpClient(app, owner.slug);
    expect((await uploadRaw(bearer(client.session.token), 'a.csv', 'Email\na@example.com')).statusCode).toBe(
      403,
    );
    const staff = await signInTeamMember(app, db.db, companyId, 'staff');
    expect((await uploadRaw(staff.headers, 'a.csv', 'Email\na@example.com')).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: '/api/imports', headers: staff.headers })).statusCode,
    ).toBe(403);
  });

  it('answers 400 naming the problem for a broken file, and 413 beyond 20 MB', async () => {
    const cases: [string, Uint8Array | string, RegExp][] = [
      ['empty.csv', '', /empty/],
      [
        'photo.csv',
        Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]),
        /not a CSV file/,
      ],
      ['open.csv', 'Email,Notes\na@example.com,"never closed\n', /line 2 is never closed/],
      ['other.zip', zipSync({ 'hello.txt': strToU8('hi') }), /not a Kinetic export/],
      ['broken.zip', Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), /damaged or not a zip/],
    ];
    for (const [name, content, message] of cases) {
      const response = await uploadRaw(headers, name, content);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().message, name).toMatch(message);
      expect(response.json().errors.file, name).toMatch(message);
    }
    const noFile = await app.inject({ method: 'POST', url: '/api/imports', headers, payload: { file: 'x' } });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toMatch(/multipart\/form-data/);
    const huge = await uploadRaw(headers, 'huge.csv', `Email\n${'a'.repeat(21 * 1024 * 1024)}`);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toMatch(/larger than 20 MB/);
  });

  it('refuses a mapping that names a column the file does not have, or no email', async () => {
    const data = await upload(headers, 'small.csv', 'Name,Email\nBo,bo@example.com\n');
    const unknown = await dryRunRaw(headers, data.job.id, { mapping: { fullName: 'Name', email: 'E-mail' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('“E-mail”');
    const noEmail = await dryRunRaw(headers, data.job.id, { mapping: { fullName: 'Name' } });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().errors['mapping.email']).toMatch(/emails/);
    const badField = await dryRunRaw(headers, data.job.id, { mapping: { shoeSize: 'Name' } });
    expect(badField.statusCode).toBe(400);
    expect((await startRaw(headers, data.job.id)).statusCode).toBe(409);
  });
});

describe('dry run', () => {
  it('lists every row it would reject with its reason, skips existing clients, writes nothing', async () => {
    const existing = await signUpClient(app, owner.slug, { email: 'already@example.com' });
    expect(existing.email).toBe('already@example.com');
    const rows = [
      MINDBODY_HEADER,
      [
        '1',
        'Valid',
        'Vera',
        'vera@example.com',
        '4045550101',
        '',
        '1990-03-04',
        '',
        '',
        '',
        '',
        '',
        'No',
        '',
        '10-Class Pack',
        '5',
        '2099-12-31',
      ],
      ['2', 'Nomail', 'Nia', '', '', '', '', '', '', '', '', '', '', '', '', '', ''],
      ['3', 'Bad', 'Bea', 'not-an-email', '', '', '', '', '', '', '', '', '', '', '', '', ''],
      ['4', 'Twice', 'Tom', 'VERA@example.com', '', '', '', '', '', '', '', '', '', '', '', '', ''],
      ['5', 'Pack', 'Pam', 'pam@example.com', '', '', '', '', '', '', '', '', '', '', 'Gold Pass', '3', ''],
      ['6', 'Date', 'Dan', 'dan@example.com', '', '', '31/31/1990', '', '', '', '', '', '', '', '', '', ''],
      ['7', 'Old', 'Olga', 'Already@Example.com', '', '', '', '', '', '', '', '', '', '', '', '', ''],
      ['8', '', '', 'noname@example.com', '', '', '', '', '', '', '', '', '', '', '', '', ''],
      ['9', 'Maybe', 'Max', 'max@example.com', '', '', '', '', '', '', '', '', 'Perhaps', '', '', '', ''],
      [
        '10',
        'Member',
        'Mo',
        'mo@example.com',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        'Yes',
        '',
        'unlimited monthly',
        '',
        '',
      ],
    ];
    const before = (await clientsOf(companyId)).length;
    const data = await upload(headers, 'mixed.csv', csvOf(rows));
    const dry = await dryRun(headers, data.job.id, { mapping: data.suggestedMapping });
    expect(dry.rejections).toEqual([
      { row: 2, email: null, reason: 'no email' },
      { row: 3, email: null, reason: 'invalid email “not-an-email”' },
      { row: 4, email: 'vera@example.com', reason: 'duplicate email: the same as row 1' },
      { row: 5, email: 'pam@example.com', reason: 'no package named “Gold Pass” in Settings › Packages' },
      { row: 6, email: 'dan@example.com', reason: 'birth date “31/31/1990” is not a date' },
      { row: 8, email: 'noname@example.com', reason: 'no name' },
      { row: 9, email: 'max@example.com', reason: 'marketing consent “Perhaps” is neither yes nor no' },
    ]);
    expect(dry.skips).toEqual([{ row: 7, email: 'already@example.com' }]);
    expect(dry).toMatchObject({
      totalRows: 10,
      wouldCreate: 2,
      wouldSkip: 1,
      wouldReject: 7,
      packagesToCreate: 2,
    });
    expect(dry.creates).toEqual([
      { row: 1, name: 'Vera Valid', email: 'vera@example.com', packages: ['10-Class Pack (5 credits)'] },
      { row: 10, name: 'Mo Member', email: 'mo@example.com', packages: ['Unlimited Monthly'] },
    ]);
    expect(dry.job.status).toBe('pending');
    expect((await clientsOf(companyId)).length).toBe(before);

    // Importing it does what the dry run said, with the packages and details, and a client.created
    // webhook event per new client for an endpoint listening for it.
    await withPlatform(db.db, (tx) =>
      tx.execute(sql`insert into webhook_endpoints (company_id, id, url, events, secret)
        values (${companyId}, ${'a'.repeat(24)}, 'https://hooks.example.com/kinetic', array['client.created'], 'whsec_test')`),
    );
    expect((await startRaw(headers, data.job.id)).statusCode).toBe(200);
    const { job } = await untilFinished(headers, data.job.id);
    expect(job).toMatchObject({
      status: 'done',
      createdCount: 2,
      skippedCount: 1,
      rejectedCount: 7,
      processedRows: 10,
    });
    expect(job.rejections).toEqual(dry.rejections);
    const vera = (await clientsOf(companyId)).find((client) => client.email === 'vera@example.com');
    expect(vera).toMatchObject({ name: 'Vera Valid', phone: '(404) 555-0101' });
    const account = await app.inject({ method: 'GET', url: `/api/clients/${vera!.id}/account`, headers });
    expect(account.statusCode, account.body).toBe(200);
    expect(account.json().data.packages).toEqual([
      expect.objectContaining({
        status: 'active',
        remaining: 5,
        terms: expect.objectContaining({ name: '10-Class Pack' }),
      }),
    ]);
    expect((await startRaw(headers, data.job.id)).statusCode).toBe(409);
    expect(mail.mailTo('vera@example.com')).toEqual([]);
    const events = await withPlatform(db.db, async (tx) =>
      (
        await tx.execute<{ payload: { type: string; data: { client: { email: string }; source: string } } }>(
          sql`select payload from webhook_deliveries where company_id = ${companyId} order by created_at`,
        )
      ).rows.map((row) => ({
        type: row.payload.type,
        email: row.payload.data.client.email,
        source: row.payload.data.source,
      })),
    );
    expect(events).toEqual([
      { type: 'client.created', email: 'vera@example.com', source: 'import' },
      { type: 'client.created', email: 'mo@example.com', source: 'import' },
    ]);
    await withPlatform(db.db, (tx) =>
      tx.execute(sql`delete from webhook_endpoints where company_id = ${companyId}`),
    );
  });
});

describe('the import job', () => {
  const rowsOf = (count: number, prefix: string) => {
    const rows = [['First Name', 'Last Name', 'Email', 'Phone']];
    for (let index = 0; index < count; index += 1)
      rows.push([
        `${prefix}${index}`,
        'Bulk',
        index % 200 === 7 ? `broken-${index}` : `${prefix}${index}@example.com`,
        '',
      ]);
    return csvOf(rows);
  };

  it('imports 2,000 rows in batches with progress moving, creating exactly the valid ones; a re-run skips them', async () => {
    const before = (await clientsOf(companyId)).length;
    const csv = rowsOf(2000, 'bulk');
    const { job, seen, dry } = await importFile(headers, 'bulk.csv', csv);
    expect(dry).toMatchObject({ wouldCreate: 1990, wouldReject: 10, wouldSkip: 0 });
    expect(job).toMatchObject({
      status: 'done',
      totalRows: 2000,
      processedRows: 2000,
      createdCount: 1990,
      skippedCount: 0,
      rejectedCount: 10,
    });
    expect(
      seen.some((processed) => processed > 0 && processed < 2000),
      `progress seen: ${seen.join(', ')}`,
    ).toBe(true);
    expect((await clientsOf(companyId)).length).toBe(before + 1990);

    const again = await importFile(headers, 'bulk-again.csv', csv);
    expect(again.dry).toMatchObject({ wouldCreate: 0, wouldSkip: 1990, wouldReject: 10 });
    expect(again.job).toMatchObject({
      status: 'done',
      createdCount: 0,
      skippedCount: 1990,
      rejectedCount: 10,
    });
    expect((await clientsOf(companyId)).length).toBe(before + 1990);
  }, 120_000);

  it('resumes after a crash where the last committed batch ended, creating nobody twice', async () => {
    const data = await upload(headers, 'crash.csv', rowsOf(450, 'crash'));
    await dryRun(headers, data.job.id, { mapping: data.suggestedMapping });
    // Queued as the start call would, but run here so that the "process" can die after two batches.
    await withPlatform(db.db, (tx) =>
      tx.execute(sql`update import_jobs set status = 'queued' where id = ${data.job.id}`),
    );
    let batches = 0;
    await expect(
      runImportJob(db.db, companyId, data.job.id, {
        batchSize: 100,
        afterBatch: async () => {
          batches += 1;
          if (batches === 2) throw new Error('the process stopped');
        },
      }),
    ).rejects.toThrow('the process stopped');
    const halfway = (await app.inject({ method: 'GET', url: `/api/imports/${data.job.id}`, headers })).json()
      .data;
    expect(halfway).toMatchObject({ status: 'running', processedRows: 200 });
    expect(await runImportJob(db.db, companyId, data.job.id, { batchSize: 100 })).toBe('done');
    const { job } = await untilFinished(headers, data.job.id);
    const crashClients = (await clientsOf(companyId)).filter((client) => client.email.startsWith('crash'));
    expect(job).toMatchObject({ processedRows: 450, createdCount: crashClients.length, rejectedCount: 3 });
    expect(crashClients.length).toBe(447);
    expect(await runImportJob(db.db, companyId, data.job.id)).toBe('nothing');
  });
});

describe('abandoned uploads', () => {
  it('an upload nobody started within a day is marked failed and its file is not kept', async () => {
    const data = await upload(headers, 'forgotten.csv', 'Name,Email\nBo,bo-forgotten@example.com\n');
    const fresh = await upload(headers, 'fresh.csv', 'Name,Email\nBo,bo-fresh@example.com\n');
    await withPlatform(db.db, (tx) =>
      tx.execute(
        sql`update import_jobs set created_at = now() - interval '25 hours' where id = ${data.job.id}`,
      ),
    );
    expect(await withPlatform(db.db, (tx) => expireAbandonedImports(tx))).toBe(1);
    const forgotten = (
      await app.inject({ method: 'GET', url: `/api/imports/${data.job.id}`, headers })
    ).json().data;
    expect(forgotten).toMatchObject({ status: 'failed', error: expect.stringMatching(/Upload it again/) });
    const content = await withPlatform(
      db.db,
      async (tx) =>
        (
          await tx.execute<{ content: unknown }>(
            sql`select content from import_jobs where id = ${data.job.id}`,
          )
        ).rows[0],
    );
    expect(content?.content).toEqual({});
    expect(
      (await dryRunRaw(headers, data.job.id, { mapping: { fullName: 'Name', email: 'Email' } })).statusCode,
    ).toBe(409);
    expect(
      (await dryRunRaw(headers, fresh.job.id, { mapping: { fullName: 'Name', email: 'Email' } })).statusCode,
    ).toBe(200);
  });
});

describe('another company', () => {
  it('answers 404 for another company’s import', async () => {
    const data = await upload(headers, 'mine.csv', 'Name,Email\nBo,bo@example.com\n');
    const other = await signUpCompany(app);
    const theirs = bearer(other.session.token);
    expect(
      (await app.inject({ method: 'GET', url: `/api/imports/${data.job.id}`, headers: theirs })).statusCode,
    ).toBe(404);
    expect(
      (await dryRunRaw(theirs, data.job.id, { mapping: { fullName: 'Name', email: 'Email' } })).statusCode,
    ).toBe(404);
    expect((await startRaw(theirs, data.job.id)).statusCode).toBe(404);
    const list = await app.inject({ method: 'GET', url: '/api/imports', headers: theirs });
    expect(list.json().data.items).toEqual([]);
  });
});

describe('round trip through the export archive', () => {
  it('company B gets company A’s clients, sign-up details and active packages with their credits', async () => {
    const a = await signUpCompany(app);
    const aHeaders = bearer(a.session.token);
    const pack = await created(app, aHeaders, '/api/packages', classPack({ name: '10-Class Pack' }));
    const unlimited = await created(
      app,
      aHeaders,
      '/api/packages',
      membership({ name: 'Unlimited Monthly' }),
    );
    const people = [];
    for (const [index, name] of ['Ada Lovelace', 'Grace Hopper', 'Mary Jackson'].entries()) {
      const client = await signUpClient(app, a.slug);
      const clientHeaders = bearer(client.session.token);
      await withPlatform(db.db, (tx) =>
        tx.execute(sql`update users set name = ${name} where id = ${client.session.user._id as string}`),
      );
      const details = await app.inject({
        method: 'PUT',
        url: '/api/my/signup-details',
        headers: clientHeaders,
        payload: {
          birthDate: `199${index}-0${index + 1}-1${index}`,
          address: {
            line1: `${index + 1} Peachtree St`,
            line2: null,
            city: 'Atlanta',
            state: 'GA',
            postalCode: '30303',
            country: 'US',
          },
          emergencyContactName: 'Pat Parent',
          emergencyContactPhone: '(404) 555-0199',
          marketingEmails: index === 0,
        },
      });
      expect(details.statusCode, details.body).toBe(200);
      people.push({ id: client.session.user._id as string, email: client.email, headers: clientHeaders });
    }
    const sell = async (clientId: string, packageId: string) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: aHeaders,
        payload: { clientId, items: [{ kind: 'package', packageId }], promoCode: null, paidWith: 'cash' },
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    await sell(people[0]!.id, pack.id);
    await sell(people[1]!.id, unlimited.id);

    const archive = await app.inject({ method: 'GET', url: '/api/exports/archive', headers: aHeaders });
    expect(archive.statusCode, archive.body.slice(0, 300)).toBe(200);

    const b = await signUpCompany(app);
    const bHeaders = bearer(b.session.token);
    await created(app, bHeaders, '/api/packages', classPack({ name: '10-Class Pack' }));
    await created(app, bHeaders, '/api/packages', membership({ name: 'Unlimited Monthly' }));
    const { uploaded, dry, job } = await importFile(bHeaders, 'kinetic-export.zip', archive.rawPayload);
    expect(uploaded.job.source).toBe('archive');
    expect(uploaded.packageRows).toBe(2);
    expect(dry).toMatchObject({ wouldCreate: 3, wouldReject: 0, packagesToCreate: 2 });
    expect(job).toMatchObject({ status: 'done', createdCount: 3 });

    const before = await clientsOf(a.session.company.id);
    const after = await clientsOf(b.session.company.id);
    expect(after.map(({ name, email, phone, created_at }) => ({ name, email, phone, created_at }))).toEqual(
      before.map(({ name, email, phone, created_at }) => ({ name, email, phone, created_at })),
    );
    const read = async (headersOf: Headers, id: string) => {
      const details = (
        await app.inject({ method: 'GET', url: `/api/clients/${id}/signup-details`, headers: headersOf })
      ).json().data;
      const account = (
        await app.inject({ method: 'GET', url: `/api/clients/${id}/account`, headers: headersOf })
      ).json().data;
      return {
        birthDate: details.birthDate,
        address: details.address,
        emergencyContactName: details.emergencyContactName,
        emergencyContactPhone: details.emergencyContactPhone,
        marketing: details.marketingEmails,
        packages: account.packages
          .filter((held: { status: string }) => held.status === 'active')
          .map(
            (held: {
              terms: { name: string };
              remaining: number | null;
              paidUntil: string | null;
              expiresAt: string | null;
            }) => ({
              name: held.terms.name,
              remaining: held.remaining,
              paidUntil: held.paidUntil,
              expiresOn: held.expiresAt
                ? new Date(held.expiresAt).toLocaleDateString('en-CA', { timeZone: 'America/New_York' })
                : null,
            }),
          ),
      };
    };
    const originals = await Promise.all(before.map((client) => read(aHeaders, client.id)));
    // What is compared is really there: Ada's pack with 10 credits, Grace's membership, the details.
    expect(originals.flatMap((client) => client.packages)).toEqual([
      expect.objectContaining({ name: '10-Class Pack', remaining: 10 }),
      expect.objectContaining({ name: 'Unlimited Monthly', remaining: null }),
    ]);
    expect(originals[0]).toMatchObject({
      birthDate: '1990-01-10',
      marketing: true,
      emergencyContactName: 'Pat Parent',
    });
    for (const [index, original] of originals.entries())
      expect(await read(bHeaders, after[index]!.id), after[index]!.email).toEqual(original);
  });
});
