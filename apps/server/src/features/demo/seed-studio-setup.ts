import { eq, sql } from 'drizzle-orm';
import { SESSION_SETTINGS_DEFAULTS, type StudioValues } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import {
  classTemplates,
  companyHours,
  facilitators,
  instructors,
  sessionSettings,
} from '../../db/schema/index.ts';
import { generateId } from '../../db/ids.ts';
import { completeOnboardingStep } from '../onboarding/onboarding.repo.ts';
import { countStudios } from '../studios/studios.repo.ts';
import { addImplicitStudio, addStudioIn } from '../studios/studios.service.ts';

const weekdays = (ranges: { start: string; end: string }[]) =>
  Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => [day, ranges]));

const address = (line1: string, postalCode: string) => ({
  line1,
  line2: null,
  city: 'Atlanta',
  state: 'GA',
  postalCode,
  country: 'United States',
});

const DEMO_STUDIOS: StudioValues[] = [
  {
    name: 'Midtown',
    address: address('100 Peachtree St NW', '30303'),
    phone: '(404) 555-0110',
    email: 'midtown@demo.test',
    timeZone: null,
    openingHours: {
      ...weekdays([{ start: '06:00', end: '21:00' }]),
      saturday: [{ start: '08:00', end: '14:00' }],
    },
    amenities: [
      { name: 'Showers', value: 'Yes' },
      { name: 'Mat hire', value: '$2 a class' },
    ],
    rooms: [
      { name: 'Studio A', capacity: 24 },
      { name: 'Reformer Room', capacity: 10 },
    ],
  },
  {
    name: 'Decatur',
    address: address('200 E Ponce de Leon Ave', '30030'),
    phone: '(404) 555-0120',
    email: 'decatur@demo.test',
    timeZone: null,
    openingHours: {
      ...weekdays([
        { start: '06:30', end: '10:00' },
        { start: '16:00', end: '20:30' },
      ]),
      sunday: [{ start: '09:00', end: '12:00' }],
    },
    amenities: [{ name: 'Parking', value: 'Free' }],
    rooms: [{ name: 'Main Room', capacity: 18 }],
  },
];

/**
 * Issue 7's settings for a demo company: session rules (the defaults, with a late-cancel fee so the
 * field shows a value), peak hours, studios, class templates, instructors and a facilitator. Each piece is added only when missing, so a second
 * run, or a demo user's own changes, are left alone.
 */
export async function seedStudioSetup(
  tx: Executor,
  company: { id: string; kind: 'company' | 'solo'; name: string },
): Promise<void> {
  await tx
    .insert(sessionSettings)
    .values({
      companyId: company.id,
      ...SESSION_SETTINGS_DEFAULTS,
      lateCancelFee: company.kind === 'company' ? 1000 : 0,
    })
    .onConflictDoNothing();
  await completeOnboardingStep(tx, company.id, 'classesSettings');

  await seedTemplatesAndPeople(tx, company);
  if (company.kind === 'solo') {
    if ((await countStudios(tx, company.id)) === 0) await addImplicitStudio(tx, company.id, company.name);
    return;
  }

  await tx
    .insert(companyHours)
    .values({
      companyId: company.id,
      peakHour: {
        ...weekdays([
          { start: '06:00', end: '09:00' },
          { start: '17:00', end: '20:00' },
        ]),
        saturday: [{ start: '08:00', end: '12:00' }],
      },
      nonPeakHour: weekdays([{ start: '09:00', end: '17:00' }]),
      peakNonPeakAllowed: true,
    })
    .onConflictDoNothing();
  await completeOnboardingStep(tx, company.id, 'hours');

  if ((await countStudios(tx, company.id)) === 0) {
    for (const studio of DEMO_STUDIOS) await addStudioIn(tx, company.id, studio);
  }
  await completeOnboardingStep(tx, company.id, 'studios');
}

const DEMO_TEMPLATES = [
  {
    name: 'Power Yoga',
    description: 'A strong vinyasa flow for all levels.',
    durationMinutes: 60,
    defaultCapacity: 20,
    dropInPrice: 2500,
    colour: '#4860cf',
    tags: ['Yoga', 'Strength'],
  },
  {
    name: 'Spin',
    description: 'Forty-five minutes on the bike, intervals to music.',
    durationMinutes: 45,
    defaultCapacity: 24,
    dropInPrice: 2000,
    colour: '#e8590c',
    tags: ['Cardio'],
  },
  {
    name: 'Reformer Pilates',
    description: 'Small-group reformer class.',
    durationMinutes: 50,
    defaultCapacity: 10,
    dropInPrice: 3500,
    colour: '#2f9e44',
    tags: ['Pilates'],
  },
  {
    name: 'Yin Yoga',
    description: 'Slow, floor-based holds to release the week. Beginners welcome.',
    durationMinutes: 75,
    defaultCapacity: 20,
    dropInPrice: 2500,
    colour: '#7048e8',
    tags: ['Yoga', 'Recovery'],
  },
  {
    name: 'HIIT Circuit',
    description: 'High-intensity stations, timed work and rest. Bring water.',
    durationMinutes: 30,
    defaultCapacity: 16,
    dropInPrice: 1800,
    colour: '#c92a2a',
    tags: ['Cardio', 'Strength'],
  },
  {
    name: 'Barre',
    description: 'Ballet-inspired strength and balance work at the barre.',
    durationMinutes: 55,
    defaultCapacity: 18,
    dropInPrice: 2800,
    colour: '#d6336c',
    tags: ['Strength'],
  },
];

/** A week's worth of class templates, the instructors and the facilitators, when the company has none yet. */
async function seedTemplatesAndPeople(
  tx: Executor,
  company: { id: string; kind: 'company' | 'solo'; name: string },
): Promise<void> {
  const [template] = await tx
    .select({ id: classTemplates.id })
    .from(classTemplates)
    .where(eq(classTemplates.companyId, company.id))
    .limit(1);
  if (!template) {
    // A solo yoga teacher offers her two yoga classes; the studio its whole timetable.
    const templates =
      company.kind === 'solo' ? DEMO_TEMPLATES.filter((t) => t.tags.includes('Yoga')) : DEMO_TEMPLATES;
    await tx
      .insert(classTemplates)
      .values(
        templates.map((values) => ({ companyId: company.id, id: generateId(), image: null, ...values })),
      );
  }
  const [instructor] = await tx
    .select({ id: instructors.id })
    .from(instructors)
    .where(eq(instructors.companyId, company.id))
    .limit(1);
  if (!instructor) {
    const people =
      company.kind === 'solo'
        ? [{ name: 'Sol Instructor', email: 'instructor@solo-demo.test' }]
        : [
            { name: 'Indira Instructor', email: 'instructor@demo.test' },
            { name: 'Marco Reyes', email: 'marco@demo.test' },
            { name: 'Aisha Bello', email: 'aisha@demo.test' },
            { name: 'Tom Nguyen', email: 'tom@demo.test' },
          ];
    await tx.insert(instructors).values(
      people.map((values) => ({
        companyId: company.id,
        id: generateId(),
        bio: null,
        phone: null,
        photo: null,
        ...values,
      })),
    );
  }
  if (company.kind === 'company') {
    const [facilitator] = await tx
      .select({ id: facilitators.id })
      .from(facilitators)
      .where(eq(facilitators.companyId, company.id))
      .limit(1);
    if (!facilitator) {
      await tx.insert(facilitators).values([
        {
          companyId: company.id,
          id: generateId(),
          name: 'Fran Facilitator',
          email: 'fran@demo.test',
          phone: null,
          bio: 'Runs our community events and workshops.',
          photo: null,
        },
        {
          companyId: company.id,
          id: generateId(),
          name: 'Leo Park',
          email: 'leo@demo.test',
          phone: null,
          bio: 'Hosts the monthly wellness talks and studio tours.',
          photo: null,
        },
      ]);
    }
  }
}

/**
 * The demo instructors who have a login (instructor@demo.test, the solo owner) are linked to it, as an
 * accepted invitation would have done. Runs after the logins exist, and every time, so older demo
 * databases get the link too.
 */
export async function linkDemoInstructors(tx: Executor, companyId: string): Promise<void> {
  await tx.execute(sql`
    update instructors i set user_id = u.id
      from users u
     where i.company_id = ${companyId} and i.user_id is null
       and u.company_id = i.company_id and u.email = i.email and u.role in ('instructor', 'solo-instructor')`);
}
