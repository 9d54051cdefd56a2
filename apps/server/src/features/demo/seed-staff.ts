import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import { hashToken, newSecretToken } from '../../plugins/tokens.ts';
import { INVITATION_LINK_DAYS, INVITED_PASSWORD_HASH } from '../accounts/invited-login.ts';

type StaffSeed = {
  name: string;
  email: string;
  role: 'admin' | 'staff' | 'instructor';
  /** The demo studios they work at, by name. */
  studios: string[];
  /** active: logs in with the demo password; invited: waits for the invitation link; deactivated. */
  state?: 'active' | 'invited' | 'deactivated';
};

/**
 * The demo team (issue 15 §1, §5): the three demo logins get their studios, and three more staff members
 * show the other states on Settings › Staff Members and the Staff page — Marco Reyes invited (his link
 * is in no inbox), Aisha Bello an instructor who logs in, Dana Desk deactivated. Instructor logins are
 * linked to the demo instructors of the same email, so their classes show on the Staff page.
 */
const DEMO_TEAM: StaffSeed[] = [
  { name: 'Avery Admin', email: 'admin@demo.test', role: 'admin', studios: ['Midtown', 'Decatur'] },
  { name: 'Sam Staff', email: 'staff@demo.test', role: 'staff', studios: ['Midtown'] },
  {
    name: 'Indira Instructor',
    email: 'instructor@demo.test',
    role: 'instructor',
    studios: ['Midtown', 'Decatur'],
  },
  {
    name: 'Marco Reyes',
    email: 'marco@demo.test',
    role: 'instructor',
    studios: ['Midtown'],
    state: 'invited',
  },
  {
    name: 'Aisha Bello',
    email: 'aisha@demo.test',
    role: 'instructor',
    studios: ['Decatur'],
    state: 'active',
  },
  { name: 'Dana Desk', email: 'dana@demo.test', role: 'staff', studios: ['Decatur'], state: 'deactivated' },
];

/**
 * Seeds the demo team of a company-kind demo (solo companies have no team). Call it from `seedDemo` after
 * the demo users are inserted and `linkDemoInstructors` ran, in the same transaction, with the demo
 * password's hash. Running it again changes nothing: people, studios and links are added only when missing.
 */
export async function seedStaff(
  tx: Executor,
  company: { id: string; kind: 'company' | 'solo' },
  passwordHash: string,
): Promise<void> {
  if (company.kind !== 'company') return;
  const studioRows = await tx.execute<{ id: string; name: string }>(
    sql`select id, name from studios where company_id = ${company.id}`,
  );
  const studioIds = new Map(studioRows.rows.map((row) => [row.name, row.id]));

  for (const person of DEMO_TEAM) {
    const found = await tx.execute<{ id: string }>(
      sql`select id from users where company_id = ${company.id} and email = ${person.email} and role = ${person.role}`,
    );
    let userId = found.rows[0]?.id;
    if (!userId) {
      if (!person.state) continue; // One of the demo logins seedDemo makes; not there, nothing to add.
      userId = generateId();
      const hash = person.state === 'invited' ? INVITED_PASSWORD_HASH : passwordHash;
      await tx.execute(sql`
        insert into users (company_id, id, role, name, email, password_hash, deactivated_at)
        values (${company.id}, ${userId}, ${person.role}, ${person.name}, ${person.email}, ${hash},
          ${person.state === 'deactivated' ? sql`now() - interval '3 days'` : sql`null`})`);
      if (person.state === 'invited') {
        // A link nobody holds: the Staff page shows "Invited" with its expiry; Resend sends a real one.
        await tx.execute(sql`
          insert into password_reset_tokens (id, token_hash, company_id, user_id, purpose, expires_at)
          values (${generateId()}, ${hashToken(newSecretToken())}, ${company.id}, ${userId}, 'invitation',
            now() + ${`${INVITATION_LINK_DAYS - 2} days`}::interval)`);
      }
    }

    const hasStudios = await tx.execute(
      sql`select 1 from staff_studios where company_id = ${company.id} and user_id = ${userId} limit 1`,
    );
    if (hasStudios.rows.length === 0) {
      for (const name of person.studios) {
        const studioId = studioIds.get(name);
        if (!studioId) continue;
        await tx.execute(sql`
          insert into staff_studios (company_id, user_id, studio_id) values (${company.id}, ${userId}, ${studioId})
          on conflict do nothing`);
      }
    }

    if (person.role === 'instructor') {
      await tx.execute(sql`
        update instructors set user_id = ${userId}
        where company_id = ${company.id} and email = ${person.email} and user_id is null
          and not exists (select 1 from instructors o where o.company_id = ${company.id} and o.user_id = ${userId})`);
    }
  }
}
