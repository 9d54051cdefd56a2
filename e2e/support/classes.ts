import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { COOKIE } from '@kinetic/shared';

/* A company's classes made through the API, for journeys that start once the timetable exists. */

/** Calls the API as the page's signed-in user (the token cookie as the bearer); expects a 2xx. */
export async function send<T>(page: Page, method: 'post' | 'put', path: string, data: object): Promise<T> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === COOKIE.token)?.value;
  const response = await page.request[method](path, { headers: { authorization: `Bearer ${token}` }, data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return ((await response.json()) as { data: T }).data;
}

export interface Setup {
  classId: string;
  studioId: string;
  instructorId: string;
}

/** A free class tomorrow at 10:00 New York time; answers its id, and the studio and instructor made for it. */
export async function classTomorrow(page: Page): Promise<Setup> {
  const studio = await send<{ id: string }>(page, 'post', '/api/studios', {
    name: 'Midtown',
    address: { line1: '10 Main St', line2: '', city: 'New York', state: 'NY', postalCode: '10001', country: 'United States' },
    phone: '',
    email: '',
    timeZone: 'America/New_York',
    openingHours: {},
    amenities: [],
    rooms: [{ name: 'Studio A', capacity: 20 }],
  });
  const template = await send<{ id: string }>(page, 'post', '/api/class-templates', {
    name: 'Morning Mobility',
    description: 'Gentle joints.',
    durationMinutes: 45,
    defaultCapacity: 12,
    dropInPrice: 0,
    colour: '#4860CF',
    image: null,
    tags: [],
  });
  const instructor = await send<{ id: string }>(page, 'post', '/api/instructors', {
    name: 'Ines Instructor',
    email: null,
    phone: null,
    bio: null,
    photo: null,
    active: true,
  });
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(Date.now() + 86_400_000));
  await send(page, 'post', '/api/fitness-sessions', {
    templateId: template.id,
    studioId: studio.id,
    roomId: null,
    instructorId: instructor.id,
    capacity: 12,
    schedule: { kind: 'once', date },
    startTime: '10:00',
    durationMinutes: 45,
  });
  const token = (await page.context().cookies()).find((cookie) => cookie.name === COOKIE.token)?.value;
  const from = new Date().toISOString();
  const to = new Date(Date.now() + 3 * 86_400_000).toISOString();
  const list = await page.request.get(`/api/class-instances?from=${from}&to=${to}`, { headers: { authorization: `Bearer ${token}` } });
  const classId = ((await list.json()) as { data: { items: { id: string }[] } }).data.items[0]?.id ?? '';
  return { classId, studioId: studio.id, instructorId: instructor.id };
}

/** Another class tomorrow (its own template) at the studio; answers its id. */
export async function addClass(page: Page, setup: Setup, options: { name: string; time: string; capacity: number; dropInPrice: number; daysAhead?: number }) {
  const template = await send<{ id: string }>(page, 'post', '/api/class-templates', {
    name: options.name,
    description: '',
    durationMinutes: 45,
    defaultCapacity: options.capacity,
    dropInPrice: options.dropInPrice,
    colour: '#2F9E44',
    image: null,
    tags: [],
  });
  const days = options.daysAhead ?? 1;
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(Date.now() + days * 86_400_000));
  const series = await send<{ id: string }>(page, 'post', '/api/fitness-sessions', {
    templateId: template.id,
    studioId: setup.studioId,
    roomId: null,
    instructorId: setup.instructorId,
    capacity: options.capacity,
    schedule: { kind: 'once', date },
    startTime: options.time,
    durationMinutes: 45,
  });
  const token = (await page.context().cookies()).find((cookie) => cookie.name === COOKIE.token)?.value;
  const list = await page.request.get(
    `/api/class-instances?from=${new Date().toISOString()}&to=${new Date(Date.now() + 4 * 86_400_000).toISOString()}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  const items = ((await list.json()) as { data: { items: { id: string; fitnessSessionId: string }[] } }).data.items;
  return items.find((item) => item.fitnessSessionId === series.id)?.id ?? '';
}
