import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { defaultCan, type AccountDto, type StaffMemberDto } from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch, type Answer, type Call } from '../../test/render-page.tsx';
import { AddStaffMemberPage, EditStaffMemberPage, StaffMembersPage } from './staff-members-page.tsx';

const ID = '0123456789abcdef01234567';
const STAFF_ID = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const STUDIO_ID = 'cccccccccccccccccccccccc';

function account(roleId: 'admin' | 'staff' = 'admin'): AccountDto {
  return {
    user: { id: ID, name: 'Olive Owner', email: 'olive@example.com', phone: null, roleId },
    company: { id: ID, slug: 'acme', name: 'Acme Yoga', kind: 'company', logoUrl: null, locale: 'en-US' },
    hostType: 'company',
    onBoardingData: [],
    can: defaultCan(roleId),
  };
}

const member = (overrides: Partial<StaffMemberDto> = {}): StaffMemberDto => ({
  id: STAFF_ID,
  name: 'Indira Patel',
  email: 'indira@example.com',
  phone: null,
  role: 'instructor',
  status: 'invited',
  invitationExpiresAt: '2026-12-03T10:00:00.000Z',
  deactivatedAt: null,
  studios: [{ id: STUDIO_ID, name: 'Midtown' }],
  abilities: ['checkIn'],
  defaultAbilities: true,
  instructorId: 'dddddddddddddddddddddddd',
  isYou: false,
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
  ...overrides,
});

const studios = ok({
  items: [
    { id: STUDIO_ID, name: 'Midtown' },
    { id: 'eeeeeeeeeeeeeeeeeeeeeeee', name: 'Annex' },
  ],
  total: 2,
});

function api(
  extra: (call: Call) => Answer | undefined = () => undefined,
  roleId: 'admin' | 'staff' = 'admin',
) {
  return stubFetch((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.path === 'me') return ok(account(roleId));
    if (call.path === 'studios?pageSize=100') return studios;
    return noStub(call);
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Settings › Staff Members', () => {
  it('lists name, role, studios, status and abilities; the filter asks for deactivated people', async () => {
    const calls = api((call) => {
      if (call.path === 'staff-members?status=active&pageSize=100')
        return ok({
          items: [
            member(),
            member({
              id: ID,
              name: 'Olive Owner',
              role: 'admin',
              status: 'active',
              studios: [],
              isYou: true,
              abilities: [],
            }),
          ],
          total: 2,
        });
      if (call.path === 'staff-members?status=inactive&pageSize=100')
        return ok({ items: [member({ name: 'Dee Parted', status: 'deactivated' })], total: 1 });
      return undefined;
    });
    renderRoutes(
      [{ path: '/app/settings/staffMembers', element: <StaffMembersPage /> }],
      '/app/settings/staffMembers',
    );

    const list = await screen.findByRole('list', { name: 'Staff members' });
    const first = within(list).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Indira Patel' }).getAttribute('href')).toBe(
      `/app/settings/staffMembers/edit/${STAFF_ID}`,
    );
    expect(within(first).getByText('Invited')).toBeTruthy();
    expect(within(first).getByText('Instructor · Midtown')).toBeTruthy();
    expect(within(first).getByText("Check in clients (role's defaults)")).toBeTruthy();
    expect(screen.getByText('All abilities')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a staff member' })).toBeTruthy();

    // The search box narrows the list by name or email, and says when no one matches.
    const search = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'olive' } });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText(/Olive Owner/)).toBeTruthy();
    fireEvent.change(search, { target: { value: 'nobody' } });
    expect(screen.getByText('No one here matches “nobody”.')).toBeTruthy();
    fireEvent.change(search, { target: { value: '' } });

    fireEvent.click(screen.getByRole('radio', { name: 'Deactivated' }));
    expect(await screen.findByText('Dee Parted')).toBeTruthy();
    expect(screen.getByText('Deactivated', { selector: '.mantine-Badge-label' })).toBeTruthy();
    expect(calls.some((call) => call.path === 'staff-members?status=inactive&pageSize=100')).toBe(true);
  });

  it('says the page is not available to someone without the Manage staff ability, and asks nothing', async () => {
    const calls = api(undefined, 'staff');
    renderRoutes(
      [{ path: '/app/settings/staffMembers', element: <StaffMembersPage /> }],
      '/app/settings/staffMembers',
    );
    expect(
      await screen.findByText(/You need the “Manage staff” ability to manage staff members/),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add a staff member' })).toBeNull();
    expect(calls.some((call) => call.path.startsWith('staff-members'))).toBe(false);
  });
});

describe('Add a staff member', () => {
  it('ticks every ability and locks them for an admin; a staff member starts at the role’s defaults and sends what is ticked', async () => {
    const calls = api((call) =>
      call.path === 'staff-members' && call.method === 'POST'
        ? {
            code: 409,
            body: {
              status: 0,
              message: 'Another staff member already uses sam@example.com.',
              errors: { email: 'Another staff member already uses sam@example.com.' },
            },
          }
        : undefined,
    );
    renderRoutes(
      [{ path: '/app/settings/staffMembers/add', element: <AddStaffMemberPage /> }],
      '/app/settings/staffMembers/add',
    );

    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), { target: { value: 'Sam Desk' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), {
      target: { value: 'sam@example.com' },
    });

    fireEvent.click(screen.getByRole('radio', { name: /^Admin/ }));
    const boxes = () => screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes()).toHaveLength(8);
    expect(boxes().every((box) => box.checked && box.disabled)).toBe(true);
    expect(screen.getByText(/Admins can always do everything/)).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: /^Staff/ }));
    const reports = screen.getByRole('checkbox', { name: /Run reports/ }) as HTMLInputElement;
    const sell = screen.getByRole('checkbox', { name: /Sell and refund/ }) as HTMLInputElement;
    expect(reports.checked).toBe(false);
    expect(sell.checked).toBe(true);
    expect(screen.getByText(/staff role’s defaults/)).toBeTruthy();
    fireEvent.click(reports);
    fireEvent.click(sell);
    expect(screen.getByText('Chosen for this person. Changes apply from their next click.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add and send invitation' }));
    expect(await screen.findByText('Another staff member already uses sam@example.com.')).toBeTruthy();
    const sent = calls.find((call) => call.path === 'staff-members' && call.method === 'POST')?.body;
    expect(sent).toEqual({
      name: 'Sam Desk',
      email: 'sam@example.com',
      phone: '',
      role: 'staff',
      studioIds: [],
      abilities: ['manageSchedule', 'manageClients', 'seeFinancials', 'runReports', 'checkIn'],
    });

    // Back to the defaults: sent as null, so they follow the role.
    fireEvent.click(screen.getByRole('button', { name: 'Reset to the role’s defaults' }));
    expect(sell.checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Add and send invitation' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === 'staff-members' && call.method === 'POST')).toHaveLength(2),
    );
    expect(calls.filter((call) => call.path === 'staff-members').at(-1)?.body).toMatchObject({
      abilities: null,
    });
  });
});

describe('Add a staff member, as a staff member given Manage staff', () => {
  it('cannot choose Admin, and says why', async () => {
    const staffManager: AccountDto = {
      ...account('staff'),
      can: { ...defaultCan('staff'), manageStaff: true },
    };
    stubFetch((call) => {
      if (call.path === 'me') return ok(staffManager);
      if (call.path === 'studios?pageSize=100') return studios;
      return noStub(call);
    });
    renderRoutes(
      [{ path: '/app/settings/staffMembers/add', element: <AddStaffMemberPage /> }],
      '/app/settings/staffMembers/add',
    );
    const adminRole = (await screen.findByRole('radio', { name: /^Admin/ })) as HTMLInputElement;
    expect(adminRole.disabled).toBe(true);
    expect(screen.getByText(/Only an admin can make someone an admin\./)).toBeTruthy();
    expect((screen.getByRole('radio', { name: /^Staff/ }) as HTMLInputElement).disabled).toBe(false);
  });

  it('cannot tick an ability they lack themselves, and says why; one the role ticks for them can be unticked', async () => {
    const staffManager: AccountDto = {
      ...account('staff'),
      can: { ...defaultCan('staff'), manageStaff: true, seeFinancials: false },
    };
    stubFetch((call) => {
      if (call.path === 'me') return ok(staffManager);
      if (call.path === 'studios?pageSize=100') return studios;
      return noStub(call);
    });
    renderRoutes(
      [{ path: '/app/settings/staffMembers/add', element: <AddStaffMemberPage /> }],
      '/app/settings/staffMembers/add',
    );
    const money = (await screen.findByRole('checkbox', { name: /See financial data/ })) as HTMLInputElement;
    // An instructor to start: "See financial data" is not theirs to give.
    expect(money.checked).toBe(false);
    expect(money.disabled).toBe(true);
    expect(screen.getByText(/and payroll\. You cannot give it: you do not have it yourself\./)).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: /Manage clients/ }) as HTMLInputElement).disabled).toBe(
      false,
    );
    // The staff role's defaults tick it: it stays open, so they can take it off before saving.
    fireEvent.click(screen.getByRole('radio', { name: /^Staff/ }));
    await waitFor(() => expect(money.checked).toBe(true));
    expect(money.disabled).toBe(false);
    fireEvent.click(money);
    await waitFor(() => expect(money.checked).toBe(false));
    expect(money.disabled).toBe(true);
  });
});

describe('Edit a staff member', () => {
  it('deactivates after a confirm that says their sessions end now; resends the invitation', async () => {
    let current = member();
    const calls = api((call) => {
      if (call.path === `staff-members/${STAFF_ID}`) return ok(current);
      if (call.path === `staff-members/${STAFF_ID}/deactivate`) {
        current = member({ status: 'deactivated', deactivatedAt: '2026-11-26T11:00:00.000Z' });
        return ok(current);
      }
      if (call.path === `staff-members/${STAFF_ID}/invitation`) return ok(current);
      return undefined;
    });
    renderRoutes(
      [{ path: '/app/settings/staffMembers/edit/:staffId', element: <EditStaffMemberPage /> }],
      `/app/settings/staffMembers/edit/${STAFF_ID}`,
    );
    expect(await screen.findByRole('heading', { name: 'Edit Indira Patel' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).toBe(
      'indira@example.com',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Resend invitation' }));
    expect(await screen.findByText(/Invitation sent again to indira@example.com/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Indira Patel?' });
    expect(within(dialog).getByText(/logged out everywhere now/)).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/deactivate'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate and log out' }));
    expect(await screen.findByText('Indira Patel is deactivated and logged out.')).toBeTruthy();
    expect(calls.filter((call) => call.path.endsWith('/deactivate') && call.method === 'POST')).toHaveLength(
      1,
    );
    const reactivate = await screen.findByRole('button', { name: 'Reactivate' });
    // The keyboard goes on to the button that replaced Deactivate, not back to the top of the page.
    await waitFor(() => expect(document.activeElement).toBe(reactivate));
  });

  it("shows the server's refusal (the last admin) and offers no Deactivate for yourself", async () => {
    const lastAdmin =
      'Olive Owner is the last admin. Make someone else an admin before you change their role.';
    const calls = api((call) => {
      if (call.path === `staff-members/${ID}` && call.method === 'PUT')
        return { code: 409, body: { status: 0, message: lastAdmin } };
      if (call.path === `staff-members/${ID}`)
        return ok(
          member({
            id: ID,
            name: 'Olive Owner',
            role: 'admin',
            status: 'active',
            isYou: true,
            abilities: [],
          }),
        );
      return undefined;
    });
    renderRoutes(
      [{ path: '/app/settings/staffMembers/edit/:staffId', element: <EditStaffMemberPage /> }],
      `/app/settings/staffMembers/edit/${ID}`,
    );
    expect(await screen.findByText('You cannot deactivate yourself; another admin can.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resend invitation' })).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: /^Staff/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(lastAdmin)).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      role: 'staff',
      abilities: null,
    });
  });
});
