import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { defaultCan, type AccountDto, type StudioDto } from '@kinetic/shared';
import { renderRoutes, stubApi } from '../../test/render-page.tsx';
import { StudiosSettingsPage } from './studios-settings-page.tsx';

const ID = '0123456789abcdef01234567';
const STUDIO_ID = 'cccccccccccccccccccccccc';

function account(manageStudios: boolean): AccountDto {
  return {
    user: {
      id: ID,
      name: 'Olive Owner',
      email: 'olive@example.com',
      phone: null,
      roleId: manageStudios ? 'admin' : 'staff',
    },
    company: { id: ID, slug: 'acme', name: 'Acme Yoga', kind: 'company', logoUrl: null, locale: 'en-US' },
    hostType: 'company',
    onBoardingData: [],
    can: defaultCan(manageStudios ? 'admin' : 'staff'),
  };
}

const studio: StudioDto = {
  id: STUDIO_ID,
  name: 'Midtown',
  address: {
    line1: '100 Peachtree St',
    line2: null,
    city: 'Atlanta',
    state: 'GA',
    postalCode: null,
    country: null,
  },
  phone: null,
  email: null,
  timeZone: 'America/New_York',
  openingHours: {},
  amenities: [],
  rooms: [{ id: 'aaaaaaaaaaaaaaaaaaaaaaaa', name: 'Studio A', capacity: 20 }],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function open(manageStudios: boolean, items: StudioDto[] = [studio]) {
  const api = stubApi({
    me: { body: { status: 1, data: account(manageStudios) } },
    'studios?pageSize=100': { body: { status: 1, data: { items, total: items.length } } },
    [`studios/${STUDIO_ID}`]: {
      code: 409,
      body: { status: 0, message: '2 classes still to come use Midtown. Move or cancel them first.' },
    },
  });
  vi.stubGlobal('fetch', api.fetchStub);
  renderRoutes(
    [{ path: '/app/settings/studios', element: <StudiosSettingsPage /> }],
    '/app/settings/studios',
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Settings › Studios', () => {
  it('asks before deleting, naming the studio, and shows why the server refused', async () => {
    open(true);
    const card = within(await screen.findByRole('article', { name: 'Midtown' }));
    expect(card.getByText('100 Peachtree St, Atlanta GA')).toBeTruthy();
    expect(card.getByText('1 room')).toBeTruthy();
    fireEvent.click(card.getByRole('button', { name: 'Delete Midtown' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Midtown?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete the studio' }));
    expect(
      await dialog.findByText('2 classes still to come use Midtown. Move or cancel them first.'),
    ).toBeTruthy();
  });

  it('says what to do next when there is no studio', async () => {
    open(true, []);
    expect(await screen.findByText('No studios yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add your first studio' }).getAttribute('href')).toBe(
      '/app/settings/studios/new',
    );
  });

  it('reads without Add, Edit or Delete for those who may not manage studios', async () => {
    open(false);
    await screen.findByRole('article', { name: 'Midtown' });
    expect(
      screen.getByText(
        'You need the “Manage settings” ability to change studios. Ask the business owner or an admin.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add studio' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit Midtown' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Midtown' })).toBeNull();
  });
});
