import type { ClientSignupBody, CompanySignupBody, SessionDto } from '@kinetic/shared';
import { withPlatform, type Database } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import { conflict, HttpError, notFound } from '../../plugins/errors.ts';
import { hashPassword } from '../../plugins/passwords.ts';
import { findCompanyBySlug } from '../accounts/accounts.repo.ts';
import { startSession } from '../accounts/sessions.service.ts';
import { insertCompany, insertUserIfNew } from './signup.repo.ts';

const SLUG_TAKEN = 'This address is taken; choose another.';

/** A new business (or solo instructor) with its owner's account, already logged in. */
export async function signUpCompany(db: Database, body: CompanySignupBody): Promise<SessionDto> {
  const passwordHash = await hashPassword(body.password);
  return withPlatform(db, async (tx) => {
    if (await findCompanyBySlug(tx, body.slug)) throw slugTaken();
    const company = await insertCompany(tx, {
      id: generateId(),
      slug: body.slug,
      name: body.companyName,
      kind: body.kind,
      timeZone: body.timeZone,
    }).catch((error: unknown) => {
      // Two sign-ups racing for one address: the unique index decides.
      if ((error as { code?: string }).code === '23505') throw slugTaken();
      throw error;
    });
    const owner = await insertUserIfNew(tx, {
      companyId: company.id,
      id: generateId(),
      role: body.kind === 'solo' ? 'solo-instructor' : 'admin',
      name: body.name,
      email: body.email,
      passwordHash,
    });
    if (!owner) throw new Error('The owner account was not created.');
    return startSession(tx, owner, company);
  });
}

function slugTaken(): HttpError {
  const error = conflict(SLUG_TAKEN);
  return new HttpError(error.statusCode, SLUG_TAKEN, { slug: SLUG_TAKEN });
}

/** A client joins a business from its client pages and is logged in. */
export async function signUpClient(db: Database, body: ClientSignupBody): Promise<SessionDto> {
  const passwordHash = await hashPassword(body.password);
  return withPlatform(db, async (tx) => {
    const company = await findCompanyBySlug(tx, body.company);
    const accepts = company && (company.kind === 'solo') === (body.roleId === 'solo-client');
    if (!company || !accepts) throw notFound(`We could not find a business at “${body.company}”.`);
    const client = await insertUserIfNew(tx, {
      companyId: company.id,
      id: generateId(),
      role: body.roleId,
      name: body.name,
      email: body.email,
      phone: body.phone || null,
      passwordHash,
    });
    if (!client) {
      const message = `${body.email} already has an account here. Log in or reset your password.`;
      throw new HttpError(409, message, { email: message });
    }
    return startSession(tx, client, company);
  });
}
