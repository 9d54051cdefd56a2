import {
  canFrom,
  hostTypeForRole,
  type AccountDto,
  type Ability,
  type AuthResetPasswordBody,
} from '@kinetic/shared';
import { withPlatform, withTenant, type Database } from '../../db/client.ts';
import type { Actor, SessionAccount } from '../../plugins/auth.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { hashPassword, verifyPassword } from '../../plugins/passwords.ts';
import { uploadUrl } from '../uploads/uploads.storage.ts';
import {
  deleteSession,
  deleteSessionsOfUser,
  findUser,
  spendResetTokensOfUser,
  updatePasswordHash,
} from './accounts.repo.ts';
import { assertUnderLimit, clearLimit, countEvent } from '../../plugins/rate-limit.ts';
import { onboardingFor } from './sessions.service.ts';
import { endSupportSessionsOfLogin } from '../platform/support-sessions.service.ts';

export async function logout(db: Database, actor: Actor): Promise<void> {
  await withPlatform(db, async (tx) => {
    await deleteSession(tx, actor.sessionId);
    // A support login logging out ends its support session too (issue 18 §2): the company sees it ended.
    await endSupportSessionsOfLogin(tx, actor.companyId, actor.userId);
  });
}

/** The signed-in account as GET /api/me answers it, from what the session look-up read with it. */
export function toAccountDto(account: SessionAccount | undefined, abilities: readonly Ability[]): AccountDto {
  if (!account) throw notFound('Your account no longer exists.');
  const { user, company } = account;
  return {
    user: { id: user.id, name: user.name, email: user.email, phone: user.phone, roleId: user.role },
    company: {
      id: company.id,
      slug: company.slug,
      name: company.name,
      kind: company.kind,
      logoUrl: company.logo ? uploadUrl(company.logo) : null,
      locale: company.locale,
    },
    hostType: hostTypeForRole(user.role),
    onBoardingData: onboardingFor(user.role, company),
    can: canFrom(abilities, user.role, company.kind),
  };
}

/** Change password while logged in: the current one is required; other sessions and reset links end. */
export async function changePassword(db: Database, actor: Actor, body: AuthResetPasswordBody): Promise<void> {
  if (body.userId !== actor.userId || body.companyId !== actor.companyId) {
    throw notFound('We could not find that account.');
  }
  const rule = {
    key: `change-password:${actor.companyId}:${actor.userId}`,
    limit: 5,
    windowSeconds: 15 * 60,
    message: 'Too many wrong current passwords. Wait 15 minutes and try again.',
  };
  await withPlatform(db, (tx) => assertUnderLimit(tx, rule));
  const user = await withTenant(db, actor.companyId, (tx) => findUser(tx, actor.companyId, actor.userId));
  if (!user) throw notFound('We could not find that account.');
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    await withPlatform(db, (tx) => countEvent(tx, rule));
    throw badRequest('The current password is incorrect.', {
      currentPassword: 'The current password is incorrect.',
    });
  }
  const passwordHash = await hashPassword(body.password);
  await withPlatform(db, async (tx) => {
    await updatePasswordHash(tx, actor.companyId, actor.userId, passwordHash);
    await spendResetTokensOfUser(tx, actor.companyId, actor.userId);
    await deleteSessionsOfUser(tx, actor.companyId, actor.userId, actor.sessionId);
    await clearLimit(tx, rule.key);
  });
}
