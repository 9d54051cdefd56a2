import type { FastifyInstance } from 'fastify';
import type { RoleId } from '@kinetic/shared';
import { withPlatform, type Database } from '../db/client.ts';
import { generateId } from '../db/ids.ts';
import { users } from '../db/schema/index.ts';
import { hashPassword } from '../plugins/passwords.ts';
import { bearer, PASSWORD } from './factories.ts';

let sequence = 0;

/**
 * A team member (staff or instructor) of an existing company, logged in through the real login call.
 * Staff invitations are not built yet, so the row is written directly, as the invitation will write it.
 */
export async function signInTeamMember(
  app: FastifyInstance,
  db: Database,
  companyId: string,
  role: Extract<RoleId, 'staff' | 'instructor'>,
): Promise<{ token: string; headers: { authorization: string } }> {
  const email = `${role}-${Date.now().toString(36)}${(sequence++).toString(36)}@example.com`;
  const passwordHash = await hashPassword(PASSWORD);
  await withPlatform(db, (tx) =>
    tx.insert(users).values({ companyId, id: generateId(), role, name: `Tess ${role}`, email, passwordHash }),
  );
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: PASSWORD, roleId: role, companyId },
  });
  if (response.statusCode !== 200) throw new Error(`team login failed: ${response.body}`);
  const token = response.json().data.token as string;
  return { token, headers: bearer(token) };
}
