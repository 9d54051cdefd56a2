import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ClientAccountDto, PackageDto } from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch, type Answer } from '../../test/render-page.tsx';
import { account } from '../schedule/schedule-test-fixtures.ts';
import { MyPackagesPage } from './my-packages-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const client = { ...account, user: { ...account.user, name: 'Chris Client', roleId: 'client' as const } };
const PACK_ID = 'aaaaaaaaaaaaaaaaaaaaaaa1';
const terms = {
  kind: 'class-pack' as const,
  name: '10-Class Pack',
  price: 18000,
  period: null,
  classLimit: null,
  credits: 10,
  expiryDays: 90,
  expiryFrom: 'purchase' as const,
  autoRenew: false,
  commitmentPeriods: 0,
  signupFee: 0,
  offPeakOnly: false,
  templateIds: [],
  studioIds: [],
};
const pack: PackageDto = {
  ...terms,
  id: PACK_ID,
  description: 'Ten classes, any studio.',
  currency: 'USD',
  taxRateId: null,
  introOffer: false,
  archived: false,
  activeHolders: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const mine = (overrides: Partial<ClientAccountDto> = {}): ClientAccountDto => ({
  clientId: client.user.id,
  clientName: 'Chris Client',
  currency: 'USD',
  balanceOwing: 0,
  payOnline: false,
  savedCard: false,
  deletionRequestedAt: null,
  packages: [
    {
      id: 'bbbbbbbbbbbbbbbbbbbbbbb1',
      clientId: client.user.id,
      packageId: 'bbbbbbbbbbbbbbbbbbbbbbb2',
      orderId: 'bbbbbbbbbbbbbbbbbbbbbbb3',
      terms: { ...terms, kind: 'membership', name: '8 Classes a Month', price: 10900, period: 'month', classLimit: 8, credits: null, expiryDays: null, expiryFrom: null, autoRenew: true },
      status: 'active',
      startsOn: '2026-11-01',
      paidUntil: '2026-12-01',
      expiresAt: null,
      remaining: 3,
      cancellableFrom: null,
      createdAt: '2026-11-01T00:00:00.000Z',
    },
  ],
  orders: [],
  ledger: [],
  ...overrides,
});
const quote = { currency: 'USD', lines: [{ id: '0', kind: 'package', description: '10-Class Pack', quantity: 1, unitPrice: 18000, discount: 0, tax: 0, total: 18000, packageId: PACK_ID, productId: null }], subtotal: 18000, discount: 0, tax: 0, total: 18000, promoCode: null };

function serve(account: ClientAccountDto, post: (path: string, body: unknown) => Answer | undefined) {
  return stubFetch((call) =>
    call.method === 'GET'
      ? ({ me: ok(client), 'my/account': ok(account), 'packages?pageSize=100': ok({ items: [pack], total: 1 }) } as Record<string, Answer>)[call.path] ?? noStub(call)
      : (post(call.path, call.body) ?? noStub(call)),
  );
}

describe('client › Settings › Packages', () => {
  it('a pack with no credit left says "Used up", not "Active"', async () => {
    const base = mine();
    const held = base.packages[0] as ClientAccountDto['packages'][number];
    const usedUp = {
      ...held,
      id: 'bbbbbbbbbbbbbbbbbbbbbbb4',
      terms: { ...terms, kind: 'class-pack' as const, name: 'Intro 3 for $39', credits: 3, expiryDays: 30, expiryFrom: 'purchase' as const, period: null, classLimit: null, autoRenew: false },
      paidUntil: null,
      remaining: 0,
    };
    serve(mine({ packages: [held, usedUp] }), () => undefined);
    renderRoutes([{ path: '/', element: <MyPackagesPage /> }], '/');
    const region = within(await screen.findByRole('region', { name: 'What you hold' }));
    const card = region.getByText('Intro 3 for $39').closest('li') as HTMLElement;
    expect(within(card).getByText('Used up')).toBeTruthy();
    expect(within(card).queryByText('Active')).toBeNull();
    expect(within(region.getByText('8 Classes a Month').closest('li') as HTMLElement).getByText('Active')).toBeTruthy();
  });


  it('shows what the client holds and when it renews; buys a pack to pay at the studio, once per opening', async () => {
    const calls = serve(mine(), (path) =>
      path === 'orders/preview'
        ? ok(quote)
        : path === 'my/orders'
          ? { code: 201, body: { status: 1, data: { checkoutUrl: null, order: { status: 'open', total: 18000, currency: 'USD' } } } }
          : undefined,
    );
    renderRoutes([{ path: '/', element: <MyPackagesPage /> }], '/');
    const held = within(await screen.findByRole('region', { name: 'What you hold' }));
    expect(held.getByText('8 Classes a Month')).toBeTruthy();
    expect(held.getByText('3 classes left this month')).toBeTruthy();
    expect(held.getByText('Renews on 1 Dec 2026')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Buy 10-Class Pack' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Buy 10-Class Pack' }));
    // The studio does not take cards online: pay at the studio is the only way offered.
    expect(dialog.queryByRole('radio', { name: /online/ })).toBeNull();
    fireEvent.click(await dialog.findByRole('button', { name: 'Buy for $180.00' }));
    expect(await screen.findByText('10-Class Pack is yours now; pay $180.00 at the studio.')).toBeTruthy();
    const bought = calls.filter((call) => call.path === 'my/orders');
    expect(bought).toHaveLength(1);
    expect(bought[0]?.body).toEqual({ packageId: PACK_ID, promoCode: null, provider: 'studio' });
    expect(bought[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('once bought, the keyboard (and, on a phone, the view) goes to the line saying so, not back to the Buy button far below', async () => {
    serve(mine(), (path) =>
      path === 'orders/preview'
        ? ok(quote)
        : path === 'my/orders'
          ? { code: 201, body: { status: 1, data: { checkoutUrl: null, order: { status: 'open', total: 18000, currency: 'USD' } } } }
          : undefined,
    );
    renderRoutes([{ path: '/', element: <MyPackagesPage /> }], '/');
    const buy = await screen.findByRole('button', { name: 'Buy 10-Class Pack' });
    buy.focus();
    fireEvent.click(buy);
    const dialog = within(await screen.findByRole('dialog', { name: 'Buy 10-Class Pack' }));
    const confirm = await dialog.findByRole('button', { name: 'Buy for $180.00' });
    confirm.focus();
    fireEvent.click(confirm);
    const line = await screen.findByText('10-Class Pack is yours now; pay $180.00 at the studio.');
    await waitFor(() => expect(document.activeElement).toBe(line));
    // The dialog's own return of focus (a few ms after it closes) does not take it back to Buy.
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(document.activeElement).toBe(line);
    expect(line.getAttribute('role')).toBe('status');
  });

  it('with online payment, goes to Stripe’s checkout page; a bad promo code is named at its field', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    serve(mine({ payOnline: true }), (path, body) => {
      if (path === 'orders/preview')
        return (body as { promoCode: string | null }).promoCode === 'NOPE'
          ? { code: 409, body: { status: 0, message: 'We do not know the code NOPE.', errors: { promoCode: 'We do not know the code NOPE.' } } }
          : ok(quote);
      if (path === 'my/orders')
        return { code: 201, body: { status: 1, data: { checkoutUrl: 'https://checkout.stripe.test/c/pay/cs_1', order: { status: 'open', total: 18000, currency: 'USD' } } } };
      return undefined;
    });
    renderRoutes([{ path: '/', element: <MyPackagesPage /> }], '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Buy 10-Class Pack' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Buy 10-Class Pack' }));
    expect((dialog.getByRole('radio', { name: 'Pay now by card (online)' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(dialog.getByRole('textbox', { name: /Promo code/ }), { target: { value: 'nope' } });
    expect(await dialog.findByText('We do not know the code NOPE.', {}, { timeout: 2000 })).toBeTruthy();
    expect(dialog.getByText('Clear the promo code to buy at the full price.')).toBeTruthy();
    fireEvent.change(dialog.getByRole('textbox', { name: /Promo code/ }), { target: { value: '' } });
    fireEvent.click(await dialog.findByRole('button', { name: 'Pay $180.00' }, { timeout: 2000 }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_1'));
  });
});
