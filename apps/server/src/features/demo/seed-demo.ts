import { onboardingStepsFor, type RoleId } from '@kinetic/shared';
import { withPlatform, type Database } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import { hashPassword } from '../../plugins/passwords.ts';
import { findCompanyBySlug } from '../accounts/accounts.repo.ts';
import { insertCompany, insertUserIfNew } from '../signup/signup.repo.ts';
import { linkDemoInstructors, seedStudioSetup } from './seed-studio-setup.ts';
import { seedBookings } from './seed-bookings.ts';
import { seedPackages } from './seed-packages.ts';
import { seedEvents } from './seed-events.ts';
import { seedWaivers } from './seed-waivers.ts';
import { seedMoreSignupDetails, seedSignupDetails } from './seed-signup-details.ts';
import { seedStaff } from './seed-staff.ts';
import { seedPayRates } from './seed-pay-rates.ts';
import { seedPayroll } from './seed-payroll.ts';
import { seedSchedule } from './seed-schedule.ts';
import { seedEmailSettings } from './seed-email.ts';
import { seedAppointments } from './seed-appointments.ts';
import { seedIntegrations } from './seed-integrations.ts';
import {
  DEMO_PLATFORM_EMAIL,
  ensurePlatformAdmin,
  holdsRealBusinesses,
  retireDemoPlatformAdmin,
} from './platform-admin.ts';

export const DEMO_PASSWORD = 'kinetic-demo';

const DEMO_COMPANIES = [
  {
    slug: 'demo',
    name: 'Demo Fitness Studio',
    kind: 'company' as const,
    users: [
      ['admin', 'Avery Admin'],
      ['staff', 'Sam Staff'],
      ['instructor', 'Indira Instructor'],
      ['client', 'Casey Client'],
    ] as [RoleId, string][],
  },
  {
    slug: 'solo-demo',
    name: 'Solo Demo Yoga',
    kind: 'solo' as const,
    users: [
      ['solo-instructor', 'Sol Instructor'],
      ['solo-client', 'Cleo Client'],
    ] as [RoleId, string][],
  },
];

const emailFor = (role: RoleId, slug: string) =>
  `${role === 'solo-instructor' ? 'instructor' : role === 'solo-client' ? 'client' : role}@${slug}.test`;

/** The demo world of `npm start`; running it again changes nothing. */
/**
 * `besideRealBusinesses`: `skip` (SEED_DEMO=auto) writes no demo into a database that holds a real
 * business (a restored backup, a studio that signed up next to the demo); `seed` (always) does.
 * Either way the demo platform admin, whose password is public, never sits beside a real business.
 */
export async function seedDemo(
  db: Database,
  options: { besideRealBusinesses?: 'skip' | 'seed' } = {},
): Promise<{ created: boolean; skipped?: true; platformAdmin?: boolean }> {
  const demoSlugs = DEMO_COMPANIES.map((demo) => demo.slug);
  if (await holdsRealBusinesses(db, demoSlugs)) {
    await retireDemoPlatformAdmin(db);
    if (options.besideRealBusinesses === 'skip') return { created: false, skipped: true };
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const result = await withPlatform(db, async (tx) => {
    let created = false;
    for (const demo of DEMO_COMPANIES) {
      let company = await findCompanyBySlug(tx, demo.slug);
      if (!company) {
        created = true;
        company = await insertCompany(tx, {
          id: generateId(),
          slug: demo.slug,
          name: demo.name,
          kind: demo.kind,
          timeZone: 'America/New_York',
          currency: 'USD',
          email: `hello@${demo.slug}.test`,
          phone: '(404) 555-0100',
          address: {
            line1: '100 Peachtree St NW',
            line2: null,
            city: 'Atlanta',
            state: 'GA',
            postalCode: '30303',
            country: 'United States',
          },
          // The demo has every step's settings (studios, session rules, peak hours, waiver, policies), so the
          // owner's first login lands on the Dashboard, not on a setup page (issue 18).
          completedOnboarding: [...onboardingStepsFor(demo.kind)],
        });
      }
      await seedStudioSetup(tx, company);
      for (const [role, name] of demo.users) {
        await insertUserIfNew(tx, {
          companyId: company.id,
          id: generateId(),
          role,
          name,
          email: emailFor(role, demo.slug),
          phone: role.endsWith('client') ? '(404) 555-0199' : null,
          passwordHash,
        });
      }
      await linkDemoInstructors(tx, company.id);
      await seedStaff(tx, company, passwordHash);
      await seedSchedule(tx, company);
      await seedBookings(tx, company);
      await seedPackages(tx, company);
      await seedEvents(tx, company);
      await seedWaivers(tx, company);
      await seedSignupDetails(tx, company);
      await seedMoreSignupDetails(tx, company);
      // After the classes and their attendance: last month's payroll is closed at the rates in force then.
      await seedPayRates(tx, company);
      // After the class pay rates (seeded only while a company has none) and before payroll is closed.
      await seedAppointments(tx, company);
      await seedPayroll(tx, company);
      await seedEmailSettings(tx, company);
    }
    return { created };
  });
  // Fresh tables have no statistics until autovacuum comes by: the planner would take the thousands of
  // demo bookings for one row and join them the slow way (the insights took seconds instead of 0.2 s).
  if (result.created)
    await db.$client.query(
      'analyze users, client_signup_details, class_instances, bookings, booking_events, orders, order_lines, payments, client_packages, credit_ledger',
    );
  // The demo's platform (uber) admin (issue 18 §2): logs in at the root /login into the platform area.
  const platformAdmin = !(await holdsRealBusinesses(db, demoSlugs));
  if (platformAdmin) await ensurePlatformAdmin(db, DEMO_PLATFORM_EMAIL, DEMO_PASSWORD);
  // After the platform admin: API keys, a webhook endpoint and its log, the past import, a support session.
  await withPlatform(db, async (tx) => {
    for (const demo of DEMO_COMPANIES) {
      const company = await findCompanyBySlug(tx, demo.slug);
      if (company) await seedIntegrations(tx, company);
    }
  });
  return { ...result, platformAdmin };
}

export function demoLogins(baseUrl: string, options: { platformAdmin?: boolean } = {}): string[] {
  const lines = [
    `Demo logins (password ${DEMO_PASSWORD}):`,
    `  admin, staff, instructor  ${baseUrl}/login            admin@demo.test, staff@demo.test, instructor@demo.test`,
    `  client                    ${baseUrl}/demo/client/login   client@demo.test`,
    `  solo instructor           ${baseUrl}/solo-demo/solo-instructor/login   instructor@solo-demo.test`,
    `  solo client               ${baseUrl}/solo-demo/solo-client/client/app/login   client@solo-demo.test`,
  ];
  if (options.platformAdmin !== false)
    lines.push(`  platform admin            ${baseUrl}/login            ${DEMO_PLATFORM_EMAIL}`);
  return lines;
}
