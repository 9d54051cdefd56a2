import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ClientsListItemDto } from '@kinetic/shared';
import { CLIENTS_TAB_STORAGE_KEY, clientsTabQueryKey, forgetClientsTab } from '../../shell/clients-tab.ts';
import { noStub, ok, renderRoutes, stubFetch, type Call } from '../../test/render-page.tsx';
import { account, choiceAnswers, studio } from '../schedule/schedule-test-fixtures.ts';
import { ClientsPage } from './clients-page.tsx';

// The first render of a page of cards, and the 300 ms debounce, take longer than 1 s on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

const realMatchMedia = window.matchMedia;
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.matchMedia = realMatchMedia;
  sessionStorage.clear();
});
beforeEach(() => sessionStorage.clear());

/** 23 clients, "Client 01" … "Client 23"; the stub pages, searches and filters them like the server. */
const everyone: ClientsListItemDto[] = Array.from({ length: 23 }, (_, index) => {
  const n = String(index + 1).padStart(2, '0');
  return {
    id: `c0000000000000000000000${String.fromCharCode(97 + index)}`,
    name: `Client ${n}`,
    email: `client${n}@example.com`,
    phone: `(404) 555-00${n}`,
    joinedAt: '2026-03-0' + ((index % 9) + 1) + 'T15:00:00.000Z',
    lastVisitAt: index === 0 ? '2026-11-20T23:00:00.000Z' : null,
    packages:
      index === 0
        ? [{ name: 'Unlimited Monthly', kind: 'membership', creditsLeft: null, paused: false }]
        : index === 1
          ? [
              { name: '10-Class Pack', kind: 'class-pack', creditsLeft: 0, paused: false },
              { name: '10-Class Pack', kind: 'class-pack', creditsLeft: 7, paused: false },
              { name: '5-Class Pack', kind: 'class-pack', creditsLeft: 0, paused: false },
            ]
          : index === 2
            ? [{ name: '5-Class Pack', kind: 'class-pack', creditsLeft: 0, paused: false }]
            : [],
    waiverSigned: index % 2 === 0,
  };
});

function serve(me = account) {
  const lists: URLSearchParams[] = [];
  const fetchStub = stubFetch((call: Call) => {
    if (call.path.startsWith('clients/list?')) {
      const query = new URLSearchParams(call.path.split('?')[1]);
      lists.push(query);
      const search = (query.get('searchString') ?? '').toLowerCase();
      let items = everyone.filter((item) => item.name.toLowerCase().includes(search));
      if (query.get('activeMembership'))
        items = items.filter((item) => item.packages.some((p) => p.kind === 'membership'));
      if (query.get('waiverUnsigned')) items = [];
      if (query.get('orderDirection') === 'desc') items = [...items].reverse();
      const size = Number(query.get('itemsPerPage'));
      const start = Number(query.get('currentPage')) * size;
      return ok({
        items: items.slice(start, start + size),
        total: items.length,
        currency: 'USD',
        timeZone: 'America/New_York',
      });
    }
    const reads: Record<string, ReturnType<typeof ok>> = { ...choiceAnswers, me: ok(me) };
    return reads[call.path] ?? noStub(call);
  });
  return { lists, fetchStub, last: () => lists[lists.length - 1] };
}

const routes = [{ path: '/app/clients', element: <ClientsPage /> }];
const wide = () => {
  window.matchMedia = (query: string) =>
    ({
      matches: query.includes('min-width'),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
};

// Rendering a page of cards takes seconds on a busy two-core machine.
describe('Clients', { timeout: 20_000 }, () => {
  it('asks for the spec defaults and shows each client as a card at narrow width, linked to the profile', async () => {
    const api = serve();
    renderRoutes(routes, '/app/clients');
    const cards = within(await screen.findByRole('list', { name: 'Clients' }));
    expect(api.last()?.toString()).toBe(
      'currentPage=0&itemsPerPage=10&orderBy=First+Name&orderDirection=asc',
    );
    expect(cards.getAllByRole('listitem')).toHaveLength(10);
    const first = within(cards.getAllByRole('listitem')[0] as HTMLElement);
    expect(first.getByRole('link', { name: 'Client 01' }).getAttribute('href')).toBe(
      `/app/clients/profile/${everyone[0]?.id}/${everyone[0]?.id}`,
    );
    expect(first.getByText('client01@example.com · (404) 555-0001')).toBeTruthy();
    expect(first.getByText('Joined Mar 1, 2026 · Last visit Nov 20, 2026')).toBeTruthy();
    expect(first.getByText('Unlimited Monthly')).toBeTruthy();
    expect(first.getByText('Waiver signed')).toBeTruthy();
    expect(
      within(cards.getAllByRole('listitem')[1] as HTMLElement).getByText('10-Class Pack · 7 credits left'),
    ).toBeTruthy();
    expect(
      within(cards.getAllByRole('listitem')[1] as HTMLElement).getByText('Waiver not signed'),
    ).toBeTruthy();
    // Packs with no credit left are still held on the server, but an owner reads only what can be used:
    // one line counts them, and a client whose only pack is used up does not look like a pack holder.
    expect(within(cards.getAllByRole('listitem')[1] as HTMLElement).queryByText(/0 credits left/)).toBeNull();
    expect(
      within(cards.getAllByRole('listitem')[1] as HTMLElement).getByText('+ 2 used-up packs'),
    ).toBeTruthy();
    const third = within(cards.getAllByRole('listitem')[2] as HTMLElement);
    expect(third.queryByText(/credits left/)).toBeNull();
    expect(third.getByText('1 used-up pack')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Showing 1–10 of 23 clients');
    // The owner runs reports: both links are in the header; quick actions include Sell.
    expect(screen.getByRole('link', { name: 'Client insights' }).getAttribute('href')).toBe(
      '/app/client-insights',
    );
    expect(screen.getByRole('link', { name: 'Client report (CSV)' }).getAttribute('href')).toBe(
      '/app/clientreports',
    );
    expect(first.getByRole('button', { name: 'Sell Client 01 a package' })).toBeTruthy();
    expect(first.getByRole('button', { name: 'Book Client 01 into a class' })).toBeTruthy();
    expect(first.getByRole('button', { name: 'Send Client 01 a password-reset link' })).toBeTruthy();
  });

  it('searches as you type (debounced, focus kept), back to the first page, and remembers it in sessionStorage', async () => {
    const api = serve();
    renderRoutes(routes, '/app/clients');
    await screen.findByRole('list', { name: 'Clients' });
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(api.last()?.get('currentPage')).toBe('1'));
    const search = screen.getByRole('searchbox', { name: /Search clients/ });
    search.focus();
    fireEvent.change(search, { target: { value: 'client 2' } });
    await waitFor(() => expect(api.last()?.get('searchString')).toBe('client 2'));
    expect(api.last()?.get('currentPage')).toBe('0');
    // One request for the typing, not one per key.
    expect(api.lists.filter((query) => query.get('searchString')).length).toBe(1);
    expect(await screen.findByRole('link', { name: 'Client 23' })).toBeTruthy();
    expect(document.activeElement).toBe(search);
    expect(screen.getByRole('status').textContent).toBe('Showing 1–4 of 4 clients');
    expect(JSON.parse(sessionStorage.getItem(CLIENTS_TAB_STORAGE_KEY) ?? '{}')).toMatchObject({
      searchString: 'client 2',
      currentPage: 0,
    });
  });

  it('filters, says when nothing matches with a way out, and pages with the page and size kept', async () => {
    const api = serve();
    renderRoutes(routes, '/app/clients');
    await screen.findByRole('list', { name: 'Clients' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Active membership' }));
    await waitFor(() => expect(api.last()?.get('activeMembership')).toBe('true'));
    expect(await screen.findByText('Showing 1–1 of 1 client')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Waiver not signed' }));
    expect(await screen.findByText('No client matches with these filters.')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear search and filters' })[0] as HTMLElement);
    // The button went away: the focus is in the search, not lost.
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: /Search clients/ }));
    await waitFor(() =>
      expect(api.last()?.toString()).toBe(
        'currentPage=0&itemsPerPage=10&orderBy=First+Name&orderDirection=asc',
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Showing 21–23 of 23 clients')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('comes back where it was (sessionStorage), and without report rights or selling shows no report links or Sell', async () => {
    sessionStorage.setItem(
      CLIENTS_TAB_STORAGE_KEY,
      JSON.stringify({
        searchString: 'client',
        currentPage: 1,
        itemsPerPage: 10,
        orderBy: 'Joined',
        orderDirection: 'desc',
        studioId: studio.id,
      }),
    );
    const api = serve({
      ...account,
      can: { ...account.can, runReports: false, seeFinancials: false, sellAndRefund: false },
    });
    renderRoutes(routes, '/app/clients');
    await screen.findByRole('list', { name: 'Clients' });
    expect(api.lists[0]?.toString()).toBe(
      `currentPage=1&itemsPerPage=10&searchString=client&orderBy=Joined&orderDirection=desc&studioId=${studio.id}`,
    );
    expect((screen.getByRole('searchbox', { name: /Search clients/ }) as HTMLInputElement).value).toBe(
      'client',
    );
    expect(screen.queryByRole('link', { name: 'Client insights' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Client report (CSV)' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Sell / })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Book / }).length).toBeGreaterThan(0);
  });

  it('is the clients tab that logout and the session watcher forget: its query and its stored state', async () => {
    serve();
    const { queryClient } = renderRoutes(routes, '/app/clients');
    await screen.findByRole('list', { name: 'Clients' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'No visit in 30 days' }));
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem(CLIENTS_TAB_STORAGE_KEY) ?? '{}')).toMatchObject({
        noRecentVisit: true,
      }),
    );
    const cached = () =>
      queryClient.getQueryCache().findAll({ queryKey: clientsTabQueryKey(account.company.id) });
    expect(cached().length).toBeGreaterThan(0);
    forgetClientsTab(queryClient);
    expect(cached()).toHaveLength(0);
    expect(sessionStorage.getItem(CLIENTS_TAB_STORAGE_KEY)).toBeNull();
  });

  it('at wide screens is a table whose column headers sort, saying how', async () => {
    wide();
    const api = serve();
    renderRoutes(routes, '/app/clients');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    const name = within(table).getByRole('columnheader', { name: /^Name/ });
    expect(name.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(table).getByRole('button', { name: /^Email and phone/ }));
    await waitFor(() => expect(api.last()?.get('orderBy')).toBe('Email'));
    expect(api.last()?.get('orderDirection')).toBe('asc');
    fireEvent.click(
      within(screen.getByRole('table')).getByRole('button', { name: /^Email and phone, sorted A to Z/ }),
    );
    await waitFor(() => expect(api.last()?.get('orderDirection')).toBe('desc'));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table'))
          .getByRole('columnheader', { name: /^Email/ })
          .getAttribute('aria-sort'),
      ).toBe('descending'),
    );
  });
});
