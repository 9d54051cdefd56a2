import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { defaultCan, type AccountDto } from '@kinetic/shared';
import { renderRoutes, stubApi } from '../../test/render-page.tsx';
import { NewStudioPage } from './studio-edit-page.tsx';

const ID = '0123456789abcdef01234567';
const admin: AccountDto = {
  user: { id: ID, name: 'Olive Owner', email: 'olive@example.com', phone: null, roleId: 'admin' },
  company: { id: ID, slug: 'acme', name: 'Acme Yoga', kind: 'company', logoUrl: null, locale: 'en-US' },
  hostType: 'company',
  onBoardingData: ['studios'],
  can: defaultCan('admin'),
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Add studio', () => {
  it(
    "shows the server's 400 errors at their fields (rooms.0.name) and sends the rows it edits",
    { timeout: 20_000 },
    async () => {
      const api = stubApi({
        me: { body: { status: 1, data: admin } },
        studios: {
          code: 400,
          body: {
            status: 0,
            message: 'Check the rooms.',
            errors: {
              'rooms.0.name': 'Another room is called that',
              'openingHours.monday': 'Monday overlaps.',
            },
          },
        },
      });
      vi.stubGlobal('fetch', api.fetchStub);
      renderRoutes(
        [{ path: '/app/settings/studios/new', element: <NewStudioPage /> }],
        '/app/settings/studios/new',
      );

      fireEvent.change(await screen.findByRole('textbox', { name: 'Studio name' }), {
        target: { value: 'Annex' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
      fireEvent.click(screen.getByRole('button', { name: 'Add a room' }));
      fireEvent.change(await screen.findByRole('textbox', { name: 'Room name (room 1)' }), {
        target: { value: 'Loft' },
      });
      fireEvent.change(screen.getByRole('textbox', { name: 'Capacity (room 1)' }), {
        target: { value: '8' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));

      expect(await screen.findByText('Another room is called that')).toBeTruthy();
      expect(screen.getByText('Monday overlaps.')).toBeTruthy();
      const room = screen.getByRole('textbox', { name: 'Room name (room 1)' });
      await waitFor(() => expect(room.getAttribute('aria-invalid')).toBe('true'));
      expect(screen.getByText('Check the rooms.')).toBeTruthy();
      const sent = api.calls.find((call) => call.path === 'studios')?.body;
      expect(sent).toMatchObject({
        name: 'Annex',
        timeZone: '',
        openingHours: { monday: [{ start: '09:00', end: '17:00' }] },
        amenities: [],
        rooms: [{ name: 'Loft', capacity: 8 }],
      });
    },
  );
});
