import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  defaultCan,
  type AccountDto,
  type WebhookDeliveryDto,
  type WebhookEndpointDto,
} from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch } from '../../test/render-page.tsx';
import { WebhooksPage } from './webhooks-page.tsx';

// Mantine's autosize Textarea (the signing secret) listens for web fonts, which jsdom does not have.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const ID = '0123456789abcdef01234567';
const admin: AccountDto = {
  user: { id: ID, name: 'Olive Owner', email: 'olive@example.com', phone: null, roleId: 'admin' },
  company: { id: ID, slug: 'acme', name: 'Acme Yoga', kind: 'company', logoUrl: null, locale: 'en-US' },
  hostType: 'company',
  onBoardingData: [],
  can: defaultCan('admin'),
};
const endpoint: WebhookEndpointDto = {
  id: '0123456789abcdef0123456a',
  url: 'https://hooks.example.com/kinetic',
  description: 'Zapier',
  events: ['booking.created'],
  active: true,
  secret: 'whsec_secret',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  lastDelivery: null,
};
const failedPing: WebhookDeliveryDto = {
  id: '0123456789abcdef0123456b',
  endpointId: endpoint.id,
  eventId: 'evt_0123456789abcdef0123456b',
  eventType: 'ping',
  status: 'failed',
  attempts: 1,
  responseStatus: 500,
  responseBody: 'boom',
  lastError: 'The receiver answered 500',
  createdAt: '2026-11-20T10:05:00.000Z',
  lastAttemptAt: '2026-11-20T10:05:00.000Z',
  deliveredAt: null,
  payload: {},
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Settings › Webhooks', () => {
  it('tells a staff member with Manage settings alone why the page is not theirs, and asks the server nothing', async () => {
    const settingsOnly: AccountDto = {
      ...admin,
      user: { ...admin.user, roleId: 'staff' },
      can: { ...defaultCan('staff'), manageSettings: true, manageClients: true, seeFinancials: false },
    };
    stubFetch((call) => (call.path === 'me' ? ok(settingsOnly) : noStub(call)));
    renderRoutes([{ path: '/', element: <WebhooksPage /> }], '/');
    expect(await screen.findByText('Webhooks are for the owner and admins')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add endpoint' })).toBeNull();
  });

  it('names a refused address at its field and keeps the focus there; then lists the endpoint', async () => {
    let listed: WebhookEndpointDto[] = [];
    stubFetch((call) => {
      if (call.path === 'me') return ok(admin);
      if (call.path === 'webhook-endpoints' && call.method === 'GET') return ok({ items: listed });
      if (call.path === 'webhook-endpoints' && call.method === 'POST') {
        const body = call.body as { url: string; events: string[] };
        if (body.url.startsWith('http:'))
          return {
            code: 400,
            body: {
              status: 0,
              message: 'Use an https:// address (webhooks are sent only over https)',
              errors: { url: 'Use an https:// address (webhooks are sent only over https)' },
            },
          };
        expect(body.events).toEqual(['booking.created']);
        listed = [endpoint];
        return { code: 201, body: { status: 1, data: endpoint } };
      }
      return noStub(call);
    });
    renderRoutes([{ path: '/', element: <WebhooksPage /> }], '/');
    expect(await screen.findByText('No endpoints yet. Add one to start receiving events.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog');
    const address = within(dialog).getByRole('textbox', { name: /Endpoint address/ });
    fireEvent.change(address, { target: { value: 'http://hooks.example.com/kinetic' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /booking\.created/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(
      await within(dialog).findByText('Use an https:// address (webhooks are sent only over https)'),
    ).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(address));

    fireEvent.change(address, { target: { value: 'https://hooks.example.com/kinetic' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(
      await screen.findByText(
        'Endpoint added: https://hooks.example.com/kinetic. Send a test event to check your receiver.',
      ),
    ).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Zapier' })).toBeTruthy();
  });

  it('says why a test event was not delivered', async () => {
    stubFetch((call) => {
      if (call.path === 'me') return ok(admin);
      if (call.path === 'webhook-endpoints' && call.method === 'GET') return ok({ items: [endpoint] });
      if (call.path === `webhook-endpoints/${endpoint.id}/test`) return ok(failedPing);
      if (call.path.startsWith(`webhook-endpoints/${endpoint.id}/deliveries`))
        return ok({ items: [failedPing], total: 1 });
      return noStub(call);
    });
    renderRoutes([{ path: '/', element: <WebhooksPage /> }], '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText('Test event not delivered: the receiver answered 500.')).toBeTruthy();
    const log = await screen.findByRole('list', { name: 'Deliveries' });
    expect(within(log).getByText('Failed')).toBeTruthy();
    expect(within(log).getByText('The receiver answered 500')).toBeTruthy();
    expect(
      within(log).getByText('Kinetic has stopped trying this one. Once the receiver works, Re-send it.'),
    ).toBeTruthy();
  });

  it('says a delivery the receiver refused is retried by itself, and the endpoint that it is not delivered yet', async () => {
    const retrying: WebhookDeliveryDto = { ...failedPing, eventType: 'booking.created', status: 'pending' };
    const waiting = {
      ...endpoint,
      lastDelivery: { status: 'pending' as const, createdAt: retrying.createdAt },
    };
    stubFetch((call) => {
      if (call.path === 'me') return ok(admin);
      if (call.path === 'webhook-endpoints' && call.method === 'GET') return ok({ items: [waiting] });
      if (call.path.startsWith(`webhook-endpoints/${endpoint.id}/deliveries`))
        return ok({ items: [retrying], total: 1 });
      return noStub(call);
    });
    renderRoutes([{ path: '/', element: <WebhooksPage /> }], '/');
    expect(await screen.findByText(/: not delivered yet \(being sent or retried\)$/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delivery log' }));
    const log = await screen.findByRole('list', { name: 'Deliveries' });
    expect(within(log).getByText('Retrying')).toBeTruthy();
    expect(within(log).getByText(/Kinetic tries again by itself, waiting longer each time/)).toBeTruthy();
  });
});
