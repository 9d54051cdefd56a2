import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { defaultCan, type AccountDto, type RoleId } from '@kinetic/shared';
import { NOT_FOUND_TEXT } from '../features/not-found/not-found-page.tsx';
import { renderRoutes, stubApi } from '../test/render-page.tsx';
import { SettingsComingSoon } from './admin-coming-soon.tsx';
import { AdminShell } from './admin-shell.tsx';
import { ClientShell } from './client-shell.tsx';
import { UnsavedChangesDialog } from '../ui/unsaved-changes-dialog.tsx';
import { useUnsavedChangesGuard } from '../ui/use-unsaved-changes-guard.ts';

const ID = '0123456789abcdef01234567';

function account(slug: string, roleId: RoleId): AccountDto {
  const solo = roleId === 'solo-instructor' || roleId === 'solo-client';
  return {
    user: { id: ID, name: 'Olive Owner', email: 'olive@example.com', phone: null, roleId },
    company: {
      id: ID,
      slug,
      name: 'Acme Yoga',
      kind: solo ? 'solo' : 'company',
      logoUrl: null,
      locale: 'en-US',
    },
    hostType: solo ? roleId : 'company',
    onBoardingData: [],
    can: defaultCan('admin'),
  };
}

const adminPages = [
  { index: true, element: <h1>Dashboard</h1> },
  { path: 'account', element: <h1>My account</h1> },
  { path: 'settings/:settingsPage/*', element: <SettingsComingSoon /> },
];
const routes = [
  { path: '/app', element: <AdminShell />, children: adminPages },
  { path: '/:company/:roleId/app', element: <AdminShell />, children: adminPages },
  {
    path: '/:company/:roleId/client',
    element: <ClientShell />,
    children: [{ index: true, element: <h1>Calendar</h1> }],
  },
];

function signedInAs(me: AccountDto) {
  vi.stubGlobal('fetch', stubApi({ me: { body: { status: 1, data: me } } }).fetchStub);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("protected areas belong to the session's company and kind of role", () => {
  it.each([
    ['an admin', account('acme', 'admin'), '/other/admin/app/account', '/app'],
    ['an admin', account('acme', 'admin'), '/x/solo-instructor/app', '/app'],
    [
      'a solo instructor',
      account('jo', 'solo-instructor'),
      '/ann/solo-instructor/app',
      '/jo/solo-instructor/app',
    ],
    ['a solo instructor', account('jo', 'solo-instructor'), '/jo/admin/app', '/jo/solo-instructor/app'],
    ['a client', account('acme', 'client'), '/other/client/client', '/acme/client/client'],
    ['a client', account('acme', 'client'), '/acme/admin/app', '/acme/client/client'],
    ['a solo client', account('jo', 'solo-client'), '/ann/solo-client/client', '/jo/solo-client/client'],
  ])('%s opening %s goes to their own area', async (_who, me, path, own) => {
    signedInAs(me);
    const { router } = renderRoutes(routes, path);
    await waitFor(() => expect(router.state.location.pathname).toBe(own));
  });

  it('stays on its own address', async () => {
    signedInAs(account('acme', 'admin'));
    const { router } = renderRoutes(routes, '/acme/admin/app/account');
    await screen.findByRole('heading', { name: 'My account' });
    expect(router.state.location.pathname).toBe('/acme/admin/app/account');
  });
});

describe('focus and landmarks inside the shells', () => {
  it('moves focus to the one <main> after a navigation', async () => {
    signedInAs(account('acme', 'admin'));
    renderRoutes(routes, '/app');
    await screen.findByRole('heading', { name: 'Dashboard' });
    fireEvent.click(screen.getByRole('link', { name: /My account/ }));
    await screen.findByRole('heading', { name: 'My account' });
    await waitFor(() => expect(document.activeElement?.id).toBe('main'));
    expect(document.querySelectorAll('main')).toHaveLength(1);
  });

  it('the client shell does the same', async () => {
    signedInAs(account('acme', 'client'));
    const { router } = renderRoutes(
      [
        ...routes.slice(0, 2),
        {
          ...routes[2]!,
          children: [
            { index: true, element: <h1>Calendar</h1> },
            { path: 'settings/account-details', element: <h1>Account details</h1> },
          ],
        },
      ],
      '/acme/client/client',
    );
    await screen.findByRole('heading', { name: 'Calendar' });
    await router.navigate('/acme/client/client/settings/account-details');
    await screen.findByRole('heading', { name: 'Account details' });
    await waitFor(() => expect(document.activeElement?.id).toBe('main'));
  });

  it('a not-found page inside the admin shell adds no second <main>', async () => {
    signedInAs(account('acme', 'admin'));
    renderRoutes(routes, '/app/settings/no-such-page');
    await screen.findByRole('heading', { name: NOT_FOUND_TEXT }, { timeout: 4_000 });
    expect(document.querySelectorAll('main')).toHaveLength(1);
    expect(document.querySelectorAll('#main')).toHaveLength(1);
  });
});

describe('the settings menu group', () => {
  it('is a button that opens and closes by click and reports aria-expanded', async () => {
    signedInAs(account('acme', 'admin'));
    renderRoutes(routes, '/app');
    const settings = await screen.findByRole('button', { name: 'Settings' });
    expect(settings.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(settings);
    await waitFor(() => expect(settings.getAttribute('aria-expanded')).toBe('true'));
    // The group's pages follow the account's `can` (its request may still be on its way on a busy machine).
    expect(await screen.findByRole('link', { name: /Company Details/ }, { timeout: 5_000 })).toBeTruthy();
    fireEvent.click(settings);
    await waitFor(() => expect(settings.getAttribute('aria-expanded')).toBe('false'));
  });

  it('is open on a settings page', async () => {
    signedInAs(account('acme', 'admin'));
    renderRoutes(routes, '/app/settings/studios');
    const settings = await screen.findByRole('button', { name: 'Settings' });
    expect(settings.getAttribute('aria-expanded')).toBe('true');
  });
});

function EditingPage() {
  useUnsavedChangesGuard(true);
  return <h1>Editing</h1>;
}

/** A phone-sized screen: the side menu is a drawer behind the menu button. */
function narrowScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

describe('the menu drawer on a narrow screen', () => {
  const drawerRoutes = [
    {
      path: '/app',
      element: (
        <>
          <UnsavedChangesDialog />
          <AdminShell />
        </>
      ),
      children: [...adminPages, { path: 'editing', element: <EditingPage /> }],
    },
  ];

  async function openMenu() {
    fireEvent.click(await screen.findByRole('button', { name: 'Open the menu' }));
    const burger = await screen.findByRole('button', { name: 'Close the menu' });
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() =>
      expect(document.getElementById('admin-navigation')?.hasAttribute('inert')).toBe(false),
    );
    return burger;
  }

  it('closes on Escape and puts focus back on the menu button', async () => {
    narrowScreen();
    signedInAs(account('acme', 'admin'));
    renderRoutes(drawerRoutes, '/app');
    await screen.findByRole('heading', { name: 'Dashboard' });
    const burger = await openMenu();
    const item = screen.getByRole('link', { name: /My account/ });
    item.focus();
    fireEvent.keyDown(item, { key: 'Escape' });
    await waitFor(() => expect(burger.getAttribute('aria-expanded')).toBe('false'));
    expect(burger.getAttribute('aria-label')).toBe('Open the menu');
    expect(document.activeElement).toBe(burger);
    expect(document.getElementById('admin-navigation')?.hasAttribute('inert')).toBe(true);
  });

  it('stays open when "Leave without saving?" stops the navigation (Stay), with focus back on the item', async () => {
    narrowScreen();
    signedInAs(account('acme', 'admin'));
    const { router } = renderRoutes(drawerRoutes, '/app/editing');
    await screen.findByRole('heading', { name: 'Editing' });
    const burger = await openMenu();
    const item = screen.getByRole('link', { name: /My account/ });
    item.focus();
    fireEvent.click(item);
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    // Escape answers the dialog (Stay); it does not also close the menu underneath.
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/app/editing');
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(item));

    // The menu closes once a navigation really happens.
    fireEvent.click(item);
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await screen.findByRole('heading', { name: 'My account' });
    await waitFor(() => expect(burger.getAttribute('aria-expanded')).toBe('false'));
  });
});
