import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ClientAccountDto, OrderDto } from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch, type Answer } from '../../test/render-page.tsx';
import { account } from '../schedule/schedule-test-fixtures.ts';
import { MyPaymentPage } from './my-payment-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const client = { ...account, user: { ...account.user, name: 'Chris Client', roleId: 'client' as const } };
const order = (overrides: Partial<OrderDto>): OrderDto => ({
  id: 'ccccccccccccccccccccccc1',
  number: 41,
  clientId: client.user.id,
  clientName: 'Chris Client',
  status: 'paid',
  provider: 'studio',
  currency: 'USD',
  lines: [
    { id: 'l1', kind: 'package', description: '10-Class Pack', quantity: 1, unitPrice: 18000, discount: 0, taxName: 'Sales tax', taxRatePpm: 82_500, taxInclusive: false, net: 18000, tax: 1485, total: 19485 },
  ],
  subtotal: 18000,
  discount: 0,
  tax: 1485,
  total: 19485,
  paid: 19485,
  refunded: 0,
  promoCode: null,
  payments: [{ id: 'p1', kind: 'payment', amount: 19485, method: 'card', reason: null, at: '2026-11-02T10:00:00.000Z' }],
  createdAt: '2026-11-02T10:00:00.000Z',
  paidAt: '2026-11-02T10:00:00.000Z',
  ...overrides,
});
const owed = order({
  id: 'ccccccccccccccccccccccc2',
  number: 42,
  status: 'open',
  lines: [{ id: 'l2', kind: 'fee', description: 'Late-cancellation fee', quantity: 1, unitPrice: 1000, discount: 0, taxName: null, taxRatePpm: 0, taxInclusive: false, net: 1000, tax: 0, total: 1000 }],
  subtotal: 1000,
  tax: 0,
  total: 1000,
  paid: 0,
  payments: [],
  paidAt: null,
});
const mine = (overrides: Partial<ClientAccountDto> = {}): ClientAccountDto => ({
  clientId: client.user.id,
  clientName: 'Chris Client',
  currency: 'USD',
  balanceOwing: 1000,
  payOnline: true,
  savedCard: false,
  deletionRequestedAt: null,
  packages: [],
  orders: [owed, order({})],
  ledger: [],
  ...overrides,
});

function serve(data: ClientAccountDto, write: (method: string, path: string) => Answer | undefined = () => undefined) {
  return stubFetch((call) =>
    call.method === 'GET'
      ? (({ me: ok(client), 'my/account': ok(data) }) as Record<string, Answer>)[call.path] ?? noStub(call)
      : (write(call.method, call.path) ?? noStub(call)),
  );
}

describe('client › Settings › Payment', () => {
  it('shows the balance, pays an owed order on Stripe’s page, saves a card there, and lists receipts with tax', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const calls = serve(mine(), (method, path) =>
      method === 'POST' && path === `my/orders/${owed.id}/checkout`
        ? ok({ checkoutUrl: 'https://checkout.stripe.test/c/pay/cs_owed' })
        : method === 'POST' && path === 'my/saved-card'
          ? ok({ checkoutUrl: 'https://checkout.stripe.test/c/pay/cs_setup' })
          : undefined,
    );
    renderRoutes([{ path: '/', element: <MyPaymentPage /> }], '/');
    const balance = within(await screen.findByRole('region', { name: 'Balance' }));
    expect(balance.getByText('You owe $10.00.')).toBeTruthy();
    fireEvent.click(balance.getByRole('button', { name: 'Pay $10.00 online for order #42' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_owed'));

    const card = within(screen.getByRole('region', { name: 'Saved card' }));
    expect(card.getByText('No card saved: renewals and fees are paid at the studio.')).toBeTruthy();
    fireEvent.click(card.getByRole('button', { name: 'Save a card' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_setup'));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([`my/orders/${owed.id}/checkout`, 'my/saved-card']);

    const receipt = within(screen.getByRole('listitem', { name: 'Order #41' }));
    expect(receipt.getByText('1 × 10-Class Pack (Sales tax: $14.85)')).toBeTruthy();
    expect(receipt.getByText('Paid $194.85 by card')).toBeTruthy();
  });

  it('removes a saved card after asking; a studio without online payment says to pay at the desk', async () => {
    const calls = serve(mine({ savedCard: true }), (method, path) => (method === 'DELETE' && path === 'my/saved-card' ? ok(null) : undefined));
    renderRoutes([{ path: '/', element: <MyPaymentPage /> }], '/');
    const card = within(await screen.findByRole('region', { name: 'Saved card' }));
    fireEvent.click(card.getByRole('button', { name: 'Remove card' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove your saved card?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Remove card' }));
    expect(await screen.findByText('Your card is removed. Renewals and fees are now paid at the studio.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    cleanup();

    serve(mine({ payOnline: false }));
    renderRoutes([{ path: '/', element: <MyPaymentPage /> }], '/');
    const balance = within(await screen.findByRole('region', { name: 'Balance' }));
    expect(balance.queryByRole('button', { name: /online/ })).toBeNull();
    expect(balance.getByText('Pay at the desk on your next visit.')).toBeTruthy();
    expect(screen.getByText('This studio doesn’t take cards online, so there is no card to save here: pay at the desk (cash or card).')).toBeTruthy();
  });

  it('writes the dates in order lines the studio’s way, and shows older orders a hundred at a time', async () => {
    const newest = Array.from({ length: 100 }, (_, index) =>
      order({ id: `n${String(index).padStart(23, '0')}`, number: 300 - index }),
    );
    newest[0] = order({
      id: 'dropin0000000000000000001',
      number: 300,
      lines: [{ id: 'd1', kind: 'drop-in', description: 'Drop-in: Spin, 2026-11-21', quantity: 1, unitPrice: 2000, discount: 0, taxName: null, taxRatePpm: 0, taxInclusive: false, net: 2000, tax: 0, total: 2000 }],
    });
    const older = Array.from({ length: 30 }, (_, index) => order({ id: `o${String(index).padStart(23, '0')}`, number: 200 - index }));
    const calls = stubFetch((call) => {
      if (call.path === 'me') return ok(client);
      if (call.path === 'my/account') return ok(mine({ orders: newest, balanceOwing: 0 }));
      if (call.path.startsWith('orders?')) {
        const query = new URLSearchParams(call.path.slice('orders?'.length));
        return ok({ items: query.get('page') === '2' ? older : [], total: 130 });
      }
      return noStub(call);
    });
    renderRoutes([{ path: '/', element: <MyPaymentPage /> }], '/');
    const dropIn = within(await screen.findByRole('listitem', { name: 'Order #300' }));
    expect(dropIn.getByText('1 × Drop-in: Spin, Nov 21, 2026')).toBeTruthy();
    expect(screen.queryByText(/2026-11-21/)).toBeNull();

    expect(screen.queryByRole('listitem', { name: 'Order #200' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show older orders' }));
    expect(await screen.findByRole('listitem', { name: 'Order #200' })).toBeTruthy();
    expect(document.querySelectorAll('li[aria-label^="Order #"]')).toHaveLength(130);
    const count = await screen.findByText('Showing 130 of 130 orders.');
    expect(screen.queryByRole('button', { name: 'Show older orders' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(count));
    const asked = calls.find((call) => call.path.startsWith('orders?'));
    expect(new URLSearchParams(asked?.path.split('?')[1]).get('clientId')).toBe(client.user.id);
  }, 30_000);
});
