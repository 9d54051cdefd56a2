import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderRoutes, stubApi } from '../../test/render-page.tsx';
import { newClassValues, type ClassFormValues } from './class-form-values.ts';
import { NewClassDialog } from './new-class-dialog.tsx';
import {
  COMPANY_ID,
  INSTRUCTOR_ID,
  instructors,
  ROOM_ID,
  STUDIO_ID,
  studio,
  template,
  TEMPLATE_ID,
} from './schedule-test-fixtures.ts';

// Mantine's autosize Textarea listens for web fonts, which jsdom does not have.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(start: ClassFormValues, answers: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi(answers);
  vi.stubGlobal('fetch', api.fetchStub);
  const onCreated = vi.fn();
  const element = (
    <NewClassDialog
      companyId={COMPANY_ID}
      start={start}
      templates={[template]}
      studios={[studio]}
      instructors={instructors}
      onClose={() => {}}
      onCreated={onCreated}
    />
  );
  renderRoutes([{ path: '/', element }], '/');
  return { api, onCreated, dialog: within(screen.getByRole('dialog', { name: 'New class' })) };
}

const filled = (overrides: Partial<ClassFormValues> = {}): ClassFormValues => ({
  ...newClassValues({ date: '2030-01-08', startTime: '18:00' }, STUDIO_ID),
  templateId: TEMPLATE_ID,
  roomId: ROOM_ID,
  instructorId: INSTRUCTOR_ID,
  durationMinutes: 60,
  capacity: 15,
  ...overrides,
});

describe('New class dialog', () => {
  it('moves focus to the field a refusal names (an instructor already teaching then)', async () => {
    const message = 'Ines Instructor already teaches Evening Flow on Tue 8 Jan 2030, 18:00.';
    const { dialog } = open(filled(), {
      'fitness-sessions': { code: 409, body: { status: 0, message, errors: { instructorId: message } } },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Create class' }));
    expect(await dialog.findByText(message)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(dialog.getByRole('combobox', { name: /^Instructor/ })));
  });

  it('says what is missing at each field and sends nothing', async () => {
    const { api, dialog } = open(newClassValues({ date: '2030-01-08', startTime: '18:00' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Create class' }));
    expect(await dialog.findByText('Choose a class template')).toBeTruthy();
    expect(dialog.getByText('Choose a studio')).toBeTruthy();
    expect(dialog.getByText('Choose an instructor')).toBeTruthy();
    expect(dialog.getByText('Enter how many minutes the class lasts')).toBeTruthy();
    expect(api.calls.filter((call) => call.path === 'fitness-sessions')).toHaveLength(0);
    // The first field named gets focus, so a phone scrolls to it.
    await waitFor(() => expect(document.activeElement).toBe(dialog.getByRole('combobox', { name: /^Class template/ })));
  });

  it('keeps the capacity within the room and a weekly schedule needs an end', async () => {
    const { api, dialog } = open(filled({ capacity: 30, repeat: 'weekly', count: '' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Create class' }));
    expect(await dialog.findByText('The room holds 20; choose at most 20 places')).toBeTruthy();
    expect(dialog.getByText('Enter how many classes')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('shows the server’s field errors at their fields', async () => {
    const message = 'A schedule holds at most 1000 classes';
    const { dialog } = open(filled({ repeat: 'weekly', count: 12 }), {
      'fitness-sessions': { code: 400, body: { status: 0, message, errors: { 'schedule.count': message } } },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Create class' }));
    const count = await dialog.findByRole('textbox', { name: 'Number of classes' });
    await waitFor(() => expect(count.getAttribute('aria-invalid')).toBe('true'));
    expect(dialog.getAllByText(message)).toHaveLength(1);
  });

  it('names the other class on a room clash and books the room anyway when asked', async () => {
    const message = 'Studio A is already booked for Power Yoga on Tue 8 Jan 2030, 18:00. Book the room anyway to double-book it.';
    const answers: Parameters<typeof stubApi>[0] = {
      'fitness-sessions': { code: 409, body: { status: 0, message, errors: { roomId: message } } },
    };
    const { api, dialog, onCreated } = open(filled(), answers);
    fireEvent.click(dialog.getByRole('button', { name: 'Create class' }));
    const alert = await dialog.findByRole('alert', { name: /The room is taken/ });
    expect(within(alert).getByText(message)).toBeTruthy();
    expect((api.calls[0]?.body as { allowRoomOverlap: boolean }).allowRoomOverlap).toBe(false);

    answers['fitness-sessions'] = { code: 201, body: { status: 1, data: { id: 'x' } } };
    fireEvent.click(within(alert).getByRole('button', { name: 'Book the room anyway' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    const body = api.calls[1]?.body as { allowRoomOverlap: boolean; schedule: unknown; capacity: number };
    expect(body.allowRoomOverlap).toBe(true);
    expect(body.schedule).toEqual({ kind: 'once', date: '2030-01-08' });
    expect(body.capacity).toBe(15);
  });
});
