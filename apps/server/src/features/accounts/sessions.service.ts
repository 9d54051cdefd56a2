import {
  hostTypeForRole,
  isClientRole,
  isManagerRole,
  pendingOnboarding,
  type OnboardingStep,
  type RoleId,
  type SessionDto,
} from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import { hashToken, newSecretToken } from '../../plugins/tokens.ts';
import { findSoloInstructorId, insertSession, type CompanyRow, type UserRow } from './accounts.repo.ts';

export const SESSION_DAYS = 30;

/** Onboarding is the business owner's checklist: admins and solo instructors see it. */
export function onboardingFor(
  role: RoleId,
  company: Pick<CompanyRow, 'kind' | 'completedOnboarding'>,
): OnboardingStep[] {
  if (!isManagerRole(role)) return [];
  return pendingOnboarding(company.kind, company.completedOnboarding);
}

/** Starts a session and answers what the login page needs: the token and the `user` cookie's content. */
export async function startSession(
  tx: Executor,
  user: UserRow,
  company: CompanyRow,
  isSpecial: 0 | 1 = 0,
): Promise<SessionDto> {
  const token = newSecretToken();
  await insertSession(tx, {
    id: generateId(),
    tokenHash: hashToken(token),
    companyId: company.id,
    userId: user.id,
    role: user.role,
    expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000),
  });
  const soloInstructorId = company.kind === 'solo' ? await findSoloInstructorId(tx, company.id) : null;
  return {
    token,
    user: {
      _id: user.id,
      companyId: company.id,
      soloInstructorId,
      clientSignupDetailsId: isClientRole(user.role) ? user.id : null,
    },
    roleId: user.role,
    hostType: hostTypeForRole(user.role),
    company: { id: company.id, slug: company.slug, name: company.name, kind: company.kind },
    onBoardingData: onboardingFor(user.role, company),
    isSpecial,
  };
}
