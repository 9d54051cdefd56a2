import type { FastifyInstance } from 'fastify';
import { bearer, signUpCompany } from './factories.ts';

/**
 * A company ready to schedule: a studio (with two rooms) in `timeZone`, a template and two instructors,
 * all made through the API as an owner would.
 */
export async function studioReadyToSchedule(app: FastifyInstance, timeZone = 'America/New_York') {
  const signedUp = await signUpCompany(app);
  const headers = bearer(signedUp.session.token);
  const post = async (url: string, payload: object) => {
    const response = await app.inject({ method: 'POST', url, headers, payload });
    if (response.statusCode !== 201) throw new Error(`${url} failed: ${response.body}`);
    return response.json().data;
  };
  const studio = await post('/api/studios', {
    name: 'Midtown',
    address: { line1: '10 Peachtree St', line2: '', city: 'Atlanta', state: 'GA', postalCode: '', country: '' },
    phone: '',
    email: '',
    timeZone,
    openingHours: {},
    amenities: [],
    rooms: [
      { name: 'Studio A', capacity: 20 },
      { name: 'Studio B', capacity: 8 },
    ],
  });
  const template = await post('/api/class-templates', {
    name: 'Power Yoga',
    description: 'A strong flow for all levels.',
    durationMinutes: 60,
    defaultCapacity: 12,
    dropInPrice: 2500,
    colour: '#4860CF',
    image: null,
    tags: [],
  });
  const person = (name: string) => ({ name, email: null, phone: null, bio: null, photo: null, active: true });
  const indira = await post('/api/instructors', person('Indira Patel'));
  const marco = await post('/api/instructors', person('Marco Reyes'));
  return {
    ...signedUp,
    companyId: signedUp.session.company.id as string,
    headers,
    studioId: studio.id as string,
    roomA: studio.rooms[0].id as string,
    roomB: studio.rooms[1].id as string,
    templateId: template.id as string,
    indira: indira.id as string,
    marco: marco.id as string,
  };
}

export type ReadyStudio = Awaited<ReturnType<typeof studioReadyToSchedule>>;

/** A weekly series body on the given days, 18:00 for an hour, unless overridden. */
export function weeklyClass(ready: ReadyStudio, overrides: Record<string, unknown> = {}) {
  return {
    templateId: ready.templateId,
    studioId: ready.studioId,
    roomId: ready.roomA,
    instructorId: ready.indira,
    startTime: '18:00',
    durationMinutes: 60,
    schedule: { kind: 'weekly', weekdays: ['monday'], everyWeeks: 1, startDate: '2026-10-19', count: 4 },
    ...overrides,
  };
}

/** "YYYY-MM-DD" `days` from today (UTC): dates still to come for edits, whatever day the suite runs. */
export function dateFromToday(days: number, weekday?: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  if (weekday !== undefined) date.setUTCDate(date.getUTCDate() + ((weekday - date.getUTCDay() + 7) % 7));
  return date.toISOString().slice(0, 10);
}
