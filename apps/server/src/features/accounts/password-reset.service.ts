import { PAGE_ROLES, type PasswordTokenDto, type ResetPasswordBody, type ResetPasswordMailBody, type RoleId } from '@kinetic/shared';
import { withPlatform, type Database } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import { queueEmail } from '../../jobs/email-outbox.ts';
import type { Jobs } from '../../jobs/runner.ts';
import { badRequest } from '../../plugins/errors.ts';
import { hashPassword } from '../../plugins/passwords.ts';
import { addressKey, clearLimit, consumeLimit } from '../../plugins/rate-limit.ts';
import { hashToken, newSecretToken } from '../../plugins/tokens.ts';
import {
  deleteSessionsOfUser,
  findAccountsByEmail,
  findCompanyById,
  findUsableResetToken,
  findUser,
  insertResetToken,
  spendResetTokensOfUser,
  updatePasswordHash,
} from './accounts.repo.ts';
import { accountLoginRule, DEACTIVATED_ACCOUNT } from './login.service.ts';
import { resetPasswordEmail } from './reset-password-email.ts';
import { assertCompanyAvailable } from '../platform/suspension.ts';

const RESET_LINK_MINUTES = 60;
export const INVALID_RESET_LINK = 'This reset link has expired or was already used. Ask for a new one.';

export const resetAnswer = (email: string) =>
  `If an account exists for ${email}, we have emailed it a link to reset the password. The link works for one hour.`;

/** Emails a single-use link; answers the same whether or not the address has an account. */
export async function requestPasswordReset(
  deps: { db: Database; jobs?: Jobs; publicUrl: string; log: (error: unknown) => void },
  body: ResetPasswordMailBody,
  ip: string,
): Promise<void> {
  const emailIds = await withPlatform(deps.db, async (tx) => {
    await consumeLimit(tx, {
      key: `reset:account:${body.email}`,
      limit: 5,
      windowSeconds: 3600,
      message: 'We have already sent several reset emails to this address. Check your inbox or wait an hour.',
    });
    await consumeLimit(tx, {
      key: `reset:address:${addressKey(ip)}`,
      limit: 20,
      windowSeconds: 3600,
      message: 'Too many reset requests from your network. Wait an hour and try again.',
    });
    // The same accounts the login page it came from admits: a link always leads to a usable login.
    const roles = PAGE_ROLES[body.roleId ?? 'root'];
    // A deactivated staff member, or anyone of a suspended company (issue 18 §2), gets no link: it would
    // lead to a login that is refused.
    const accounts = (await findAccountsByEmail(tx, body.email, roles, body.companyId)).filter(
      ({ user, company }) => !user.deactivatedAt && !company.suspendedAt,
    );
    const ids: string[] = [];
    for (const { user, company } of accounts.slice(0, 5)) {
      const token = newSecretToken();
      await insertResetToken(tx, {
        id: generateId(),
        tokenHash: hashToken(token),
        companyId: company.id,
        userId: user.id,
        roleId: body.roleId ?? null,
        expiresAt: new Date(Date.now() + RESET_LINK_MINUTES * 60_000),
      });
      const prefix = body.roleId ? `/${company.slug}/${body.roleId}` : '';
      const link = `${deps.publicUrl}${prefix}/resetPassword/${token}`;
      ids.push(await queueEmail(tx, { companyId: company.id, to: user.email, ...resetPasswordEmail(user.name, company.name, link) }));
    }
    return ids;
  });
  // Not awaited: the answer must not take longer for a real account; a lost hand-off is swept up later.
  for (const id of emailIds) deps.jobs?.deliverEmail(id).catch(deps.log);
}

export async function validateResetToken(db: Database, token: string): Promise<PasswordTokenDto> {
  return withPlatform(db, async (tx) => {
    const row = await findUsableResetToken(tx, hashToken(token));
    const user = row && (await findUser(tx, row.companyId, row.userId));
    const company = row && (await findCompanyById(tx, row.companyId));
    if (!row || !user || !company) throw badRequest(INVALID_RESET_LINK);
    if (user.deactivatedAt) throw badRequest(DEACTIVATED_ACCOUNT);
    assertCompanyAvailable(company);
    const purpose = row.purpose === 'invitation' ? 'invitation' : 'reset';
    return { email: user.email, purpose, companyName: company.name };
  });
}

/** Sets the new password, spends the link and ends every session of the account. */
export async function resetPassword(
  db: Database,
  body: ResetPasswordBody,
): Promise<{ companySlug: string | null; roleId: RoleId | null }> {
  return withPlatform(db, async (tx) => {
    // The lock makes a second simultaneous use of the same link wait, then find it spent.
    const row = await findUsableResetToken(tx, hashToken(body.token), { lock: true });
    const user = row && (await findUser(tx, row.companyId, row.userId));
    if (!row || !user) throw badRequest(INVALID_RESET_LINK);
    if (user.deactivatedAt) throw badRequest(DEACTIVATED_ACCOUNT);
    const suspended = await findCompanyById(tx, row.companyId);
    if (suspended) assertCompanyAvailable(suspended);
    await updatePasswordHash(tx, row.companyId, row.userId, await hashPassword(body.password));
    await spendResetTokensOfUser(tx, row.companyId, row.userId);
    await deleteSessionsOfUser(tx, row.companyId, row.userId);
    // The lockout message sends people here; a new password lifts it.
    await clearLimit(tx, accountLoginRule(user.email).key);
    const company = await findCompanyById(tx, row.companyId);
    return { companySlug: row.roleId ? (company?.slug ?? null) : null, roleId: (row.roleId as RoleId | null) ?? null };
  });
}
