import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { PaymentSettingsDto } from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch } from '../../test/render-page.tsx';
import { OnlinePaymentsSection } from './online-payments-section.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const COMPANY_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const notConnected: PaymentSettingsDto = {
  stripe: {
    connected: false,
    mode: null,
    publishableKey: null,
    secretKeyHint: null,
    webhookSecretSet: false,
    webhookUrl: `https://studio.example/api/webhooks/stripe/${COMPANY_ID}`,
  },
  canStoreKeys: true,
  keyCheck: null,
};
const connected: PaymentSettingsDto = {
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

/** The payment settings as the server keeps them: a PUT connects, a DELETE disconnects. */
function serve(start: PaymentSettingsDto) {
  let current = start;
  return stubFetch((call) => {
    if (call.path === 'payment-settings' && call.method === 'GET') return ok(current);
    if (call.path === 'payment-settings/stripe' && call.method === 'PUT') current = connected;
    else if (call.path === 'payment-settings/stripe' && call.method === 'DELETE') current = notConnected;
    else return noStub(call);
    return ok(current);
  });
}

const open = () =>
  renderRoutes([{ path: '/', element: <OnlinePaymentsSection companyId={COMPANY_ID} /> }], '/');

describe('Services and Products › Online payments, by keyboard', () => {
  it('Connect Stripe starts at the first key; saved with Enter in the last field, focus goes to the result line', async () => {
    const calls = serve(notConnected);
    open();
    const connect = await screen.findByRole('button', { name: 'Connect Stripe' });
    connect.focus();
    fireEvent.click(connect);
    const publishable = screen.getByRole('textbox', { name: /^Publishable key/ });
    await waitFor(() => expect(document.activeElement).toBe(publishable));
    fireEvent.change(publishable, { target: { value: 'pk_test_51Kinetic0000publishable' } });
    fireEvent.change(screen.getByLabelText(/^Secret key/), { target: { value: 'sk_test_51Kinetic0000secret1234' } });
    const last = screen.getByLabelText(/^Webhook signing secret/);
    fireEvent.change(last, { target: { value: 'whsec_kineticSecret99' } });
    last.focus();
    // Enter in a field submits its form.
    fireEvent.submit(last.closest('form') as HTMLFormElement);
    expect(await screen.findByText('Stripe connected (test mode), secret key …1234')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    const note = screen.getByRole('status');
    expect(note.textContent).toBe('Stripe accepted the keys: clients can pay online.');
    // Not dropped to the page with the form that went away.
    await waitFor(() => expect(document.activeElement).toBe(note));
  });

  it('Cancel closes the keys form and puts focus back on Connect Stripe', async () => {
    serve(notConnected);
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Stripe' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Connect Stripe' })));
    expect(screen.queryByRole('textbox', { name: /^Publishable key/ })).toBeNull();
  });

  it('Disconnect: its button goes with it, so focus goes to the result line', async () => {
    serve(connected);
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect Stripe' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Not connected: clients pay at the studio.')).toBeTruthy();
    const note = screen.getByRole('status');
    expect(note.textContent).toBe('Stripe disconnected: clients pay at the studio.');
    await waitFor(() => expect(document.activeElement).toBe(note));
  });
});
