import { describe, expect, it } from 'vitest';
import type { StaffMemberDto } from '@kinetic/shared';
import { withPlatform } from '../../db/client.ts';
import { hashPassword } from '../../plugins/passwords.ts';
import { createTestApp } from '../../test/harness.ts';
import { bearer, logIn } from '../../test/factories.ts';
import { findCompanyBySlug } from '../accounts/accounts.repo.ts';
import { DEMO_PASSWORD, seedDemo } from '../demo/seed-demo.ts';
import { seedStaff } from '../demo/seed-staff.ts';

const { app, db } = await createTestApp();

describe('seedStaff (the demo team)', () => {
  it(
    'gives the demo team its studios and an invited, an active and a deactivated member; twice changes nothing',
    { timeout: 120_000 },
    async () => {
      await seedDemo(db.db);
      const hash = await hashPassword(DEMO_PASSWORD);
      const seed = () =>
        withPlatform(db.db, async (tx) => {
          for (const slug of ['demo', 'solo-demo']) {
            const company = await findCompanyBySlug(tx, slug);
            if (company) await seedStaff(tx, company, hash);
          }
        });
      await seed();
      await seed();

      const login = await logIn(app, { email: 'admin@demo.test', password: DEMO_PASSWORD });
      expect(login.statusCode, login.body).toBe(200);
      const headers = bearer(login.json().data.token);
      const all = (await app.inject({ method: 'GET', url: '/api/staff-members?status=all', headers })).json()
        .data;
      const byEmail = new Map((all.items as StaffMemberDto[]).map((member) => [member.email, member]));
      expect(all.total).toBe(6);
      expect(byEmail.get('admin@demo.test')?.studios.map((studio) => studio.name)).toEqual([
        'Decatur',
        'Midtown',
      ]);
      expect(byEmail.get('marco@demo.test')).toMatchObject({ status: 'invited', role: 'instructor' });
      expect(byEmail.get('marco@demo.test')?.instructorId).toBeTruthy();
      expect(byEmail.get('aisha@demo.test')).toMatchObject({ status: 'active' });
      expect(byEmail.get('dana@demo.test')).toMatchObject({ status: 'deactivated' });
      expect((await logIn(app, { email: 'aisha@demo.test', password: DEMO_PASSWORD })).statusCode).toBe(200);
      expect((await logIn(app, { email: 'dana@demo.test', password: DEMO_PASSWORD })).statusCode).toBe(403);

      const week = (await app.inject({ method: 'GET', url: '/api/staff-members/overview', headers })).json()
        .data;
      const indira = week.members.find(
        (entry: { member: StaffMemberDto }) => entry.member.email === 'instructor@demo.test',
      );
      expect(indira.classes.length).toBeGreaterThan(0);
      // The solo demo has no team to seed.
      const solo = await db.pool.query(
        `select count(*)::int as n from staff_studios s join companies c on c.id = s.company_id where c.slug = 'solo-demo'`,
      );
      expect(solo.rows[0].n).toBe(0);
    },
  );
});
