import { COMPANY_KIND_ROLES, type ClientSignupBody, type CompanySignupBody, type SessionDto } from '@kinetic/shared';
import { withPlatform, type Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { generateId } from '../../db/ids.ts';
import { conflict, notFound } from '../../plugins/errors.ts';
import { addressKey, consumeLimit } from '../../plugins/rate-limit.ts';
import { hashPassword } from '../../plugins/passwords.ts';
import { findCompanyBySlug } from '../accounts/accounts.repo.ts';
import { startSession } from '../accounts/sessions.service.ts';
import { clientAreaUrl, notify } from '../notifications/notify.ts';
import { addImplicitStudio } from '../studios/studios.service.ts';
import { instructors } from '../../db/schema/index.ts';
import { insertCompany, insertUserIfNew } from './signup.repo.ts';
import { emitClientCreated } from '../webhooks/event-data.ts';
import { assertCompanyAvailable } from '../platform/suspension.ts';

const SLUG_TAKEN = 'This address is taken; choose another.';

/** A new business (or solo instructor) with its owner's account, already logged in. */
export async function signUpCompany(db: Database, body: CompanySignupBody, ip: string): Promise<SessionDto> {
  await withPlatform(db, (tx) => consumeLimit(tx, signupRule(ip)));
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
      if (isUniqueViolation(error)) throw slugTaken();
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
    if (!owner) throw new Error('A new company already had an owner.');
    if (company.kind === 'solo') {
      // A solo business's owner is its only studio's only instructor: the schedule needs both rows.
      await addImplicitStudio(tx, company.id, company.name);
      await tx.insert(instructors).values({
        companyId: company.id,
        id: generateId(),
        name: owner.name,
        email: owner.email,
        userId: owner.id,
      });
    }
    return startSession(tx, owner, company);
  });
}

const slugTaken = () => conflict(SLUG_TAKEN, { slug: SLUG_TAKEN });

/** Accounts are free to make, so their making is limited per address. */
const signupRule = (ip: string) => ({
  key: `signup:address:${addressKey(ip)}`,
  limit: 30,
  windowSeconds: 3600,
  message: 'Too many new accounts from your network. Wait an hour and try again.',
});

/**
 * A client joins a business from its client pages (the sign-up page, an event's account step and the
 * check-in screen's account sign-up all come here) and is logged in. The studio's "Welcome" email is
 * queued in the same transaction; the route hands the outbox to the worker after the commit. A client the
 * team adds at the desk has no password and gets no welcome (see docs/architecture.md, Notifications).
 */
export async function signUpClient(
  db: Database,
  body: ClientSignupBody,
  ip: string,
  publicUrl = '',
): Promise<SessionDto> {
  await withPlatform(db, (tx) => consumeLimit(tx, signupRule(ip)));
  const passwordHash = await hashPassword(body.password);
  return withPlatform(db, async (tx) => {
    const company = await findCompanyBySlug(tx, body.company);
    if (!company || !COMPANY_KIND_ROLES[company.kind].includes(body.roleId)) {
      throw notFound(`We could not find a business at “${body.company}”.`);
    }
    assertCompanyAvailable(company);
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
      // Saying so is kinder than a silent failure; the per-address limit keeps it from being a directory.
      const message = `${body.email} already has an account here. Log in or reset your password.`;
      throw conflict(message, { email: message });
    }
    await emitClientCreated(tx, company.id, client, 'signup');
    await notify(
      tx,
      company.id,
      {
        trigger: 'welcome',
        to: { id: client.id, name: client.name, email: client.email },
        variables: { 'account.link': clientAreaUrl(publicUrl, company) },
      },
      { publicUrl },
    );
    return startSession(tx, client, company);
  });
}
