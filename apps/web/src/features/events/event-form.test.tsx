import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderRoutes, stubApi } from '../../test/render-page.tsx';
import { EventForm, type EventFormChoices } from './event-form.tsx';
import { eventDate, EVENT_STUDIO_ID, savedEvent } from './events-test-fixtures.ts';

// Mantine's autosize Textarea listens for web fonts, which jsdom does not have.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const STUDIO_ID = EVENT_STUDIO_ID;
const choices: EventFormChoices = {
  studios: [{ id: STUDIO_ID, name: 'Midtown', timeZone: 'America/New_York' }],
  facilitators: [],
  packages: [],
};

function open(answers: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi(answers);
  vi.stubGlobal('fetch', api.fetchStub);
  const onSaved = vi.fn();
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <EventForm companyId="c1" currency="USD" choices={choices} onCancel={() => {}} onSaved={onSaved} />
        ),
      },
    ],
    '/',
  );
  return { api, onSaved };
}

describe('Event form', () => {
  it('says what is missing at each field and sends nothing', async () => {
    const { api } = open();
    fireEvent.click(screen.getByRole('button', { name: 'Add event' }));
    expect(await screen.findByText('Name the event')).toBeTruthy();
    expect(screen.getByText('Choose one of the event categories')).toBeTruthy();
    expect(screen.getByText('Choose the date and time')).toBeTruthy();
    expect(api.calls.filter((call) => call.path === 'events')).toHaveLength(0);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Title/ })));
  });

  it('sends the event with its date on the studio’s clock and the price in cents', async () => {
    const saved = { id: 'e1', title: 'Pottery Workshop' };
    const { api, onSaved } = open({ events: { code: 201, body: { status: 1, data: saved } } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Title/ }), {
      target: { value: 'Pottery Workshop' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: /^Category/ }), {
      target: { value: 'ArtsAndCulture' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^Price/ }), { target: { value: '45.50' } });
    const first = within(screen.getByRole('group', { name: 'Date 1' }));
    fireEvent.change(first.getByLabelText(/^Day/), { target: { value: '2030-01-10' } });
    fireEvent.change(first.getByLabelText(/^Starts/), { target: { value: '18:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add event' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(api.calls.find((call) => call.path === 'events')?.body).toMatchObject({
      title: 'Pottery Workshop',
      category: 'ArtsAndCulture',
      price: 4550,
      studioId: STUDIO_ID,
      dates: [{ startsAt: '2030-01-10T23:30:00.000Z', durationMinutes: 120 }],
    });
  });

  it('gives a date its own places, never below those taken, and an emptied one goes back to the event’s', async () => {
    const event = savedEvent({
      title: 'Pottery Workshop',
      category: 'ArtsAndCulture',
      capacity: 12,
      price: 4500,
      dates: [
        eventDate('d1', '2030-01-10T23:30:00.000Z', { capacity: 12, bookedCount: 5, placesLeft: 7 }),
        eventDate('d2', '2030-01-17T23:30:00.000Z', { capacity: 6, placesLeft: 6 }),
      ],
    });
    const answer = { status: 1, data: event };
    const api = stubApi({
      'events/e1': { body: answer },
      'events/e1/dates/d1': { body: answer },
      'events/e1/dates/d2': { body: answer },
    });
    vi.stubGlobal('fetch', api.fetchStub);
    const onSaved = vi.fn();
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <EventForm
              companyId="c1"
              currency="USD"
              event={event}
              choices={choices}
              onCancel={() => {}}
              onSaved={onSaved}
            />
          ),
        },
      ],
      '/',
    );
    const places = screen.getAllByRole('textbox', { name: /^Places/ }) as HTMLInputElement[];
    // The first date follows the event's 12 (empty, saying so); the second holds its own 6.
    expect(places.map((field) => field.value)).toEqual(['', '6']);
    expect(places[0]!.placeholder).toBe('12 (event’s)');
    expect(screen.getByText('5 taken')).toBeTruthy();
    fireEvent.change(places[0]!, { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At least 5: places already taken')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(places[0]));
    expect(api.calls).toHaveLength(0);
    fireEvent.change(places[0]!, { target: { value: '9' } });
    fireEvent.change(places[1]!, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.calls.find((call) => call.path === 'events/e1/dates/d1')?.body).toMatchObject({ capacity: 9 });
    expect(api.calls.find((call) => call.path === 'events/e1/dates/d2')?.body).toMatchObject({ capacity: 12 });
  });
});
