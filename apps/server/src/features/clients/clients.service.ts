import type { ClientDto, ClientsListDto, ClientsQuery } from '@kinetic/shared';
import { withTenant, type Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { generateId } from '../../db/ids.ts';
import { users } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/auth.ts';
import { conflict, notFound } from '../../plugins/errors.ts';
import { findCompanyById } from '../accounts/accounts.repo.ts';
import { INVITED_PASSWORD_HASH } from '../accounts/invited-login.ts';
import { searchClients } from '../bookings/bookings.repo.ts';
import { emitClientCreated } from '../webhooks/event-data.ts';

const toDto = (row: {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  createdAt: Date;
}): ClientDto => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  createdAt: row.createdAt.toISOString(),
});

/** The roster's client search: name, email or phone (the clients issue builds the full Clients page). */
export async function listClients(db: Database, actor: Actor, query: ClientsQuery): Promise<ClientsListDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const page = await searchClients(tx, actor.companyId, query);
    return { items: page.items.map(toDto), total: page.total };
  });
}

/**
 * A client created on the spot (at the desk, into a class). They have no password yet: "Forgot password"
 * on the client login (or the clients issue's invitation) lets them choose one with this email.
 */
export async function createClient(
  db: Database,
  actor: Actor,
  body: { name: string; email: string; phone?: string | null | undefined },
): Promise<ClientDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const company = await findCompanyById(tx, actor.companyId);
    if (!company) throw notFound('We could not find your company.');
    const now = new Date();
    try {
      const [row] = await tx
        .insert(users)
        .values({
          companyId: actor.companyId,
          id: generateId(now.getTime()),
          role: company.kind === 'solo' ? 'solo-client' : 'client',
          name: body.name,
          email: body.email.toLowerCase(),
          phone: body.phone ?? null,
          passwordHash: INVITED_PASSWORD_HASH,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('The client was not created');
      await emitClientCreated(tx, actor.companyId, row, 'studio');
      return toDto(row);
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict('A client with this email already exists; search for them instead.', {
          email: 'A client with this email already exists',
        });
      throw error;
    }
  });
}
