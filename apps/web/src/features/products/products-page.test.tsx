import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProductDto } from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch, type Answer } from '../../test/render-page.tsx';
import { choiceAnswers } from '../schedule/schedule-test-fixtures.ts';
import { ProductsPage } from './products-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const RATE_ID = 'dddddddddddddddddddddddd';
const socks: ProductDto = {
  id: 'eeeeeeeeeeeeeeeeeeeeeeee',
  kind: 'product',
  name: 'Grip socks',
  description: null,
  price: 1400,
  currency: 'USD',
  taxRateId: RATE_ID,
  sku: 'SOCK-GRIP',
  archived: false,
  createdAt: '2026-11-01T00:00:00.000Z',
};

const notConnected = {
  stripe: {
    connected: false,
    mode: null,
    publishableKey: null,
    secretKeyHint: null,
    webhookSecretSet: false,
    webhookUrl: 'https://studio.example/api/webhooks/stripe/aaaaaaaaaaaaaaaaaaaaaaaa',
  },
  canStoreKeys: true,
  keyCheck: null,
};
const connected = {
  ...notConnected,
  stripe: {
    ...notConnected.stripe,
    connected: true,
    mode: 'test',
    publishableKey: 'pk_test_51Kinetic0000publishable',
    secretKeyHint: '…1234',
    webhookSecretSet: true,
  },
  keyCheck: 'accepted',
};

function serve(write?: (method: string, path: string) => Answer | undefined) {
  const reads: Record<string, Answer> = {
    ...choiceAnswers,
    'company/details': ok({ currency: 'USD' }),
    'products?status=all&pageSize=100': ok({ items: [socks], total: 1 }),
    'payment-settings': ok(notConnected),
    'tax-rates': ok({
      items: [{ id: RATE_ID, name: 'Sales tax', ratePpm: 89_000, inclusive: false, createdAt: '' }],
      total: 1,
    }),
  };
  return stubFetch((call) =>
    call.method === 'GET'
      ? (reads[call.path] ?? noStub(call))
      : (write?.(call.method, call.path) ?? noStub(call)),
  );
}

describe('Settings › Services and Products', () => {
  it('lists items with price, kind, SKU and tax, and the company’s tax rates', async () => {
    serve();
    renderRoutes([{ path: '/', element: <ProductsPage /> }], '/');
    expect(await screen.findByText('Grip socks')).toBeTruthy();
    expect(screen.getByText('$14.00')).toBeTruthy();
    expect(await screen.findByText('Product · SKU SOCK-GRIP · Sales tax 8.9%, added on top')).toBeTruthy();
    const taxes = within(screen.getByRole('region', { name: 'Tax rates' }));
    expect(taxes.getByText('Sales tax 8.9%, added on top')).toBeTruthy();
  });

  it('adds a tax rate typed as a percent and sent as basis points', async () => {
    const calls = serve((method, path) =>
      method === 'POST' && path === 'tax-rates'
        ? {
            code: 201,
            body: {
              status: 1,
              data: { id: RATE_ID, name: 'VAT', ratePpm: 200_000, inclusive: true, createdAt: '' },
            },
          }
        : undefined,
    );
    renderRoutes([{ path: '/', element: <ProductsPage /> }], '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Add tax rate' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a tax rate' }));
    fireEvent.change(dialog.getByRole('textbox', { name: /^Name/ }), { target: { value: 'VAT' } });
    fireEvent.change(dialog.getByRole('textbox', { name: /^Rate/ }), { target: { value: '8.875' } });
    fireEvent.click(dialog.getByRole('checkbox', { name: /include this tax/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Add tax rate' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'VAT',
      ratePpm: 88_750,
      inclusive: true,
    });
  });

  it('shows why a rate in use cannot be deleted', async () => {
    serve((method) =>
      method === 'DELETE'
        ? {
            code: 409,
            body: {
              status: 0,
              message: 'Packages or items still use this tax rate; choose another rate for them first.',
            },
          }
        : undefined,
    );
    renderRoutes([{ path: '/', element: <ProductsPage /> }], '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Sales tax' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the rate' }));
    expect(await screen.findByText(/still use this tax rate/)).toBeTruthy();
  });

  it('connects Stripe: checks the keys’ shape first, sends them once, then shows only a hint', async () => {
    const calls = serve((method, path) =>
      method === 'PUT' && path === 'payment-settings/stripe' ? ok(connected) : undefined,
    );
    renderRoutes([{ path: '/', element: <ProductsPage /> }], '/');
    expect(await screen.findByText(/webhooks\/stripe\/aaaaaaaaaaaaaaaaaaaaaaaa/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Stripe' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Publishable key/ }), {
      target: { value: 'sk_test_oops12345678' },
    });
    fireEvent.change(screen.getByLabelText(/Secret key/), { target: { value: 'sk_test_51Kinetic0000secret1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save keys' }));
    expect(await screen.findByText('Paste the whole publishable key from Stripe: pk_test_ or pk_live_ and then at least 8 letters or digits')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(screen.getByRole('textbox', { name: /Publishable key/ }), {
      target: { value: 'pk_test_51Kinetic0000publishable' },
    });
    fireEvent.change(screen.getByLabelText(/Webhook signing secret/), { target: { value: 'whsec_kineticSecret99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save keys' }));
    expect(await screen.findByText('Stripe connected (test mode), secret key …1234')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      publishableKey: 'pk_test_51Kinetic0000publishable',
      secretKey: 'sk_test_51Kinetic0000secret1234',
      webhookSecret: 'whsec_kineticSecret99',
    });
    expect(screen.getByText('Stripe accepted the keys: clients can pay online.').getAttribute('role')).toBe('status');
  });

  it('says plainly when the server cannot store keys', async () => {
    const reads: Record<string, Answer> = {
      ...choiceAnswers,
      'company/details': ok({ currency: 'USD' }),
      'products?status=all&pageSize=100': ok({ items: [], total: 0 }),
      'tax-rates': ok({ items: [], total: 0 }),
      'payment-settings': ok({ ...notConnected, canStoreKeys: false }),
    };
    stubFetch((call) => reads[call.path] ?? noStub(call));
    renderRoutes([{ path: '/', element: <ProductsPage /> }], '/');
    expect(await screen.findByText('Online payments are not available on this server')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect Stripe' })).toBeNull();
  });
});
