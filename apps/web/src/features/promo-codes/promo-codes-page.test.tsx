import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PackageDto, PromoCodeDto } from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch, type Answer } from '../../test/render-page.tsx';
import { choiceAnswers } from '../schedule/schedule-test-fixtures.ts';
import { PromoCodesPage } from './promo-codes-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CODE_ID = 'cccccccccccccccccccccccc';
const welcome: PromoCodeDto = {
  id: CODE_ID,
  code: 'WELCOME10',
  discountKind: 'percent',
  discountValue: 10,
  currency: 'USD',
  validFrom: null,
  validUntil: '2026-12-31',
  maxUses: 100,
  maxUsesPerClient: 1,
  packageIds: [],
  uses: 3,
  status: 'active',
  createdAt: '2026-11-01T00:00:00.000Z',
};

const PACK_ID = 'aaaaaaaaaaaaaaaaaaaaaaa1';
const tenPack: PackageDto = {
  kind: 'class-pack',
  name: '10-class pack',
  price: 12000,
  period: null,
  classLimit: null,
  credits: 10,
  expiryDays: null,
  expiryFrom: null,
  autoRenew: false,
  commitmentPeriods: 0,
  signupFee: 0,
  offPeakOnly: false,
  templateIds: [],
  studioIds: [],
  id: PACK_ID,
  description: null,
  currency: 'USD',
  taxRateId: null,
  introOffer: false,
  archived: false,
  activeHolders: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const yearPlan: PackageDto = { ...tenPack, kind: 'membership', id: 'aaaaaaaaaaaaaaaaaaaaaaa2', name: 'Year', price: 90000 };

function serve(
  write?: (method: string, path: string) => Answer | undefined,
  codes: PromoCodeDto[] = [welcome],
  packages: PackageDto[] = [],
) {
  const reads: Record<string, Answer> = {
    ...choiceAnswers,
    'promo-codes': ok({ items: codes, total: codes.length }),
    'packages?pageSize=100': ok({ items: packages, total: packages.length }),
  };
  return stubFetch((call) =>
    call.method === 'GET'
      ? (reads[call.path] ?? noStub(call))
      : (write?.(call.method, call.path) ?? noStub(call)),
  );
}

describe('Settings › Promo-Codes', () => {
  it('lists each code with its discount, dates, uses and packages', async () => {
    serve();
    renderRoutes([{ path: '/', element: <PromoCodesPage /> }], '/');
    expect(await screen.findByText('WELCOME10')).toBeTruthy();
    expect(screen.getByText('10% off')).toBeTruthy();
    expect(screen.getByText('Valid until 2026-12-31 · used 3 of 100 · 1 per client')).toBeTruthy();
    expect(screen.getByText('All packages')).toBeTruthy();
  });

  it('adds a code in the modal: an amount in cents, empty limits as none; the modal closes', async () => {
    const calls = serve((method, path) =>
      method === 'POST' && path === 'promo-codes'
        ? { code: 201, body: { status: 1, data: { ...welcome, code: 'FIVEOFF' } } }
        : undefined,
    );
    renderRoutes([{ path: '/', element: <PromoCodesPage /> }], '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Add promo code' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a promo code' }));
    fireEvent.change(dialog.getByRole('textbox', { name: /^Code/ }), { target: { value: 'fiveoff' } });
    fireEvent.change(dialog.getByRole('combobox', { name: 'Discount' }), { target: { value: 'amount' } });
    fireEvent.change(dialog.getByRole('textbox', { name: /^Amount/ }), { target: { value: '5' } });
    fireEvent.change(dialog.getByRole('textbox', { name: /^Uses per client/ }), { target: { value: '' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add promo code' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      code: 'fiveoff',
      discountKind: 'amount',
      discountValue: 500,
      maxUses: null,
      maxUsesPerClient: null,
      packageIds: [],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('FIVEOFF saved.')).toBeTruthy();
  });

  it('each code says where it stands today: Active, Not yet valid, Expired, Used up', async () => {
    const at = (code: string, status: PromoCodeDto['status'], id: string) => ({ ...welcome, id, code, status });
    serve(undefined, [
      at('NOW', 'active', 'c1'.padEnd(24, '0')),
      at('LATER', 'not-yet-valid', 'c2'.padEnd(24, '0')),
      at('GONE', 'expired', 'c3'.padEnd(24, '0')),
      at('ONCE', 'used-up', 'c4'.padEnd(24, '0')),
    ]);
    renderRoutes([{ path: '/', element: <PromoCodesPage /> }], '/');
    const row = async (code: string) => within((await screen.findByText(code)).closest('li') as HTMLElement);
    expect((await row('NOW')).getByText('Active')).toBeTruthy();
    expect((await row('LATER')).getByText('Not yet valid')).toBeTruthy();
    expect((await row('GONE')).getByText('Expired')).toBeTruthy();
    expect((await row('ONCE')).getByText('Used up')).toBeTruthy();
  });

  it('says every problem at once before sending: a short code, limits that disagree, an amount over the package’s price', async () => {
    const calls = serve(undefined, [welcome], [tenPack, yearPlan]);
    renderRoutes([{ path: '/', element: <PromoCodesPage /> }], '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Add promo code' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a promo code' }));
    fireEvent.change(dialog.getByRole('textbox', { name: /^Code/ }), { target: { value: 'x' } });
    fireEvent.change(dialog.getByRole('combobox', { name: 'Discount' }), { target: { value: 'amount' } });
    // For every package: at most the dearest, said in the field's help.
    expect(dialog.getByText('At most the price of each package it is for; for all packages, at most the dearest, Year ($900.00)')).toBeTruthy();
    fireEvent.change(dialog.getByRole('textbox', { name: /^Amount/ }), { target: { value: '500' } });
    expect(dialog.getByText('Free with this code (the amount is their whole price): 10-class pack ($120.00).')).toBeTruthy();
    fireEvent.change(dialog.getByRole('textbox', { name: /^Uses in all/ }), { target: { value: '1' } });
    fireEvent.change(dialog.getByRole('textbox', { name: /^Uses per client/ }), { target: { value: '3' } });
    // Only the 10-class pack: $500 is more than its price.
    const chooser = dialog.getByLabelText('Packages');
    fireEvent.focus(chooser);
    fireEvent.keyDown(chooser, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: '10-class pack', hidden: true }));
    fireEvent.click(dialog.getByRole('button', { name: 'Add promo code' }));
    expect(await dialog.findByText('A code has at least 3 characters')).toBeTruthy();
    expect(dialog.getByText('The discount is more than the price of 10-class pack ($120.00)')).toBeTruthy();
    expect(dialog.getByText('Uses in all (1) cannot be fewer than uses per client (3)')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    // The first wrong field has focus.
    await waitFor(() => expect(document.activeElement).toBe(dialog.getByRole('textbox', { name: /^Code/ })));
  });

  it('the server’s refusals are shown at every field they name', async () => {
    serve((method) =>
      method === 'POST'
        ? {
            code: 400,
            body: {
              status: 0,
              message: 'Please correct the code.',
              errors: {
                packageIds: 'Choose your own packages: one of these no longer exists',
                discountValue: 'The discount is more than the price of Mine ($10.00)',
              },
            },
          }
        : undefined,
    );
    renderRoutes([{ path: '/', element: <PromoCodesPage /> }], '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Add promo code' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a promo code' }));
    fireEvent.change(dialog.getByRole('textbox', { name: /^Code/ }), { target: { value: 'spring' } });
    fireEvent.change(dialog.getByRole('textbox', { name: /^Percent/ }), { target: { value: '10' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add promo code' }));
    expect(await dialog.findByText('Choose your own packages: one of these no longer exists')).toBeTruthy();
    expect(dialog.getByText('The discount is more than the price of Mine ($10.00)')).toBeTruthy();
  });

  it('deletes a code by its id after asking; focus goes to the next code, the result is announced', async () => {
    const spring = { ...welcome, id: 'dddddddddddddddddddddddd', code: 'ZSPRING' };
    let deleted = false;
    const calls = stubFetch((call) => {
      if (call.method === 'DELETE' && call.path === `promo-codes/${CODE_ID}`) {
        deleted = true;
        return ok(undefined);
      }
      const reads: Record<string, Answer> = {
        ...choiceAnswers,
        'promo-codes': ok({ items: deleted ? [spring] : [welcome, spring], total: deleted ? 1 : 2 }),
        'packages?pageSize=100': ok({ items: [], total: 0 }),
      };
      return reads[call.path] ?? noStub(call);
    });
    renderRoutes([{ path: '/', element: <PromoCodesPage /> }], '/');
    const trigger = await screen.findByRole('button', { name: 'Delete WELCOME10' });
    trigger.focus();
    fireEvent.click(trigger);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the code' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.path === `promo-codes/${CODE_ID}`)).toBe(
        true,
      ),
    );
    expect(await screen.findByText('WELCOME10 deleted. Orders that used it keep their discount.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('WELCOME10')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit ZSPRING' })));
  });
});
