import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { quickClients } from '../../test/bookings.ts';
import { classPack, created, membership } from '../../test/packages.ts';
import { studioReadyToSchedule } from '../../test/schedule.ts';

/** Promo codes' own rules (issue 10): amounts within the price, limits that agree, every problem at once, a status. */
const { app } = await createTestApp();
type Headers = Record<string, string>;

const promo = (overrides: Record<string, unknown> = {}) => ({
  code: 'SPRING',
  discountKind: 'amount',
  discountValue: 2000,
  validFrom: null,
  validUntil: null,
  maxUses: null,
  maxUsesPerClient: null,
  packageIds: [],
  ...overrides,
});

const save = (headers: Headers, payload: object, id?: string) =>
  app.inject({ method: id ? 'PUT' : 'POST', url: id ? `/api/promo-codes/${id}` : '/api/promo-codes', headers, payload });

describe('promo codes', () => {
  it('an amount off is never more than the price it comes off: the cheapest chosen package, or with every package the dearest on sale', async () => {
    const { headers } = await studioReadyToSchedule(app);
    const ten = await created(app, headers, '/api/packages', classPack({ name: '10-class pack', price: 12000 }));
    const year = await created(app, headers, '/api/packages', membership({ name: 'Year', price: 90000 }));

    const onTen = await save(headers, promo({ discountValue: 50000, packageIds: [ten.id, year.id] }));
    expect(onTen.statusCode).toBe(400);
    expect(onTen.json().errors).toEqual({
      discountValue: 'The discount is more than the price of 10-class pack ($120.00)',
    });
    const onAll = await save(headers, promo({ discountValue: 90001 }));
    expect(onAll.statusCode).toBe(400);
    expect(onAll.json().errors.discountValue).toBe(
      'The discount is more than the price of every package (the dearest, Year, is $900.00)',
    );
    // The price itself is allowed (the package is free with it), and so is more than a cheaper package
    // when every package is meant.
    expect((await save(headers, promo({ code: 'FREE10', discountValue: 12000, packageIds: [ten.id] }))).statusCode).toBe(201);
    const forAll = await save(headers, promo({ code: 'BIG', discountValue: 50000 }));
    expect(forAll.statusCode).toBe(201);
    // An edit is held to the same rule.
    const edit = await save(headers, promo({ code: 'BIG', discountValue: 50000, packageIds: [ten.id] }), forAll.json().data.id);
    expect(edit.statusCode).toBe(400);
    expect(edit.json().errors.discountValue).toMatch(/10-class pack \(\$120\.00\)/);
    // A percent is not an amount: 100% of anything is the most.
    expect((await save(headers, promo({ code: 'HALF', discountKind: 'percent', discountValue: 50, packageIds: [ten.id] }))).statusCode).toBe(201);
  });

  it('total uses may not be fewer than uses per client; every invalid field is named at once', async () => {
    const { headers } = await studioReadyToSchedule(app);
    const limits = await save(headers, promo({ maxUses: 2, maxUsesPerClient: 5 }));
    expect(limits.statusCode).toBe(400);
    expect(limits.json().errors).toEqual({ maxUses: 'Uses in all (2) cannot be fewer than uses per client (5)' });

    const everything = await save(headers, {
      code: 'x',
      discountKind: 'percent',
      discountValue: 150,
      validFrom: '2026-12-10',
      validUntil: '2026-12-01',
      maxUses: 1,
      maxUsesPerClient: 3,
      packageIds: [],
    });
    expect(everything.statusCode).toBe(400);
    expect(Object.keys(everything.json().errors).sort()).toEqual(['code', 'discountValue', 'maxUses', 'validUntil']);

    // A body that is not an object at all is a 400 too, never a 500 (the cross-field rules run on any body).
    for (const body of [null, 'WELCOME', [], 42])
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/promo-codes',
            headers: { ...headers, 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          })
        ).statusCode,
      ).toBe(400);

    // A package that is not the company's, and an amount too large, in one answer.
    const other = await studioReadyToSchedule(app);
    const theirs = await created(app, other.headers, '/api/packages', classPack());
    const mine = await created(app, headers, '/api/packages', classPack({ name: 'Mine', price: 1000 }));
    const both = await save(headers, promo({ discountValue: 5000, packageIds: [mine.id, theirs.id] }));
    expect(both.statusCode).toBe(400);
    expect(both.json().errors).toEqual({
      packageIds: 'Choose your own packages: one of these no longer exists',
      discountValue: 'The discount is more than the price of Mine ($10.00)',
    });
  });

  it('the list says where each code stands today: active, not yet valid, expired, used up', async () => {
    const ready = await studioReadyToSchedule(app);
    const { headers } = ready;
    const pack = await created(app, headers, '/api/packages', classPack());
    await created(app, headers, '/api/promo-codes', promo({ code: 'NOW' }));
    await created(app, headers, '/api/promo-codes', promo({ code: 'LATER', validFrom: '2099-01-01' }));
    await created(app, headers, '/api/promo-codes', promo({ code: 'GONE', validUntil: '2020-01-31' }));
    await created(app, headers, '/api/promo-codes', promo({ code: 'ONCE', maxUses: 1 }));
    const [clientId] = (await quickClients(app, ready, 1)) as [string];
    await created(app, headers, '/api/orders', {
      clientId,
      items: [{ kind: 'package', packageId: pack.id }],
      promoCode: 'once',
      paidWith: 'cash',
    });
    const list = (await app.inject({ method: 'GET', url: '/api/promo-codes', headers })).json().data.items;
    expect(Object.fromEntries(list.map((item: { code: string; status: string }) => [item.code, item.status]))).toEqual({
      GONE: 'expired',
      LATER: 'not-yet-valid',
      NOW: 'active',
      ONCE: 'used-up',
    });
  });

  it("another company's code answers 404 to a read, an edit and a delete", async () => {
    const theirs = await studioReadyToSchedule(app);
    const mine = await studioReadyToSchedule(app);
    const code = await created(app, theirs.headers, '/api/promo-codes', promo());
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: `/api/promo-codes/${code.id}`, headers: mine.headers }),
      save(mine.headers, promo({ code: 'MINE' }), code.id),
      app.inject({ method: 'DELETE', url: `/api/promo-codes/${code.id}`, headers: mine.headers }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404]);
  });
});
