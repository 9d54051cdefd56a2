import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  ClientAccountDto,
  ClientPackageDto,
  OrderDto,
  OrderPreviewDto,
  PackageDto,
  ProductDto,
} from '@kinetic/shared';
import {
  noStub,
  ok,
  renderRoutes,
  stubFetch,
  withoutHeaders,
  type Answer,
  type Call,
} from '../../test/render-page.tsx';
import { account as admin, choiceAnswers } from '../schedule/schedule-test-fixtures.ts';
import { ClientAccountPage } from './client-account-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CLIENT_ID = '777777777777777777777777';
const PACK_ID = 'aaaaaaaaaaaaaaaaaaaaaaa1';
const MEMBERSHIP_ID = 'aaaaaaaaaaaaaaaaaaaaaaa2';
const PRODUCT_ID = 'aaaaaaaaaaaaaaaaaaaaaaa3';
const HELD_PACK_ID = 'bbbbbbbbbbbbbbbbbbbbbbb1';
const HELD_MEMBERSHIP_ID = 'bbbbbbbbbbbbbbbbbbbbbbb2';
const PAID_ORDER_ID = 'ccccccccccccccccccccccc1';
const OPEN_ORDER_ID = 'ccccccccccccccccccccccc2';
const stamp = '2026-11-02T15:00:00.000Z';

const terms = {
  offPeakOnly: false,
  templateIds: [],
  studioIds: [],
  autoRenew: false,
  commitmentPeriods: 0,
  signupFee: 0,
};
const packTerms = {
  ...terms,
  kind: 'class-pack' as const,
  name: '10-Class Pack',
  price: 17000,
  period: null,
  classLimit: null,
  credits: 10,
  expiryDays: null,
  expiryFrom: null,
};
const membershipTerms = {
  ...terms,
  kind: 'membership' as const,
  name: 'Unlimited Monthly',
  price: 4500,
  period: 'month' as const,
  classLimit: null,
  credits: null,
  expiryDays: null,
  expiryFrom: null,
  autoRenew: true,
};

const heldPack: ClientPackageDto = {
  id: HELD_PACK_ID,
  clientId: CLIENT_ID,
  packageId: PACK_ID,
  orderId: PAID_ORDER_ID,
  terms: packTerms,
  status: 'active',
  startsOn: '2026-11-02',
  paidUntil: null,
  expiresAt: null,
  remaining: 9,
  cancellableFrom: null,
  createdAt: stamp,
};
const heldMembership: ClientPackageDto = {
  ...heldPack,
  id: HELD_MEMBERSHIP_ID,
  packageId: MEMBERSHIP_ID,
  orderId: OPEN_ORDER_ID,
  terms: membershipTerms,
  paidUntil: '2026-12-02',
  remaining: null,
};

const line = (id: string, description: string, total: number) => ({
  id,
  kind: 'package' as const,
  description,
  quantity: 1,
  unitPrice: total,
  discount: 0,
  taxName: null,
  taxRatePpm: 0,
  taxInclusive: false,
  net: total,
  tax: 0,
  total,
});
const paidOrder: OrderDto = {
  id: PAID_ORDER_ID,
  number: 1,
  clientId: CLIENT_ID,
  clientName: 'Cleo Client',
  status: 'paid',
  provider: 'studio',
  currency: 'USD',
  lines: [line('l1', '10-Class Pack', 17000)],
  subtotal: 17000,
  discount: 0,
  tax: 0,
  total: 17000,
  paid: 17000,
  refunded: 0,
  promoCode: null,
  payments: [{ id: 'p1', kind: 'payment', amount: 17000, method: 'cash', reason: null, at: stamp }],
  createdAt: stamp,
  paidAt: stamp,
};
const openOrder: OrderDto = {
  ...paidOrder,
  id: OPEN_ORDER_ID,
  number: 2,
  status: 'open',
  lines: [line('l2', 'Unlimited Monthly', 4500)],
  subtotal: 4500,
  total: 4500,
  paid: 0,
  payments: [],
  paidAt: null,
};

const account: ClientAccountDto = {
  clientId: CLIENT_ID,
  clientName: 'Cleo Client',
  currency: 'USD',
  balanceOwing: 4500,
  payOnline: false,
  savedCard: false,
  deletionRequestedAt: null,
  introOfferAllowed: true,
  today: '2026-11-10',
  packages: [heldMembership, heldPack],
  orders: [openOrder, paidOrder],
  ledger: [
    {
      id: 'e2',
      clientPackageId: HELD_PACK_ID,
      packageName: '10-Class Pack',
      bookingId: 'dddddddddddddddddddddddd',
      entry: 'use',
      credits: -1,
      reason: 'Evening Flow, 2026-11-03',
      at: '2026-11-03T15:00:00.000Z',
    },
    {
      id: 'e1',
      clientPackageId: HELD_PACK_ID,
      packageName: '10-Class Pack',
      bookingId: null,
      entry: 'grant',
      credits: 10,
      reason: 'Bought: order #1',
      at: stamp,
    },
  ],
};

const onSale: PackageDto = {
  ...packTerms,
  name: '5-Class Pack',
  price: 9000,
  credits: 5,
  id: PACK_ID,
  description: null,
  currency: 'USD',
  taxRateId: null,
  introOffer: false,
  archived: false,
  activeHolders: 1,
  createdAt: stamp,
  updatedAt: stamp,
};
const socks: ProductDto = {
  id: PRODUCT_ID,
  kind: 'product',
  name: 'Grip socks',
  description: null,
  price: 1400,
  currency: 'USD',
  taxRateId: null,
  sku: null,
  archived: false,
  createdAt: stamp,
};
const preview: OrderPreviewDto = {
  currency: 'USD',
  lines: [
    { ...line('0', '5-Class Pack', 9000), taxName: 'Sales tax', taxRatePpm: 89_000, tax: 801, total: 9801 },
  ],
  subtotal: 9000,
  discount: 0,
  tax: 801,
  total: 9801,
  promoCode: null,
};

/** The server as the page sees it; `write` answers the POSTs, `current` the account read at that moment. */
function serve(write?: (call: Call) => Answer | undefined, current: () => ClientAccountDto = () => account) {
  return stubFetch((call) => {
    if (call.method === 'GET') {
      if (call.path === `clients/${CLIENT_ID}/account`) return ok(current());
      const reads: Record<string, Answer> = {
        ...choiceAnswers,
        'packages?status=active&pageSize=100': ok({ items: [onSale], total: 1 }),
        'products?status=active&pageSize=100': ok({ items: [socks], total: 1 }),
      };
      return reads[call.path] ?? noStub(call);
    }
    return write?.(call) ?? noStub(call);
  });
}

const routes = [{ path: '/app/clients/profile/:clientId/:userId', element: <ClientAccountPage /> }];
const open = () => renderRoutes(routes, `/app/clients/profile/${CLIENT_ID}/${CLIENT_ID}`);

describe("Clients › a client's account", () => {
  it('shows the name, the balance owing, the packages, the orders and the credit ledger', async () => {
    serve();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Cleo Client' })).toBeTruthy();
    const balance = within(screen.getByRole('region', { name: 'Balance owing' }));
    expect(balance.getByText('$45.00')).toBeTruthy();

    const packages = within(screen.getByRole('region', { name: 'Packages' }));
    expect(packages.getByText('10-Class Pack')).toBeTruthy();
    expect(packages.getByText('Class pack · 9 of 10 credits left')).toBeTruthy();
    expect(packages.getByText('Membership, paid each month · Unlimited classes')).toBeTruthy();
    expect(packages.getByText('Started 2 Nov 2026 · paid until 2 Dec 2026')).toBeTruthy();
    expect(packages.getAllByText('Active')).toHaveLength(2);
    // Only a membership pauses.
    expect(packages.getByRole('button', { name: 'Pause Unlimited Monthly' })).toBeTruthy();
    expect(packages.queryByRole('button', { name: 'Pause 10-Class Pack' })).toBeNull();

    const orders = within(screen.getByRole('region', { name: 'Orders' }));
    const first = within(orders.getByRole('listitem', { name: 'Order #1' }));
    expect(first.getByText('Paid')).toBeTruthy();
    expect(first.getByText('Paid $170.00 by cash')).toBeTruthy();
    expect(first.getByRole('button', { name: 'Refund: order #1' })).toBeTruthy();
    expect(first.queryByRole('button', { name: 'Mark paid: order #1' })).toBeNull();
    const second = within(orders.getByRole('listitem', { name: 'Order #2' }));
    expect(second.getByText('Owing')).toBeTruthy();
    expect(second.getByRole('button', { name: 'Mark paid: order #2' })).toBeTruthy();

    const ledger = within(screen.getByRole('region', { name: 'Credit ledger' }));
    const rows = ledger.getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByText('Used')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('−1')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Evening Flow, 2026-11-03')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('+10')).toBeTruthy();
    expect(screen.queryByText('Asked to delete their account')).toBeNull();
  });

  it('shows the money to someone who sees financial data but may not sell: no Sell, Mark paid, Refund, Pause or Cancel', async () => {
    // A staff member whose owner took away "Sell and refund" (issue 15 §2): the account, read-only.
    const reader = { ...admin, can: { ...admin.can, sellAndRefund: false, manageClients: false } };
    stubFetch((call) => {
      if (call.method !== 'GET') return noStub(call);
      if (call.path === 'me') return ok(reader);
      if (call.path === `clients/${CLIENT_ID}/account`) return ok(account);
      return (choiceAnswers as Record<string, Answer>)[call.path] ?? noStub(call);
    });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Cleo Client' })).toBeTruthy();
    const orders = within(await screen.findByRole('region', { name: 'Orders' }));
    expect(orders.getByText('Paid $170.00 by cash')).toBeTruthy();
    expect(orders.getByText('Owing')).toBeTruthy();
    expect(orders.queryByRole('button', { name: /^Refund/ })).toBeNull();
    expect(orders.queryByRole('button', { name: /^Mark paid/ })).toBeNull();
    const packages = within(screen.getByRole('region', { name: 'Packages' }));
    expect(packages.getByText('10-Class Pack')).toBeTruthy();
    expect(packages.queryByRole('button', { name: /^Pause/ })).toBeNull();
    expect(packages.queryByRole('button', { name: /^Cancel/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sell' })).toBeNull();
  });

  it('shows a hundred orders, then older ones a hundred at a time', async () => {
    const base = account.orders[0] as OrderDto;
    const many = Array.from({ length: 100 }, (_, index) => ({
      ...base,
      id: `o${String(index).padStart(23, '0')}`,
      number: 200 - index,
    }));
    const oldest = { ...base, id: 'x'.repeat(24), number: 7 };
    const calls = stubFetch((call) => {
      if (call.path === `clients/${CLIENT_ID}/account`) return ok({ ...account, orders: many });
      if (call.path === `orders?clientId=${CLIENT_ID}&page=2&pageSize=100`)
        return ok({ items: [oldest], total: 101 });
      return (choiceAnswers as Record<string, Answer>)[call.path] ?? noStub(call);
    });
    open();
    // A hundred order cards take jsdom a few seconds.
    const orders = within(await screen.findByRole('region', { name: 'Orders' }, { timeout: 15_000 }));
    expect(orders.queryByRole('listitem', { name: 'Order #7' })).toBeNull();
    fireEvent.click(orders.getByRole('button', { name: 'Show older orders' }));
    expect(await orders.findByRole('listitem', { name: 'Order #7' }, { timeout: 10_000 })).toBeTruthy();
    // All 101 are shown: nothing more to ask for.
    await waitFor(() => expect(orders.queryByRole('button', { name: 'Show older orders' })).toBeNull());
    // The button went away under the focus: the focus is on the count, not lost to the page.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Showing 101 of 101 orders.'));
    expect(calls.filter((call) => call.path.startsWith('orders?'))).toHaveLength(1);
  }, 30_000);

  it('says when the client asked to delete their account, and when it takes effect', async () => {
    serve(undefined, () => ({ ...account, deletionRequestedAt: '2026-11-20T10:00:00.000Z' }));
    open();
    expect(await screen.findByText('Asked to delete their account')).toBeTruthy();
    expect(
      screen.getByText(
        /^On 20 November 2026\. Their name, email, phone and sign-up details are removed on 20 December 2026/,
      ),
    ).toBeTruthy();
  });

  it('sells a pack paid by cash: the live price, then the sale with an Idempotency-Key; the account refreshes', async () => {
    let sold = false;
    const calls = serve(
      (call) => {
        if (call.path === 'orders/preview') return ok(preview);
        if (call.path === 'orders') {
          sold = true;
          return {
            code: 201,
            body: { status: 1, message: 'Order #3 paid.', data: { order: paidOrder, checkoutUrl: null } },
          };
        }
        return undefined;
      },
      () =>
        sold
          ? {
              ...account,
              packages: [
                ...account.packages,
                { ...heldPack, id: 'new', terms: { ...packTerms, name: '5-Class Pack' } },
              ],
            }
          : account,
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Sell' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Sell to Cleo Client' }));
    const select = dialog.getByRole('combobox', { name: /^Package or product/ });
    await waitFor(() => expect(dialog.getByRole('option', { name: '5-Class Pack ($90.00)' })).toBeTruthy());
    fireEvent.change(select, { target: { value: `package:${PACK_ID}` } });

    const price = within(dialog.getByRole('status', { name: 'Price' }));
    expect(await price.findByText('$98.01')).toBeTruthy();
    expect(price.getByText('Tax (Sales tax)')).toBeTruthy();
    expect(withoutHeaders(calls.find((call) => call.path === 'orders/preview') as Call)).toEqual({
      method: 'POST',
      path: 'orders/preview',
      body: { clientId: CLIENT_ID, items: [{ kind: 'package', packageId: PACK_ID }], promoCode: null },
    });

    fireEvent.click(dialog.getByRole('button', { name: 'Confirm sale: $98.01 by cash' }));
    await waitFor(() => expect(calls.filter((call) => call.path === 'orders')).toHaveLength(1));
    const sale = calls.find((call) => call.path === 'orders') as Call;
    expect(withoutHeaders(sale)).toEqual({
      method: 'POST',
      path: 'orders',
      body: {
        clientId: CLIENT_ID,
        items: [{ kind: 'package', packageId: PACK_ID }],
        promoCode: null,
        paidWith: 'cash',
      },
    });
    expect(sale.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('5-Class Pack')).toBeTruthy();
  });

  it('leaves a product owing, and a new opening of the dialog sends a new Idempotency-Key', async () => {
    const calls = serve((call) => {
      if (call.path === 'orders/preview') return ok({ ...preview, lines: [], total: 2800, tax: 0 });
      if (call.path === 'orders')
        return { code: 201, body: { status: 1, data: { order: openOrder, checkoutUrl: null } } };
      return undefined;
    });
    open();
    for (const round of [1, 2]) {
      fireEvent.click(await screen.findByRole('button', { name: 'Sell' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Sell to Cleo Client' }));
      await waitFor(() => expect(dialog.getByRole('option', { name: 'Grip socks ($14.00)' })).toBeTruthy());
      fireEvent.change(dialog.getByRole('combobox', { name: /^Package or product/ }), {
        target: { value: `product:${PRODUCT_ID}` },
      });
      fireEvent.change(dialog.getByRole('textbox', { name: /^How many/ }), { target: { value: '2' } });
      fireEvent.click(dialog.getByRole('radio', { name: 'Leave owing' }));
      fireEvent.click(await dialog.findByRole('button', { name: 'Confirm sale: $28.00 owing' }));
      await waitFor(() => expect(calls.filter((call) => call.path === 'orders')).toHaveLength(round));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    const sales = calls.filter((call) => call.path === 'orders');
    expect(sales[0]?.body).toEqual({
      clientId: CLIENT_ID,
      items: [{ kind: 'product', productId: PRODUCT_ID, quantity: 2 }],
      promoCode: null,
      paidWith: null,
    });
    expect(sales[0]?.headers['Idempotency-Key']).toBeTruthy();
    expect(sales[1]?.headers['Idempotency-Key']).not.toBe(sales[0]?.headers['Idempotency-Key']);
  });

  it('says at the promo code field when the code does not apply', async () => {
    serve((call) => {
      if (call.path !== 'orders/preview') return undefined;
      const body = call.body as { promoCode: string | null };
      if (!body.promoCode) return ok(preview);
      const message = `We do not know the code ${body.promoCode.toUpperCase()}.`;
      return { code: 400, body: { status: 0, message, errors: { promoCode: message } } };
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Sell' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Sell to Cleo Client' }));
    await waitFor(() => expect(dialog.getByRole('option', { name: '5-Class Pack ($90.00)' })).toBeTruthy());
    fireEvent.change(dialog.getByRole('combobox', { name: /^Package or product/ }), {
      target: { value: `package:${PACK_ID}` },
    });
    fireEvent.change(dialog.getByRole('textbox', { name: /^Promo code/ }), { target: { value: 'nope' } });
    expect(await dialog.findByText('We do not know the code NOPE.')).toBeTruthy();
  });

  it('an unknown promo code: the price says why there is none and how to go on', async () => {
    serve((call) => {
      if (call.path !== 'orders/preview') return undefined;
      const body = call.body as { promoCode: string | null };
      if (!body.promoCode) return ok(preview);
      const message = `${body.promoCode.toUpperCase()} is not a promo code we know. Check its spelling.`;
      return { code: 400, body: { status: 0, message, errors: { promoCode: message } } };
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Sell' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Sell to Cleo Client' }));
    await waitFor(() => expect(dialog.getByRole('option', { name: '5-Class Pack ($90.00)' })).toBeTruthy());
    fireEvent.change(dialog.getByRole('combobox', { name: /^Package or product/ }), {
      target: { value: `package:${PACK_ID}` },
    });
    fireEvent.change(dialog.getByRole('textbox', { name: /^Promo code/ }), { target: { value: 'nope' } });
    const price = within(dialog.getByRole('status', { name: 'Price' }));
    expect(
      await price.findByText(
        'NOPE is not a promo code we know. Check its spelling. Clear the promo code to sell at the full price.',
      ),
    ).toBeTruthy();
    expect(price.queryByText('No price yet.')).toBeNull();
    // Cleared: the full price again, and no reason left at the field.
    fireEvent.change(dialog.getByRole('textbox', { name: /^Promo code/ }), { target: { value: '' } });
    expect(await price.findByText('$98.01')).toBeTruthy();
    expect(dialog.queryByText(/is not a promo code we know/)).toBeNull();
  });

  it('a refused sale’s message goes as soon as the choice that caused it changes', async () => {
    const message = '5-Class Pack is no longer sold.';
    serve((call) => {
      if (call.path === 'orders/preview') return ok(preview);
      if (call.path === 'orders') return { code: 409, body: { status: 0, message } };
      return undefined;
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Sell' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Sell to Cleo Client' }));
    await waitFor(() => expect(dialog.getByRole('option', { name: '5-Class Pack ($90.00)' })).toBeTruthy());
    const select = dialog.getByRole('combobox', { name: /^Package or product/ });
    fireEvent.change(select, { target: { value: `package:${PACK_ID}` } });
    fireEvent.click(await dialog.findByRole('button', { name: 'Confirm sale: $98.01 by cash' }));
    expect(await dialog.findByText(message)).toBeTruthy();
    fireEvent.change(select, { target: { value: `product:${PRODUCT_ID}` } });
    await waitFor(() => expect(dialog.queryByText(message)).toBeNull());
    // The same for the way it is paid.
    fireEvent.change(select, { target: { value: `package:${PACK_ID}` } });
    fireEvent.click(await dialog.findByRole('button', { name: 'Confirm sale: $98.01 by cash' }));
    expect(await dialog.findByText(message)).toBeTruthy();
    fireEvent.click(dialog.getByRole('radio', { name: 'Leave owing' }));
    await waitFor(() => expect(dialog.queryByText(message)).toBeNull());
  });

  it('an intro offer is shown greyed out, with the rule, to a client who has bought before', async () => {
    const intro: PackageDto = {
      ...onSale,
      id: 'aaaaaaaaaaaaaaaaaaaaaaa9',
      name: 'Intro 3 for $30',
      price: 3000,
      introOffer: true,
    };
    const reads = (allowed: boolean) =>
      stubFetch((call) => {
        if (call.path === `clients/${CLIENT_ID}/account`)
          return ok({ ...account, introOfferAllowed: allowed });
        const answers: Record<string, Answer> = {
          ...choiceAnswers,
          'packages?status=active&pageSize=100': ok({ items: [onSale, intro], total: 2 }),
          'products?status=active&pageSize=100': ok({ items: [socks], total: 1 }),
        };
        return answers[call.path] ?? noStub(call);
      });
    reads(false);
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Sell' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Sell to Cleo Client' }));
    const refused = await dialog.findByRole('option', {
      name: "Intro 3 for $30 ($30.00) — Intro offer: only for a client's first purchase",
    });
    expect((refused as HTMLOptionElement).disabled).toBe(true);
    expect(
      (dialog.getByRole('option', { name: '5-Class Pack ($90.00)' }) as HTMLOptionElement).disabled,
    ).toBe(false);
    expect(
      dialog.getByText(
        "Intro offer: only for a client's first purchase: Cleo Client has bought before, so it is not offered.",
      ),
    ).toBeTruthy();
    cleanup();
    vi.unstubAllGlobals();

    reads(true);
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Sell' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Sell to Cleo Client' }));
    const offered = await dialog.findByRole('option', { name: 'Intro 3 for $30 ($30.00)' });
    expect((offered as HTMLOptionElement).disabled).toBe(false);
  });

  it('a refund over what was paid shows the server’s message; the amount starts at what is left', async () => {
    const message = 'You can refund at most $170.00 (what was paid and not yet refunded).';
    const calls = serve((call) =>
      call.path === `orders/${PAID_ORDER_ID}/refunds`
        ? { code: 409, body: { status: 0, message, errors: { amount: message } } }
        : undefined,
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Refund: order #1' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Refund order #1' }));
    const amount = dialog.getByRole('textbox', { name: /^Amount/ }) as HTMLInputElement;
    expect(amount.value).toBe('170.00');
    fireEvent.change(amount, { target: { value: '200' } });
    fireEvent.change(dialog.getByRole('textbox', { name: /^Reason/ }), { target: { value: 'Moved away' } });
    // The pack this order bought is still running: the refund offers to end it, ticked for a full refund.
    const endIt = dialog.getByRole('checkbox', { name: `Also end ${packTerms.name}` }) as HTMLInputElement;
    expect(endIt.checked).toBe(true);
    fireEvent.click(dialog.getByRole('button', { name: 'Refund' }));
    expect(await dialog.findByText(message)).toBeTruthy();
    const refund = calls.find((call) => call.method === 'POST') as Call;
    expect(withoutHeaders(refund)).toEqual({
      method: 'POST',
      path: `orders/${PAID_ORDER_ID}/refunds`,
      body: { amount: 20000, reason: 'Moved away', endPackages: true },
    });
    // Unticked (a goodwill refund), the pack stays.
    fireEvent.click(endIt);
    fireEvent.click(dialog.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'POST')[1]?.body).toEqual({
      amount: 20000,
      reason: 'Moved away',
      endPackages: false,
    });
    expect(refund.headers['Idempotency-Key']).toBeTruthy();
  });

  it('marks an open order paid with the chosen method', async () => {
    const calls = serve((call) =>
      call.path === `orders/${OPEN_ORDER_ID}/pay` ? ok({ ...openOrder, status: 'paid' }) : undefined,
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Mark paid: order #2' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Take payment for order #2' }));
    fireEvent.change(dialog.getByRole('combobox', { name: 'Paid with' }), { target: { value: 'card' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(withoutHeaders(calls.find((call) => call.method === 'POST') as Call)).toEqual({
      method: 'POST',
      path: `orders/${OPEN_ORDER_ID}/pay`,
      body: { method: 'card' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('pause asks in a dialog from when (today by default) and until when, says what pausing does, then focus goes to Resume', async () => {
    let paused = false;
    const pausedMembership: ClientPackageDto = {
      ...heldMembership,
      status: 'paused',
      pausedFrom: '2026-11-10',
      pausedUntil: '2026-11-24',
    };
    const calls = serve(
      (call) => {
        if (call.path !== `client-packages/${HELD_MEMBERSHIP_ID}/pause`) return undefined;
        paused = true;
        return ok(pausedMembership);
      },
      () => (paused ? { ...account, packages: [pausedMembership, heldPack] } : account),
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Pause Unlimited Monthly' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Pause Unlimited Monthly' }));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    expect(dialog.getByText(/pays for no classes and is not renewed, so nothing is charged/)).toBeTruthy();
    expect(
      dialog.getByText(
        /it is paid until 2 Dec 2026, and when it resumes that day moves later by as many days as it was paused/,
      ),
    ).toBeTruthy();
    const from = dialog.getByLabelText(/^Pause from/) as HTMLInputElement;
    expect(from.value).toBe('2026-11-10');
    await waitFor(() => expect(document.activeElement).toBe(from));

    // Both problems at once, before anything is sent.
    fireEvent.change(from, { target: { value: '2026-11-01' } });
    fireEvent.change(dialog.getByLabelText(/^Resume on/), { target: { value: '2026-10-30' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Pause membership' }));
    expect(await dialog.findByText('Pause from today or a later day')).toBeTruthy();
    expect(dialog.getByText('Resume on a day after the pause starts')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    fireEvent.change(from, { target: { value: '2026-11-10' } });
    fireEvent.change(dialog.getByLabelText(/^Resume on/), { target: { value: '2026-11-24' } });
    expect(dialog.getByText('It resumes by itself on 24 Nov 2026.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Pause membership' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(withoutHeaders(calls.find((call) => call.method === 'POST') as Call)).toEqual({
      method: 'POST',
      path: `client-packages/${HELD_MEMBERSHIP_ID}/pause`,
      body: { from: '2026-11-10', until: '2026-11-24' },
    });
    const packages = within(screen.getByRole('region', { name: 'Packages' }));
    expect(packages.getByText('Paused since 10 Nov 2026; resumes by itself on 24 Nov 2026.')).toBeTruthy();
    expect(
      within(packages.getByRole('status')).getByText('Unlimited Monthly paused until 24 Nov 2026.'),
    ).toBeTruthy();
    // The Pause button is gone: focus is on the package's next control, not lost to the page.
    await waitFor(() =>
      expect(document.activeElement).toBe(packages.getByRole('button', { name: 'Resume Unlimited Monthly' })),
    );
  });

  it('a pause planned for a later day: focus goes to “Call off the pause”, which took Pause’s place, not to Cancel', async () => {
    let planned = false;
    const plannedMembership: ClientPackageDto = {
      ...heldMembership,
      pausedFrom: '2026-11-20',
      pausedUntil: null,
    };
    serve(
      (call) => {
        if (call.path !== `client-packages/${HELD_MEMBERSHIP_ID}/pause`) return undefined;
        planned = true;
        return ok(plannedMembership);
      },
      () => ({ ...account, packages: [planned ? plannedMembership : heldMembership, heldPack] }),
    );
    open();
    const trigger = await screen.findByRole('button', { name: 'Pause Unlimited Monthly' });
    trigger.focus();
    fireEvent.click(trigger);
    const dialog = within(await screen.findByRole('dialog', { name: 'Pause Unlimited Monthly' }));
    fireEvent.change(dialog.getByLabelText(/^Pause from/), { target: { value: '2026-11-20' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Pause membership' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const packages = within(screen.getByRole('region', { name: 'Packages' }));
    expect(
      within(packages.getByRole('status')).getByText(
        'Unlimited Monthly will be paused from 20 Nov 2026 until resumed.',
      ),
    ).toBeTruthy();
    // Its visible words start its name (WCAG 2.5.3), and it has the focus.
    const callOff = packages.getByRole('button', { name: 'Call off the pause of Unlimited Monthly' });
    expect(callOff.textContent).toBe('Call off the pause');
    await waitFor(() => expect(document.activeElement).toBe(callOff));
    expect(document.activeElement).not.toBe(
      packages.getByRole('button', { name: 'Cancel Unlimited Monthly' }),
    );
  });

  it('the server’s refusal of a pause shows at its field', async () => {
    const message = 'Pause from today or a later day';
    serve((call) =>
      call.path === `client-packages/${HELD_MEMBERSHIP_ID}/pause`
        ? {
            code: 400,
            body: {
              status: 0,
              message: `Unlimited Monthly was not paused. ${message}.`,
              errors: { from: message },
            },
          }
        : undefined,
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Pause Unlimited Monthly' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Pause Unlimited Monthly' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Pause membership' }));
    expect(await dialog.findByText(message)).toBeTruthy();
    expect(dialog.getByLabelText(/^Pause from/).getAttribute('aria-invalid')).toBe('true');
  });

  it('resume announces the result and puts focus on Pause, the button that took its place', async () => {
    const pausedMembership: ClientPackageDto = {
      ...heldMembership,
      status: 'paused',
      pausedFrom: '2026-11-05',
    };
    const resumed: ClientPackageDto = { ...heldMembership, paidUntil: '2026-12-07' };
    let done = false;
    serve(
      (call) => {
        if (call.path !== `client-packages/${HELD_MEMBERSHIP_ID}/resume`) return undefined;
        done = true;
        return ok(resumed);
      },
      () => ({ ...account, packages: [done ? resumed : pausedMembership, heldPack] }),
    );
    open();
    const resume = await screen.findByRole('button', { name: 'Resume Unlimited Monthly' });
    resume.focus();
    fireEvent.click(resume);
    const packages = within(screen.getByRole('region', { name: 'Packages' }));
    expect(await packages.findByText('Unlimited Monthly resumed: paid until 7 Dec 2026.')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(packages.getByRole('button', { name: 'Pause Unlimited Monthly' })),
    );
  });

  /** Opens the cancel dialog of the membership `held` (today is 10 Nov 2026), its trigger focused. */
  async function openCancel(held: ClientPackageDto, write?: (call: Call) => Answer | undefined) {
    let current = held;
    const calls = serve(
      (call) => {
        const answer = write?.(call);
        const body = answer?.body as { status: number; data: ClientPackageDto } | undefined;
        if (body?.status === 1) current = body.data;
        return answer;
      },
      () => ({ ...account, packages: [current, heldPack] }),
    );
    open();
    const trigger = await screen.findByRole('button', { name: 'Cancel Unlimited Monthly' });
    trigger.focus();
    fireEvent.click(trigger);
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel Unlimited Monthly?' }));
    // The safe choice has focus.
    await waitFor(() =>
      expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Keep membership' })),
    );
    return { calls, dialog, trigger };
  }
  const committed = (cancellableFrom: string, paidUntil = '2026-12-02'): ClientPackageDto => ({
    ...heldMembership,
    terms: { ...membershipTerms, commitmentPeriods: 3 },
    paidUntil,
    cancellableFrom,
  });
  const radios = (dialog: ReturnType<typeof within>) =>
    dialog.queryAllByRole('radio').map((radio: HTMLElement) => radio.getAttribute('value'));

  it('cancel without a commitment: at the end of the paid period (the default) or now; the button says which', async () => {
    const { dialog } = await openCancel(heldMembership);
    expect(radios(dialog)).toEqual(['period-end', 'now']);
    expect(
      dialog.getByRole('radio', { name: /At the end of the paid period \(2 Dec 2026\)/ }),
    ).toHaveProperty('checked', true);
    expect(dialog.queryByText(/^Commitment/)).toBeNull();
    expect(dialog.getByRole('button', { name: 'Cancel membership at end of period' })).toBeTruthy();
    fireEvent.click(dialog.getByRole('radio', { name: /^Now/ }));
    expect(dialog.getByRole('button', { name: 'Cancel now' })).toBeTruthy();
    expect(
      dialog.getByText(/^Unlimited Monthly ends now: it no longer pays for classes or renews\./),
    ).toBeTruthy();
  });

  it('cancel once the commitment is over: both choices, and the commitment said to be over', async () => {
    const { dialog } = await openCancel(committed('2026-11-02'));
    expect(
      dialog.getByText(
        'Commitment: 3 months (paused days added), over since 2 Nov 2026: it can be cancelled.',
      ),
    ).toBeTruthy();
    expect(radios(dialog)).toEqual(['period-end', 'now']);
    expect(dialog.getByRole('button', { name: 'Cancel membership at end of period' })).toBeTruthy();
  });

  it('during the commitment, with a paid period that runs to its end: only at the end of that period', async () => {
    const { dialog } = await openCancel(committed('2026-12-02'));
    expect(
      dialog.getByText(
        'Commitment: 3 months (paused days added), until 2 Dec 2026. It cannot be cancelled now, but it can end at the end of its paid period (2 Dec 2026), which runs to that day or later.',
      ),
    ).toBeTruthy();
    expect(radios(dialog)).toEqual([]);
    expect(dialog.queryByRole('button', { name: 'Cancel now' })).toBeNull();
    expect(dialog.getByRole('button', { name: 'Cancel membership at end of period' })).toBeTruthy();
  });

  it('during the commitment, the paid period ending before it: says it cannot be cancelled yet, and offers to waive the commitment', async () => {
    const waived: ClientPackageDto = { ...committed('2027-02-02'), status: 'cancelled' };
    const { calls, dialog } = await openCancel(committed('2027-02-02'), (call) =>
      call.path === `client-packages/${HELD_MEMBERSHIP_ID}/cancel` ? ok(waived) : undefined,
    );
    expect(
      dialog.getByText(
        'It cannot be cancelled yet: its commitment of 3 months (paused days added) runs until 2 Feb 2027.',
      ),
    ).toBeTruthy();
    expect(
      dialog.getByText(
        /^Its paid period ends on 2 Dec 2026, before that, so it cannot end at the end of this period either\. From 2 Feb 2027 it can be cancelled now\.$/,
      ),
    ).toBeTruthy();
    // Neither choice the server refuses is offered.
    expect(radios(dialog)).toEqual([]);
    expect(dialog.queryByRole('button', { name: 'Cancel now' })).toBeNull();
    expect(dialog.queryByRole('button', { name: 'Cancel membership at end of period' })).toBeNull();
    expect(
      dialog.getByText(/^Unlimited Monthly ends now, although its commitment runs until 2 Feb 2027/),
    ).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Waive the commitment and cancel now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(withoutHeaders(calls.find((call) => call.method === 'POST') as Call)).toEqual({
      method: 'POST',
      path: `client-packages/${HELD_MEMBERSHIP_ID}/cancel`,
      body: { at: 'now', waiveCommitment: true },
    });
    const packages = within(screen.getByRole('region', { name: 'Packages' }));
    expect(
      within(packages.getByRole('status')).getByText(
        'Unlimited Monthly cancelled: its commitment, to 2 Feb 2027, was waived.',
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        packages.getByRole('heading', { level: 4, name: 'Unlimited Monthly' }),
      ),
    );
  });

  it('a paused membership during its commitment: cannot end at a period end either, so the waiver is offered', async () => {
    const { dialog } = await openCancel({
      ...committed('2027-02-02'),
      status: 'paused',
      pausedFrom: '2026-11-05',
    });
    expect(
      dialog.getByText(/^It is paused, so it cannot end at the end of a paid period either\./),
    ).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Waive the commitment and cancel now' })).toBeTruthy();
  });

  it('a refused cancel says the server’s words in the dialog; Keep membership closes it and focus returns', async () => {
    const message = 'Unlimited Monthly is already cancelled.';
    const { calls, dialog, trigger } = await openCancel(heldMembership, (call) =>
      call.path === `client-packages/${HELD_MEMBERSHIP_ID}/cancel`
        ? { code: 409, body: { status: 0, message } }
        : undefined,
    );
    fireEvent.click(dialog.getByRole('radio', { name: /^Now/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel now' }));
    expect(await dialog.findByText(message)).toBeTruthy();
    expect(withoutHeaders(calls.find((call) => call.method === 'POST') as Call)).toEqual({
      method: 'POST',
      path: `client-packages/${HELD_MEMBERSHIP_ID}/cancel`,
      body: { at: 'now' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Keep membership' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('cancelled at the end of its period: said on the package, focus on its name', async () => {
    const ending: ClientPackageDto = {
      ...heldMembership,
      endsOn: '2026-12-02',
      terms: { ...membershipTerms, autoRenew: false },
    };
    let done = false;
    serve(
      (call) => {
        if (call.path !== `client-packages/${HELD_MEMBERSHIP_ID}/cancel`) return undefined;
        done = true;
        return ok(ending);
      },
      () => ({ ...account, packages: [done ? ending : heldMembership, heldPack] }),
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Unlimited Monthly' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel Unlimited Monthly?' }));
    expect(dialog.getByText(/Unlimited Monthly stays usable until 2 Dec 2026 and then ends\./)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel membership at end of period' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const packages = within(screen.getByRole('region', { name: 'Packages' }));
    expect(
      packages.getByText('Ends on 2 Dec 2026: cancelled at the end of its period, not renewed.'),
    ).toBeTruthy();
    expect(packages.queryByRole('button', { name: 'Pause Unlimited Monthly' })).toBeNull();
    expect(
      within(packages.getByRole('status')).getByText(
        'Unlimited Monthly ends on 2 Dec 2026: it is not renewed.',
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        packages.getByRole('heading', { level: 4, name: 'Unlimited Monthly' }),
      ),
    );
  });

  it('a pack is cancelled now only: "Cancel the pack now" or "Keep the pack"', async () => {
    serve();
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel 10-Class Pack' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel 10-Class Pack?' }));
    expect(dialog.queryByRole('radio')).toBeNull();
    expect(dialog.getByRole('button', { name: 'Cancel the pack now' })).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Keep the pack' })).toBeTruthy();
  });

  it('says so when the account cannot be loaded', async () => {
    stubFetch((call) =>
      call.path === 'me'
        ? choiceAnswers.me
        : { code: 404, body: { status: 0, message: 'We could not find that client.' } },
    );
    open();
    expect(await screen.findByText('We could not find that client.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Client profile' })).toBeTruthy();
  });
});
