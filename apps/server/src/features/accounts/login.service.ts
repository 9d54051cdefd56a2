import type { CheckCompanyDto, CheckCompanyBody, LoginBody, LoginResultDto, RoleId } from '@kinetic/shared';
import { withPlatform, type Database } from '../../db/client.ts';
import { notFound, unauthorized } from '../../plugins/errors.ts';
import { verifyAgainstNothing, verifyPassword } from '../../plugins/passwords.ts';
import { assertUnderLimit, clearLimit, countEvent, type RateLimitRule } from '../../plugins/rate-limit.ts';
import { findAccountsByEmail, findCompanyBySlug } from './accounts.repo.ts';
import { startSession } from './sessions.service.ts';

/** Which accounts each login page admits (the root /login has no role key). */
const LOGIN_ROLES: Record<RoleId | 'root', readonly RoleId[]> = {
  root: ['admin', 'staff', 'instructor', 'solo-instructor'],
  admin: ['admin', 'staff', 'instructor'],
  staff: ['admin', 'staff', 'instructor'],
  instructor: ['admin', 'staff', 'instructor'],
  client: ['client'],
  'solo-instructor': ['solo-instructor'],
  'solo-client': ['solo-client'],
};

const COMPANY_KIND_ROLES: Record<'company' | 'solo', readonly RoleId[]> = {
  company: ['admin', 'staff', 'instructor', 'client'],
  solo: ['solo-instructor', 'solo-client'],
};

export const WRONG_CREDENTIALS = 'The email or password is incorrect.';
const FAILURE_WINDOW_SECONDS = 15 * 60;
export const accountLoginRule = (email: string): RateLimitRule => ({
  key: `login:account:${email}`,
  limit: 5,
  windowSeconds: FAILURE_WINDOW_SECONDS,
  message: 'Too many failed attempts for this account. Wait 15 minutes or reset your password.',
});
export const addressLoginRule = (ip: string): RateLimitRule => ({
  key: `login:address:${ip}`,
  limit: 20,
  windowSeconds: FAILURE_WINDOW_SECONDS,
  message: 'Too many failed logins from your network. Wait 15 minutes and try again.',
});

export async function checkCompany(db: Database, body: CheckCompanyBody): Promise<CheckCompanyDto> {
  const company = await withPlatform(db, (tx) => findCompanyBySlug(tx, body.company));
  if (!company) throw notFound(`We could not find a business at “${body.company}”. Check the address.`);
  if (!COMPANY_KIND_ROLES[company.kind].includes(body.roleId)) {
    throw notFound(`This page is not available for ${company.name}.`);
  }
  return { companyId: company.id, companyName: company.name, kind: company.kind };
}

export async function login(db: Database, body: LoginBody, ip: string): Promise<LoginResultDto> {
  const accountRule = accountLoginRule(body.email);
  const addressRule = addressLoginRule(ip);
  await withPlatform(db, async (tx) => {
    await assertUnderLimit(tx, accountRule);
    await assertUnderLimit(tx, addressRule);
  });

  const roles = LOGIN_ROLES[body.roleId ?? 'root'];
  const candidates = await withPlatform(db, (tx) => findAccountsByEmail(tx, body.email, roles, body.companyId));
  if (candidates.length === 0) await verifyAgainstNothing(body.password);
  const matches = [];
  for (const candidate of candidates) {
    if (await verifyPassword(candidate.user.passwordHash, body.password)) matches.push(candidate);
  }

  if (matches.length === 0) {
    // Its own transaction: the count must survive the failed request.
    await withPlatform(db, async (tx) => {
      await countEvent(tx, accountRule);
      await countEvent(tx, addressRule);
    });
    throw unauthorized(WRONG_CREDENTIALS);
  }
  if (matches.length > 1) {
    // Only after the password is verified: the list never tells a stranger where an email has accounts.
    return {
      chooseCompany: matches.map(({ company }) => ({
        id: company.id,
        slug: company.slug,
        name: company.name,
        kind: company.kind,
      })),
    };
  }
  const [match] = matches;
  if (!match) throw unauthorized(WRONG_CREDENTIALS);
  return withPlatform(db, async (tx) => {
    await clearLimit(tx, accountRule.key);
    return startSession(tx, match.user, match.company, body.isSpecial ?? 0);
  });
}
