import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { defaultCan, type AccountDto } from '@kinetic/shared';
import { adminAppRoute } from '../../app/admin-routes.tsx';
import { noStub, ok, renderRoutes, stubFetch } from '../../test/render-page.tsx';
import { CalendarPage } from '../schedule/calendar-page.tsx';
import { instructors, studio, template } from '../schedule/schedule-test-fixtures.ts';
import { PrivateSessionsPage } from './private-sessions-page.tsx';
import { appointmentType } from './appointment-test-fixtures.ts';

const ID = '0123456789abcdef01234567';

const solo: AccountDto = {
  user: { id: ID, name: 'Jo Solo', email: 'jo@example.com', phone: null, roleId: 'solo-instructor' },
  company: { id: ID, slug: 'jo', name: 'Jo Pilates', kind: 'solo', logoUrl: null, locale: 'en-US' },
  hostType: 'solo-instructor',
  onBoardingData: [],
  can: defaultCan('solo-instructor'),
};
const company: AccountDto = {
  ...solo,
  user: { ...solo.user, roleId: 'admin' },
  company: { ...solo.company, slug: 'acme', kind: 'company' },
  hostType: 'company',
  can: defaultCan('admin'),
};

function serve(me: AccountDto) {
  return stubFetch((call) => {
    if (call.path === 'me') return ok(me);
    if (call.path === 'class-templates?status=active&pageSize=100')
      return ok({ items: [template], total: 1 });
    if (call.path === 'studios?pageSize=100') return ok({ items: [studio], total: 1 });
    if (call.path === 'instructors?status=all&pageSize=100') return ok({ items: [instructors[0]], total: 1 });
    if (call.path === 'appointment-types') return ok({ items: [appointmentType] });
    if (call.path.startsWith('class-instances?') || call.path.startsWith('event-dates'))
      return ok({ items: [] });
    return noStub(call);
  });
}

beforeEach(() => {
  document.cookie = 'token=t; Path=/';
  document.cookie = `user=${encodeURIComponent(JSON.stringify({ _id: ID, companyId: ID, soloInstructorId: ID, clientSignupDetailsId: null }))}; Path=/`;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.cookie = 'user=; Path=/; Max-Age=0';
  document.cookie = 'token=; Path=/; Max-Age=0';
});

describe('solo instructors and appointments (spec §6)', { timeout: 20_000 }, () => {
  it('a solo user is refused the Appointment page, and finds Private Sessions under Settings', async () => {
    serve(solo);
    renderRoutes([adminAppRoute('/:company/:roleId/app')], '/jo/solo-instructor/app/appointment');
    const main = within(await screen.findByRole('main'));
    expect(await main.findByText(/not available/i, {}, { timeout: 5_000 })).toBeTruthy();
    expect(main.queryByRole('navigation', { name: 'Appointment' })).toBeNull();
    expect(
      within(screen.getByRole('navigation', { name: 'Main menu' })).queryByRole('link', {
        name: 'Appointment',
      }),
    ).toBeNull();
    cleanup();
    serve(solo);
    renderRoutes(
      [adminAppRoute('/:company/:roleId/app')],
      '/jo/solo-instructor/app/settings/privateSessions',
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Private Sessions' }, { timeout: 5_000 }),
    ).toBeTruthy();
    const menu = within(screen.getByRole('navigation', { name: 'Main menu' }));
    expect(menu.getByRole('link', { name: 'Private Sessions' }).getAttribute('href')).toBe(
      '/jo/solo-instructor/app/settings/privateSessions',
    );
    // W2's editors for the solo owner's types and hours.
    expect(screen.getByRole('heading', { level: 2, name: 'Session types' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Working hours' })).toBeTruthy();
    // The page's own headings only: the panels' headings are left out, so none is said twice.
    await waitFor(() => expect(screen.queryByText('Loading…')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Appointment types' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Availability' })).toBeNull();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Session types',
      'Working hours',
    ]);
  });

  it('the solo Calendar books a private session with no instructor to choose; focus returns to the button', async () => {
    serve(solo);
    renderRoutes(
      [{ path: '/:company/:roleId/app/calendar', element: <CalendarPage /> }],
      '/jo/solo-instructor/app/calendar',
    );
    const button = await screen.findByRole('button', { name: 'Book a private session' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    button.focus();
    fireEvent.click(button);
    const dialog = within(await screen.findByRole('dialog', { name: 'Book a private session' }));
    expect(dialog.getByRole('combobox', { name: /^Client/ })).toBeTruthy();
    expect(dialog.queryByRole('combobox', { name: 'Instructor' })).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('a company admin opening Private Sessions by address is sent to the Appointment page’s Types tab', async () => {
    document.cookie = `user=${encodeURIComponent(JSON.stringify({ _id: ID, companyId: ID, soloInstructorId: null, clientSignupDetailsId: null }))}; Path=/`;
    serve(company);
    renderRoutes(
      [{ path: '/:company/:roleId/app/settings/privateSessions', element: <PrivateSessionsPage /> }],
      '/acme/admin/app/settings/privateSessions',
    );
    const link = await screen.findByRole('link', { name: 'Appointment page’s Types tab' });
    expect(link.getAttribute('href')).toBe('/acme/admin/app/appointment/types');
  });
});
