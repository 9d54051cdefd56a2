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

/** The signed-in user's session token (from its cookie); fails when there is none. */
export async function tokenOf(page: Page): Promise<string> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === COOKIE.token)?.value;
  if (!token) throw new Error('No session cookie');
  return token;
}

/** Calls the API with `token` as the bearer; expects a 2xx and answers the envelope's data. */
export async function api<T>(page: Page, method: 'get' | 'post' | 'put', path: string, token: string, data?: object): Promise<T> {
  const response = await page.request[method](path, {
    headers: { authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return ((await response.json()) as { data: T }).data;
}

export interface Setup {
  classId: string;
  studioId: string;
  instructorId: string;
}

/** "YYYY-MM-DD" in New York, `days` from today. */
export function newYorkDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(Date.now() + days * 86_400_000));
}

/** The wall-clock date and minute in New York of an instant. */
export function newYorkAt(instant: Date): { date: string; time: string } {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(instant);
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
  return { date, time };
}

/** The body of `POST /api/studios`: Midtown at 10 Main St, New York, with one room (Studio A, 20 places). */
export function studioBody(overrides: object = {}) {
  return {
    name: 'Midtown',
    address: { line1: '10 Main St', line2: '', city: 'New York', state: 'NY', postalCode: '10001', country: 'United States' },
    phone: '',
    email: '',
    timeZone: 'America/New_York',
    openingHours: {},
    amenities: [],
    rooms: [{ name: 'Studio A', capacity: 20 }],
    ...overrides,
  };
}

/** The body of `POST /api/class-templates`: Evening Flow, 60 minutes, 15 places, $20.00 a drop-in. */
export function templateBody(overrides: object = {}) {
  return {
    name: 'Evening Flow',
    description: 'A slow flow to end the day.',
    durationMinutes: 60,
    defaultCapacity: 15,
    dropInPrice: 2000,
    colour: '#4860CF',
    image: null,
    tags: [],
    ...overrides,
  };
}

/** The template `classTomorrow` schedules: free, 45 minutes, 12 places. */
export const MORNING_MOBILITY = {
  name: 'Morning Mobility',
  description: 'Gentle joints.',
  durationMinutes: 45,
  defaultCapacity: 12,
  dropInPrice: 0,
};

/** The body of `POST /api/instructors`: a name and nothing else. */
export function instructorBody(name = 'Ines Instructor') {
  return { name, email: null, phone: null, bio: null, photo: null, active: true };
}

/** Makes something through the API as the owner (each test file checks the answer its own way); answers its id. */
export type Create = (path: string, body: object) => Promise<{ id: string }>;

export interface OnceClass {
  studioId: string;
  templateId: string;
  instructorId: string;
  fitnessSessionId: string;
}

/**
 * A studio (`studioBody`), a template (`templateBody` with `template`), an instructor and one class on
 * `date` at `startTime` with them, made in that order through `create`; answers their ids.
 */
export async function studioWithOnceClass(
  create: Create,
  options: { template?: object; capacity: number; date: string; startTime: string; durationMinutes: number; dropInPrice?: number },
): Promise<OnceClass> {
  const studio = await create('/api/studios', studioBody());
  const template = await create('/api/class-templates', templateBody(options.template));
  const instructor = await create('/api/instructors', instructorBody());
  const series = await create('/api/fitness-sessions', {
    templateId: template.id,
    studioId: studio.id,
    roomId: null,
    instructorId: instructor.id,
    capacity: options.capacity,
    ...(options.dropInPrice === undefined ? {} : { dropInPrice: options.dropInPrice }),
    schedule: { kind: 'once', date: options.date },
    startTime: options.startTime,
    durationMinutes: options.durationMinutes,
  });
  return { studioId: studio.id, templateId: template.id, instructorId: instructor.id, fitnessSessionId: series.id };
}

/** A free class tomorrow at 10:00 New York time; answers its id, and the studio and instructor made for it. */
export async function classTomorrow(page: Page): Promise<Setup> {
  const made = await studioWithOnceClass((path, body) => send<{ id: string }>(page, 'post', path, body), {
    template: MORNING_MOBILITY,
    capacity: 12,
    date: newYorkDate(1),
    startTime: '10:00',
    durationMinutes: 45,
  });
  const token = (await page.context().cookies()).find((cookie) => cookie.name === COOKIE.token)?.value;
  const from = new Date().toISOString();
  const to = new Date(Date.now() + 3 * 86_400_000).toISOString();
  const list = await page.request.get(`/api/class-instances?from=${from}&to=${to}`, { headers: { authorization: `Bearer ${token}` } });
  const classId = ((await list.json()) as { data: { items: { id: string }[] } }).data.items[0]?.id ?? '';
  return { classId, studioId: made.studioId, instructorId: made.instructorId };
}

/** Another class tomorrow (its own template) at the studio; answers its id. */
export async function addClass(page: Page, setup: Setup, options: { name: string; time: string; capacity: number; dropInPrice: number; daysAhead?: number }) {
  const template = await send<{ id: string }>(
    page,
    'post',
    '/api/class-templates',
    templateBody({ name: options.name, description: '', durationMinutes: 45, defaultCapacity: options.capacity, dropInPrice: options.dropInPrice, colour: '#2F9E44' }),
  );
  const date = newYorkDate(options.daysAhead ?? 1);
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
