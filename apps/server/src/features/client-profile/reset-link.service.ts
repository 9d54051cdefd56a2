import { withPlatform, type Database } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import { queueEmail } from '../../jobs/email-outbox.ts';
import type { Jobs } from '../../jobs/runner.ts';
import type { Actor } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import { consumeLimit } from '../../plugins/rate-limit.ts';
import { hashToken, newSecretToken } from '../../plugins/tokens.ts';
import { findCompanyById, insertResetToken } from '../accounts/accounts.repo.ts';
import { resetPasswordEmail } from '../accounts/reset-password-email.ts';
import { findClient } from '../bookings/bookings.repo.ts';

const RESET_LINK_MINUTES = 60;
/** A client gets at most this many links from the team an hour (the inbox, not the desk, is the limit). */
export const RESET_LINKS_PER_CLIENT = 3;
/** One team member sends at most this many an hour (a script sending to every client stops here). */
export const RESET_LINKS_PER_MEMBER = 30;

/**
 * The team sends a client the normal reset email of their client login (the same email and one-hour
 * link as "Forgot password" on the client login page). Another company's client is 404.
 */
export async function sendClientResetLink(
  deps: { db: Database; jobs?: Jobs; publicUrl: string; log: (error: unknown) => void },
  actor: Actor,
  clientId: string,
): Promise<string> {
  const { emailId, sentence } = await withPlatform(deps.db, async (tx) => {
    // Platform scope (reset tokens are platform-only): the company is named in every lookup.
    const client = await findClient(tx, actor.companyId, clientId);
    const company = await findCompanyById(tx, actor.companyId);
    if (!client || !company) throw notFound('We could not find that client.');
    await consumeLimit(tx, {
      key: `reset:team-client:${actor.companyId}:${client.id}`,
      limit: RESET_LINKS_PER_CLIENT,
      windowSeconds: 3600,
      message: `${client.name} was already sent ${RESET_LINKS_PER_CLIENT} reset links this hour. Ask them to check their inbox, or try again later.`,
    });
    await consumeLimit(tx, {
      key: `reset:team-member:${actor.companyId}:${actor.userId}`,
      limit: RESET_LINKS_PER_MEMBER,
      windowSeconds: 3600,
      message: `You have sent ${RESET_LINKS_PER_MEMBER} reset links this hour. Try again later.`,
    });
    const token = newSecretToken();
    await insertResetToken(tx, {
      id: generateId(),
      tokenHash: hashToken(token),
      companyId: company.id,
      userId: client.id,
      roleId: client.role,
      expiresAt: new Date(Date.now() + RESET_LINK_MINUTES * 60_000),
    });
    const link = `${deps.publicUrl}/${company.slug}/${client.role}/resetPassword/${token}`;
    const id = await queueEmail(tx, {
      companyId: company.id,
      to: client.email,
      ...resetPasswordEmail(client.name, company.name, link),
    });
    return {
      emailId: id,
      sentence: `We emailed ${client.name} (${client.email}) a link to choose a new password. It works for one hour.`,
    };
  });
  deps.jobs?.deliverEmail(emailId).catch(deps.log);
  return sentence;
}
