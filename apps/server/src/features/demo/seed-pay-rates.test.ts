import { describe, expect, it } from 'vitest';
import { abilitiesOf, payRateSummary } from '@kinetic/shared';
import { withPlatform } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import { createTestDatabase } from '../../test/harness.ts';
import { listPayRates } from '../pay-rates/pay-rates.service.ts';
import { insertCompany } from '../signup/signup.repo.ts';
import { seedPayRates } from './seed-pay-rates.ts';
import { seedStudioSetup } from './seed-studio-setup.ts';

const db = await createTestDatabase();

/** 10:00 in Atlanta on 26 Nov 2026: the rates start on 1 Jul, the raise was on 5 Nov. */
const NOW = new Date('2026-11-26T15:00:00Z');

async function demoCompany(kind: 'company' | 'solo') {
  return withPlatform(db.db, async (tx) => {
    const slug = `${kind}-${generateId().slice(-8)}`;
    const company = await insertCompany(tx, {
      id: generateId(),
      slug,
      name: `Demo ${kind}`,
      kind,
      timeZone: 'America/New_York',
      currency: 'USD',
      email: `hello@${slug}.test`,
      phone: '(404) 555-0100',
      address: {
        line1: '1 Main St',
        line2: null,
        city: 'Atlanta',
        state: 'GA',
        postalCode: '30303',
        country: 'US',
      },
      completedOnboarding: ['companyDetails'],
    });
    await seedStudioSetup(tx, company);
    return company;
  });
}

const actorFor = (companyId: string) => ({
  sessionId: '',
  userId: '',
  companyId,
  roleId: 'admin' as const,
  abilities: abilitiesOf('admin', null),
});

describe('demo pay rates', () => {
  it('gives each demo instructor a rate of every kind, a template override and a raise three weeks ago; twice seeded, once stored', async () => {
    const company = await demoCompany('company');
    await withPlatform(db.db, (tx) => seedPayRates(tx, company, NOW));
    await withPlatform(db.db, (tx) => seedPayRates(tx, company, NOW));

    const { items, today } = await listPayRates(db.db, actorFor(company.id), undefined, NOW);
    expect(today).toBe('2026-11-26');
    const rows = items.map((item) => [
      item.instructorName,
      item.templateName ?? 'All classes',
      item.effectiveFrom,
      payRateSummary(item, 'USD', 'en-US'),
      item.status,
    ]);
    expect(rows).toEqual([
      ['Aisha Bello', 'All classes', '2026-07-01', '$30.00 an hour', 'in_force'],
      ['Aisha Bello', 'Reformer Pilates', '2026-07-01', '$40.00 per class', 'in_force'],
      [
        'Indira Instructor',
        'All classes',
        '2026-11-05',
        '$32.00 per class in peak hours, $28.00 otherwise',
        'in_force',
      ],
      ['Indira Instructor', 'All classes', '2026-07-01', '$25.00 per class', 'past'],
      [
        'Marco Reyes',
        'All classes',
        '2026-07-01',
        '$10.00 base + $3.00 per attendee, at most $40.00',
        'in_force',
      ],
      [
        'Tom Nguyen',
        'All classes',
        '2026-07-01',
        '$26.00 per class in peak hours, $22.00 otherwise',
        'in_force',
      ],
    ]);

    const settings = await db.pool.query('select frequency from payroll_settings where company_id = $1', [
      company.id,
    ]);
    expect(settings.rows).toEqual([{ frequency: 'monthly' }]);
  });

  it('leaves a solo business without rates or payroll settings', async () => {
    const company = await demoCompany('solo');
    await withPlatform(db.db, (tx) => seedPayRates(tx, company, NOW));
    const rates = await db.pool.query('select count(*)::int as n from pay_rates where company_id = $1', [
      company.id,
    ]);
    const settings = await db.pool.query(
      'select count(*)::int as n from payroll_settings where company_id = $1',
      [company.id],
    );
    expect([rates.rows[0].n, settings.rows[0].n]).toEqual([0, 0]);
  });
});
