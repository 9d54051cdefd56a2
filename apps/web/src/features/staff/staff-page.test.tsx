import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { defaultCan, type AccountDto, type StaffMemberDto, type StaffOverviewDto } from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch } from '../../test/render-page.tsx';
import { StaffPage } from './staff-page.tsx';

const ID = '0123456789abcdef01234567';
const MIDTOWN = 'cccccccccccccccccccccccc';
const ANNEX = 'eeeeeeeeeeeeeeeeeeeeeeee';

const admin: AccountDto = {
  user: { id: ID, name: 'Olive Owner', email: 'olive@example.com', phone: null, roleId: 'admin' },
  company: { id: ID, slug: 'acme', name: 'Acme Yoga', kind: 'company', logoUrl: null, locale: 'en-US' },
  hostType: 'company',
  onBoardingData: [],
  can: defaultCan('admin'),
};

const person = (id: string, overrides: Partial<StaffMemberDto>): StaffMemberDto => ({
  id,
  name: 'Someone',
  email: `${id}@example.com`,
  phone: null,
  role: 'instructor',
  status: 'active',
  invitationExpiresAt: null,
  deactivatedAt: null,
  studios: [],
  abilities: ['checkIn'],
  defaultAbilities: true,
  instructorId: null,
  isYou: false,
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
  ...overrides,
});

const week = (weekStart: string): StaffOverviewDto => ({
  weekStart,
  weekEnd: weekStart === '2026-11-23' ? '2026-11-29' : '2026-11-22',
  today: '2026-11-26',
  studios: [
    { id: ANNEX, name: 'Annex' },
    { id: MIDTOWN, name: 'Midtown' },
  ],
  members: [
    {
      member: person('aaaaaaaaaaaaaaaaaaaaaaa1', {
        name: 'Indira Patel',
        status: 'invited',
        studios: [{ id: MIDTOWN, name: 'Midtown' }],
        instructorId: 'dddddddddddddddddddddddd',
      }),
      classes: [
        {
          id: 'ffffffffffffffffffffff01',
          localDate: '2026-11-23',
          startsAt: '2026-11-23T23:00:00.000Z',
          endsAt: '2026-11-24T00:00:00.000Z',
          timeZone: 'America/New_York',
          className: 'Power Yoga',
          studioId: MIDTOWN,
          studioName: 'Midtown',
          substituteFor: null,
          cancelled: false,
        },
        {
          id: 'ffffffffffffffffffffff02',
          localDate: '2026-11-25',
          startsAt: '2026-11-25T14:30:00.000Z',
          endsAt: '2026-11-25T15:30:00.000Z',
          timeZone: 'America/New_York',
          className: 'Pilates',
          studioId: ANNEX,
          studioName: 'Annex',
          substituteFor: 'Marco Reyes',
          cancelled: false,
        },
      ],
    },
    {
      member: person('aaaaaaaaaaaaaaaaaaaaaaa2', {
        name: 'Sam Desk',
        role: 'staff',
        studios: [{ id: ANNEX, name: 'Annex' }],
      }),
      classes: [],
    },
  ],
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Staff page', () => {
  it("shows each person's classes this week with substitutes marked, filters by studio, resends an invitation", async () => {
    const calls = stubFetch((call) => {
      if (call.path === 'me') return ok(admin);
      if (call.path === 'staff-members/overview') return ok(week('2026-11-23'));
      if (call.path === 'staff-members/overview?weekOf=2026-11-16') return ok(week('2026-11-16'));
      if (call.path === 'staff-members/aaaaaaaaaaaaaaaaaaaaaaa1/invitation')
        return ok(person('aaaaaaaaaaaaaaaaaaaaaaa1', { name: 'Indira Patel', status: 'invited' }));
      return noStub(call);
    });
    renderRoutes([{ path: '/app/staff', element: <StaffPage /> }], '/app/staff');

    const indira = await screen.findByRole('listitem', { name: 'Indira Patel' });
    expect(within(indira).getByText('2 classes this week')).toBeTruthy();
    expect(within(indira).getByText('Mon 6:00 PM · Power Yoga · Midtown')).toBeTruthy();
    expect(within(indira).getByText('Wed 9:30 AM · Pilates · Annex')).toBeTruthy();
    expect(within(indira).getByText('Substitute for Marco Reyes')).toBeTruthy();
    expect(within(indira).getByText('Invited')).toBeTruthy();
    expect(within(indira).getByRole('link', { name: 'Edit Indira Patel' }).getAttribute('href')).toBe(
      '/app/settings/staffMembers/edit/aaaaaaaaaaaaaaaaaaaaaaa1',
    );
    const sam = screen.getByRole('listitem', { name: 'Sam Desk' });
    expect(within(sam).getByText('Not an instructor: teaches no classes.')).toBeTruthy();
    expect(within(sam).queryByRole('button', { name: /Resend/ })).toBeNull();
    expect(screen.getByText('This week: Mon, Nov 23 – Sun, Nov 29')).toBeTruthy();

    fireEvent.click(within(indira).getByRole('button', { name: 'Resend the invitation to Indira Patel' }));
    expect(
      await screen.findByText(/Invitation sent again to aaaaaaaaaaaaaaaaaaaaaaa1@example.com/),
    ).toBeTruthy();

    // Midtown: Indira works there; only her Midtown class is listed; Sam (Annex) is not.
    fireEvent.change(screen.getByRole('combobox', { name: 'Studio' }), { target: { value: MIDTOWN } });
    const filtered = await screen.findByRole('listitem', { name: 'Indira Patel' });
    expect(within(filtered).getByText('1 class this week')).toBeTruthy();
    expect(within(filtered).queryByText(/Pilates/)).toBeNull();
    expect(screen.queryByRole('listitem', { name: 'Sam Desk' })).toBeNull();

    // Everyone has a studio: "No studio chosen" says so rather than calling it a studio.
    fireEvent.change(screen.getByRole('combobox', { name: 'Studio' }), { target: { value: 'none' } });
    expect(await screen.findByText('Everyone on the team has a studio chosen.')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Studio' }), { target: { value: MIDTOWN } });

    fireEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(await screen.findByText('Week: Mon, Nov 16 – Sun, Nov 22')).toBeTruthy();
    expect(calls.some((call) => call.path === 'staff-members/overview?weekOf=2026-11-16')).toBe(true);
  });

  it('offers no Payroll tab to someone who manages staff without seeing financial data', async () => {
    stubFetch((call) => {
      if (call.path === 'me')
        return ok({
          ...admin,
          user: { ...admin.user, roleId: 'staff' },
          can: { ...defaultCan('staff'), manageStaff: true, seeFinancials: false },
        });
      if (call.path === 'staff-members/overview') return ok(week('2026-11-23'));
      return noStub(call);
    });
    renderRoutes([{ path: '/app/staff', element: <StaffPage /> }], '/app/staff');
    await screen.findByRole('listitem', { name: 'Indira Patel' });
    const tabs = within(screen.getByRole('navigation', { name: 'Staff' }));
    expect(tabs.getByRole('link', { name: 'Team' })).toBeTruthy();
    expect(tabs.queryByRole('link', { name: 'Payroll' })).toBeNull();
  });

  it('offers the Payroll tab to an admin', async () => {
    stubFetch((call) => {
      if (call.path === 'me') return ok(admin);
      if (call.path === 'staff-members/overview') return ok(week('2026-11-23'));
      return noStub(call);
    });
    renderRoutes([{ path: '/app/staff', element: <StaffPage /> }], '/app/staff');
    await screen.findByRole('listitem', { name: 'Indira Patel' });
    expect(
      within(screen.getByRole('navigation', { name: 'Staff' }))
        .getByRole('link', { name: 'Payroll' })
        .getAttribute('href'),
    ).toBe('/app/staff/payroll');
  });

  it('is not available to a person without the Manage staff ability', async () => {
    const calls = stubFetch((call) =>
      call.path === 'me'
        ? ok({ ...admin, user: { ...admin.user, roleId: 'staff' }, can: defaultCan('staff') })
        : noStub(call),
    );
    renderRoutes([{ path: '/app/staff', element: <StaffPage /> }], '/app/staff');
    expect(await screen.findByText(/You need the “Manage staff” ability to see the staff page/)).toBeTruthy();
    expect(calls.some((call) => call.path.startsWith('staff-members'))).toBe(false);
  });
});
