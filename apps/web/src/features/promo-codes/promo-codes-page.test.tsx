import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PromoCodeDto } from '@kinetic/shared';
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

function serve(write?: (method: string, path: string) => Answer | undefined) {
  const reads: Record<string, Answer> = {
    ...choiceAnswers,
    'promo-codes': ok({ items: [welcome], total: 1 }),
    'packages?pageSize=100': ok({ items: [], total: 0 }),
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

  it('deletes a code by its id after asking', async () => {
    const calls = serve((method, path) =>
      method === 'DELETE' && path === `promo-codes/${CODE_ID}` ? ok(undefined) : undefined,
    );
    renderRoutes([{ path: '/', element: <PromoCodesPage /> }], '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete WELCOME10' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the code' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.path === `promo-codes/${CODE_ID}`)).toBe(
        true,
      ),
    );
  });
});
