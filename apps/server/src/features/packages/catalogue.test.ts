import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { bearer, signUpClient, signUpCompany } from '../../test/factories.ts';
import { classPack, created, membership } from '../../test/packages.ts';
import { studioReadyToSchedule } from '../../test/schedule.ts';

const { app } = await createTestApp();

async function owner() {
  const signedUp = await signUpCompany(app);
  return { ...signedUp, headers: bearer(signedUp.session.token) };
}

describe('Catalogue: memberships, class packs, promo codes, products, tax (issue 10)', () => {
  it('adds, lists and edits memberships and packs; an edit never changes the kind', async () => {
    const ready = await studioReadyToSchedule(app);
    const eight = await created(
      app,
      ready.headers,
      '/api/packages',
      membership({ name: '8 a Month', classLimit: 8, price: 9900 }),
    );
    const pack = await created(
      app,
      ready.headers,
      '/api/packages',
      classPack({ templateIds: [ready.templateId] }),
    );
    expect(eight).toMatchObject({
      kind: 'membership',
      period: 'month',
      classLimit: 8,
      price: 9900,
      currency: 'USD',
      credits: null,
    });
    expect(pack).toMatchObject({
      kind: 'class-pack',
      credits: 10,
      expiryDays: 90,
      templateIds: [ready.templateId],
    });

    const memberships = await app.inject({
      method: 'GET',
      url: '/api/packages?kind=membership',
      headers: ready.headers,
    });
    expect(memberships.json().data.items.map((item: { name: string }) => item.name)).toEqual(['8 a Month']);

    const edited = await app.inject({
      method: 'PUT',
      url: `/api/packages/${eight.id}`,
      headers: ready.headers,
      payload: membership({ name: '8 a Month', classLimit: 10, price: 10900 }),
    });
    expect(edited.json().data).toMatchObject({ classLimit: 10, price: 10900 });

    const kindChange = await app.inject({
      method: 'PUT',
      url: `/api/packages/${eight.id}`,
      headers: ready.headers,
      payload: classPack(),
    });
    expect(kindChange.statusCode).toBe(409);
    expect(kindChange.json().message).toMatch(/membership stays one/);
  });

  it('refuses bad terms with the field named, and keeps what was saved', async () => {
    const { headers } = await owner();
    const bad = await app.inject({
      method: 'POST',
      url: '/api/packages',
      headers,
      payload: classPack({ credits: 0, expiryFrom: 'someday' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      credits: expect.stringMatching(/at least 1/),
      expiryFrom: expect.any(String),
    });
    const unknownTemplate = await app.inject({
      method: 'POST',
      url: '/api/packages',
      headers,
      payload: membership({ templateIds: ['0123456789abcdef01234567'] }),
    });
    expect(unknownTemplate.statusCode).toBe(400);
    expect(unknownTemplate.json().errors).toHaveProperty('templateIds');
    const list = await app.inject({ method: 'GET', url: '/api/packages', headers });
    expect(list.json().data.total).toBe(0);
  });

  it('clients see only packages on sale; archived ones leave their list', async () => {
    const company = await owner();
    const onSale = await created(
      app,
      company.headers,
      '/api/packages',
      classPack({ name: 'Five Pack', credits: 5 }),
    );
    const old = await created(app, company.headers, '/api/packages', classPack({ name: 'Old Pack' }));
    await created(app, company.headers, `/api/packages/${old.id}/archive`, {}, 200);
    const client = await signUpClient(app, company.session.company.slug);
    const seen = await app.inject({
      method: 'GET',
      url: '/api/packages?status=all',
      headers: bearer(client.session.token),
    });
    expect(seen.json().data.items.map((item: { id: string }) => item.id)).toEqual([onSale.id]);
    const archived = await app.inject({
      method: 'GET',
      url: `/api/packages/${old.id}`,
      headers: bearer(client.session.token),
    });
    expect(archived.statusCode).toBe(404);
    const change = await app.inject({
      method: 'POST',
      url: '/api/packages',
      headers: bearer(client.session.token),
      payload: classPack(),
    });
    expect(change.statusCode).toBe(403);
  });

  it('promo codes: upper-cased, unique per company, percent at most 100, deleted by id', async () => {
    const { headers } = await owner();
    const code = await created(app, headers, '/api/promo-codes', {
      code: 'welcome10',
      discountKind: 'percent',
      discountValue: 10,
      validFrom: null,
      validUntil: null,
      maxUses: 100,
      maxUsesPerClient: 1,
      packageIds: [],
    });
    expect(code).toMatchObject({ code: 'WELCOME10', uses: 0 });
    const twice = await app.inject({
      method: 'POST',
      url: '/api/promo-codes',
      headers,
      payload: { ...code, code: 'Welcome10' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors.code).toMatch(/WELCOME10 is already in use/);
    const tooMuch = await app.inject({
      method: 'PUT',
      url: `/api/promo-codes/${code.id}`,
      headers,
      payload: { ...code, discountValue: 150, validFrom: '2026-12-10', validUntil: '2026-12-01' },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors).toMatchObject({
      discountValue: expect.stringMatching(/at most 100/),
      validUntil: expect.any(String),
    });
    const deleted = await app.inject({ method: 'DELETE', url: `/api/promo-codes/${code.id}`, headers });
    expect(deleted.json()).toMatchObject({ status: 1, message: 'Promo code deleted.' });
    const list = await app.inject({ method: 'GET', url: '/api/promo-codes', headers });
    expect(list.json().data.items).toEqual([]);
  });

  it('tax rates and products: a rate in use cannot be deleted', async () => {
    const { headers } = await owner();
    const rate = await created(app, headers, '/api/tax-rates', {
      name: 'Sales tax',
      ratePpm: 82_500,
      inclusive: false,
    });
    const water = await created(app, headers, '/api/products', {
      kind: 'product',
      name: 'Water bottle',
      description: null,
      price: 300,
      taxRateId: rate.id,
      sku: 'H2O',
    });
    expect(water).toMatchObject({ price: 300, taxRateId: rate.id, archived: false });
    const inUse = await app.inject({ method: 'DELETE', url: `/api/tax-rates/${rate.id}`, headers });
    expect(inUse.statusCode).toBe(409);
    const over = await app.inject({
      method: 'POST',
      url: '/api/tax-rates',
      headers,
      payload: { name: 'Silly', ratePpm: 1_000_001, inclusive: false },
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors.ratePpm).toMatch(/at most 100%/);
    const fraction = await app.inject({
      method: 'POST',
      url: '/api/tax-rates',
      headers,
      payload: { name: 'Half', ratePpm: 88_750.5, inclusive: false },
    });
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json().errors.ratePpm).toMatch(/whole number/);
    const list = await app.inject({ method: 'GET', url: '/api/tax-rates', headers });
    expect(list.json().data.items).toEqual([expect.objectContaining({ name: 'Sales tax', ratePpm: 82_500 })]);
  });

  it("another company's ids answer 404 everywhere", async () => {
    const mine = await owner();
    const theirs = await owner();
    const pack = await created(app, theirs.headers, '/api/packages', classPack());
    const rate = await created(app, theirs.headers, '/api/tax-rates', {
      name: 'VAT',
      ratePpm: 200_000,
      inclusive: true,
    });
    const item = await created(app, theirs.headers, '/api/products', {
      kind: 'service',
      name: 'Massage',
      description: null,
      price: 6000,
      taxRateId: null,
      sku: null,
    });
    const promo = await created(app, theirs.headers, '/api/promo-codes', {
      code: 'THEIRS',
      discountKind: 'amount',
      discountValue: 500,
      validFrom: null,
      validUntil: null,
      maxUses: null,
      maxUsesPerClient: null,
      packageIds: [],
    });
    const h = mine.headers;
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: `/api/packages/${pack.id}`, headers: h }),
      app.inject({ method: 'PUT', url: `/api/packages/${pack.id}`, headers: h, payload: classPack() }),
      app.inject({ method: 'POST', url: `/api/packages/${pack.id}/archive`, headers: h }),
      app.inject({ method: 'DELETE', url: `/api/tax-rates/${rate.id}`, headers: h }),
      app.inject({ method: 'POST', url: `/api/products/${item.id}/archive`, headers: h }),
      app.inject({ method: 'GET', url: `/api/promo-codes/${promo.id}`, headers: h }),
      app.inject({ method: 'DELETE', url: `/api/promo-codes/${promo.id}`, headers: h }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    // Using their tax rate or package in my own catalogue is refused too.
    const borrowed = await app.inject({
      method: 'POST',
      url: '/api/packages',
      headers: h,
      payload: classPack({ taxRateId: rate.id }),
    });
    expect(borrowed.statusCode).toBe(400);
  });
});
