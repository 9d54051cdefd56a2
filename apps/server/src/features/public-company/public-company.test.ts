import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { bearer, signUpCompany } from '../../test/factories.ts';

const dataDir = await mkdtemp(path.join(tmpdir(), 'kinetic-public-company-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));
const { app } = await createTestApp({ config: { DATA_DIR: dataDir } });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function uploadLogo(token: string): Promise<string> {
  const boundary = '----kinetic-public-company';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return response.json().data.file;
}

const address = { line1: '1 Main St', line2: '', city: 'Atlanta', state: 'GA', postalCode: '30303', country: 'United States' };

describe('GET /api/public/{company}', () => {
  it('answers the name, logo and contact details the owner saved, without a session', async () => {
    const owner = await signUpCompany(app, { companyName: 'Sunrise Yoga' });
    const logo = await uploadLogo(owner.session.token);
    await app.inject({
      method: 'PUT',
      url: '/api/company/details',
      headers: bearer(owner.session.token),
      payload: { name: 'Sunrise Yoga', email: 'hello@sunrise.example', phone: '(404) 555-0101', address, timeZone: 'America/Chicago', currency: 'USD', logo },
    });

    const response = await app.inject({ method: 'GET', url: `/api/public/${owner.slug}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 1,
      data: {
        id: owner.session.company.id,
        slug: owner.slug,
        name: 'Sunrise Yoga',
        kind: 'company',
        logoUrl: `/api/uploads/original/${logo}`,
        locale: 'en-US',
        email: 'hello@sunrise.example',
        phone: '(404) 555-0101',
        address: { ...address, line2: null },
      },
    });
  });

  it('a new company has no logo or contact details yet, and says which kind it is', async () => {
    const solo = await signUpCompany(app, { kind: 'solo' });
    const data = (await app.inject({ method: 'GET', url: `/api/public/${solo.slug.toUpperCase()}` })).json().data;
    expect(data).toMatchObject({ slug: solo.slug, kind: 'solo', logoUrl: null, email: null, phone: null });
  });

  it('gives away nothing private: no time zone, currency, onboarding or people', async () => {
    const owner = await signUpCompany(app);
    const data = (await app.inject({ method: 'GET', url: `/api/public/${owner.slug}` })).json().data;
    expect(Object.keys(data).sort()).toEqual(['address', 'email', 'id', 'kind', 'locale', 'logoUrl', 'name', 'phone', 'slug']);
    expect(JSON.stringify(data)).not.toContain(owner.email);
  });

  it('an unknown company answers 404 with a sentence', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/public/no-such-studio' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      status: 0,
      message: 'We could not find a business at “no-such-studio”. Check the address.',
    });
  });

  it('an address too long to be a company answers 400, not 500', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/public/${'x'.repeat(80)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().status).toBe(0);
  });
});
