import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { bearer, signUpClient, signUpCompany } from '../../test/factories.ts';
import { classPack, created } from '../../test/packages.ts';
import { studioReadyToSchedule } from '../../test/schedule.ts';

const dataDir = await mkdtemp(path.join(tmpdir(), 'kinetic-uploads-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));
const { app } = await createTestApp({ config: { DATA_DIR: dataDir } });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(name: string, filename: string, content: Buffer, type: string) {
  const boundary = '----kinetic-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads one file as the owner of `token`, the way the logo field does. */
function upload(token: string, filename: string, content: Buffer) {
  const form = multipart('file', filename, content, 'image/png');
  return app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...bearer(token), ...form.headers },
    payload: form.payload,
  });
}

const details = (overrides: Record<string, unknown> = {}) => ({
  name: 'Sunrise Yoga',
  email: 'hello@sunrise.example',
  phone: '(404) 555-0101',
  address: { line1: '1 Main St', line2: '', city: 'Atlanta', state: 'GA', postalCode: '30303', country: 'United States' },
  timeZone: 'America/Chicago',
  currency: 'USD',
  logo: null,
  ...overrides,
});

describe('company details', () => {
  it('saves the details, completes that onboarding step, and a second save keeps one entry', async () => {
    const owner = await signUpCompany(app);
    const headers = bearer(owner.session.token);
    const save = await app.inject({ method: 'PUT', url: '/api/company/details', headers, payload: details() });
    expect(save.statusCode).toBe(200);
    expect(save.json().message).toBe('Company details saved.');
    expect(save.json().data).toMatchObject({ name: 'Sunrise Yoga', timeZone: 'America/Chicago', address: { city: 'Atlanta', line2: null } });

    const me = await app.inject({ method: 'GET', url: '/api/me', headers });
    expect(me.json().data.onBoardingData).toEqual(['studios', 'classesSettings', 'hours', 'clientWaiver', 'contractTerms']);
    await app.inject({ method: 'PUT', url: '/api/company/details', headers, payload: details({ name: 'Sunrise Yoga Two' }) });
    const again = await app.inject({ method: 'GET', url: '/api/company/details', headers });
    expect(again.json().data.name).toBe('Sunrise Yoga Two');
  });

  it('keeps the locale prices are written in: saved, answered on /me and the public page; left out, unchanged', async () => {
    const owner = await signUpCompany(app);
    const headers = bearer(owner.session.token);
    expect((await app.inject({ method: 'GET', url: '/api/company/details', headers })).json().data.locale).toBe('en-US');
    const save = await app.inject({ method: 'PUT', url: '/api/company/details', headers, payload: details({ currency: 'EUR', locale: 'de-DE' }) });
    expect(save.json().data).toMatchObject({ currency: 'EUR', locale: 'de-DE' });
    expect((await app.inject({ method: 'GET', url: '/api/me', headers })).json().data.company.locale).toBe('de-DE');
    expect((await app.inject({ method: 'GET', url: `/api/public/${owner.slug}` })).json().data.locale).toBe('de-DE');
    await app.inject({ method: 'PUT', url: '/api/company/details', headers, payload: details({ currency: 'EUR' }) });
    expect((await app.inject({ method: 'GET', url: '/api/company/details', headers })).json().data.locale).toBe('de-DE');
    const bad = await app.inject({ method: 'PUT', url: '/api/company/details', headers, payload: details({ locale: 'xx-nowhere' }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.locale).toBe('Choose how numbers and prices are written');
  });

  it('fixes the currency once the first sale is made: a change is refused at the field and nothing is relabelled', async () => {
    const ready = await studioReadyToSchedule(app);
    const headers = ready.headers;
    // Before any sale the currency may change freely (the studio is still setting up).
    const early = await app.inject({ method: 'PUT', url: '/api/company/details', headers, payload: details({ currency: 'CAD' }) });
    expect(early.json().data).toMatchObject({ currency: 'CAD', orderCount: 0 });
    await app.inject({ method: 'PUT', url: '/api/company/details', headers, payload: details({ currency: 'USD' }) });

    const pack = await created(app, headers, '/api/packages', classPack({ name: 'Ten Pack' }));
    const client = await signUpClient(app, ready.slug);
    const bought = await app.inject({
      method: 'POST',
      url: '/api/my/orders',
      headers: bearer(client.session.token),
      payload: { packageId: pack.id },
    });
    expect(bought.statusCode, bought.body).toBe(201);

    const refused = await app.inject({ method: 'PUT', url: '/api/company/details', headers, payload: details({ currency: 'EUR', name: 'Renamed' }) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      status: 0,
      message: 'The currency cannot change after the first sale.',
      errors: { currency: expect.stringContaining('Your order is in USD') },
    });
    const after = (await app.inject({ method: 'GET', url: '/api/company/details', headers })).json().data;
    expect(after).toMatchObject({ currency: 'USD', orderCount: 1 });
    expect(after.name).not.toBe('Renamed');
    const order = (await app.inject({ method: 'GET', url: '/api/my/account', headers: bearer(client.session.token) })).json()
      .data.orders[0];
    expect(order.currency).toBe('USD');
    // Everything else still saves with the same currency.
    const same = await app.inject({ method: 'PUT', url: '/api/company/details', headers, payload: details({ name: 'Renamed' }) });
    expect(same.json().data).toMatchObject({ name: 'Renamed', currency: 'USD' });
  });

  it('a solo instructor saves "Instructor details"', async () => {
    const solo = await signUpCompany(app, { kind: 'solo' });
    const save = await app.inject({ method: 'PUT', url: '/api/company/details', headers: bearer(solo.session.token), payload: details() });
    expect(save.json().message).toBe('Instructor details saved.');
  });

  it('names invalid fields and changes nothing', async () => {
    const owner = await signUpCompany(app);
    const headers = bearer(owner.session.token);
    const before = (await app.inject({ method: 'GET', url: '/api/company/details', headers })).json().data;
    const response = await app.inject({
      method: 'PUT',
      url: '/api/company/details',
      headers,
      payload: details({ name: '', phone: '555', currency: 'XXX', timeZone: 'Nowhere/Land' }),
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(['currency', 'name', 'phone', 'timeZone']);
    const after = (await app.inject({ method: 'GET', url: '/api/company/details', headers })).json().data;
    expect(after).toEqual(before);
  });

  it('uploads a logo, serves it from /api/uploads/original/{file}, and saves it on the company', async () => {
    const owner = await signUpCompany(app);
    const headers = bearer(owner.session.token);
    const uploaded = await upload(owner.session.token, 'logo.png', PNG);
    expect(uploaded.statusCode).toBe(200);
    const { file, url } = uploaded.json().data;
    expect(file).toMatch(/^[0-9a-f]{24}\.png$/);
    expect(url).toBe(`/api/uploads/original/${file}`);

    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const save = await app.inject({ method: 'PUT', url: '/api/company/details', headers, payload: details({ logo: file }) });
    expect(save.json().data.logoUrl).toBe(url);
  });

  it('checks the content, not the name: a text file called .png is refused', async () => {
    const owner = await signUpCompany(app);
    const refused = await upload(owner.session.token, 'evil.png', Buffer.from('<script>alert(1)</script>'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Upload a PNG, JPEG, WebP or GIF image.');
  });

  it('refuses files over 2 MB', async () => {
    const owner = await signUpCompany(app);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const refused = await upload(owner.session.token, 'big.png', big);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The image is larger than 2 MB.');
  });

  it('serves no path outside the uploads folder', async () => {
    for (const url of ['/api/uploads/original/..%2F..%2Fetc%2Fpasswd', '/api/uploads/original/../../package.json', '/api/uploads/original/abc.png']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
    }
  });

  it('refuses a logo name that was never uploaded', async () => {
    const owner = await signUpCompany(app);
    const response = await app.inject({
      method: 'PUT',
      url: '/api/company/details',
      headers: bearer(owner.session.token),
      payload: details({ logo: 'aaaaaaaaaaaaaaaaaaaaaaaa.png' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.logo).toMatch(/upload it again/);
  });
});
