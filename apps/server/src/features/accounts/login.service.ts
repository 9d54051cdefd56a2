import {
  COMPANY_KIND_ROLES,
  PAGE_ROLES,
  type CheckCompanyBody,
  type CheckCompanyDto,
  type LoginBody,
  type LoginResultDto,
} from '@kinetic/shared';
import { withPlatform, type Database } from '../../db/client.ts';
import { notFound, unauthorized } from '../../plugins/errors.ts';
import { verifyAgainstNothing, verifyPassword } from '../../plugins/passwords.ts';
import { addressKey, clearLimit, consumeLimit, undoEvent, type RateLimitRule } from '../../plugins/rate-limit.ts';
import { findAccountsByEmail, findCompanyBySlug } from './accounts.repo.ts';
import { startSession } from './sessions.service.ts';

export const WRONG_CREDENTIALS = 'The email or password is incorrect.';
const WINDOW_SECONDS = 15 * 60;
/** How many accounts one email may be checked against in one login (each check is an argon2 hash). */
const MAX_CANDIDATES = 10;

export const accountLoginRule = (email: string): RateLimitRule => ({
  key: `login:account:${email}`,
  limit: 5,
  windowSeconds: WINDOW_SECONDS,
  message: 'Too many failed attempts for this account. Wait 15 minutes or reset your password.',
});
export const addressLoginRule = (ip: string): RateLimitRule => ({
  key: `login:address:${addressKey(ip)}`,
  limit: 20,
  windowSeconds: WINDOW_SECONDS,
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
  // Every attempt is counted before the password is checked, in its own committed transaction, so
  // parallel guesses cannot slip past the limit and the 401 below does not roll the count back.
  await withPlatform(db, async (tx) => {
    await consumeLimit(tx, accountRule);
    await consumeLimit(tx, addressRule);
  });

  const roles = PAGE_ROLES[body.roleId ?? 'root'];
  const candidates = await withPlatform(db, (tx) =>
    findAccountsByEmail(tx, body.email, roles, body.companyId, MAX_CANDIDATES),
  );
  if (candidates.length === 0) await verifyAgainstNothing(body.password);
  const matches: typeof candidates = [];
  for (const candidate of candidates) {
    if (await verifyPassword(candidate.user.passwordHash, body.password)) matches.push(candidate);
  }
  const [match] = matches;
  if (!match) throw unauthorized(WRONG_CREDENTIALS);

  return withPlatform(db, async (tx) => {
    await clearLimit(tx, accountRule.key);
    await undoEvent(tx, addressRule.key);
    if (matches.length === 1) return startSession(tx, match.user, match.company, body.isSpecial ?? 0);
    // Only after the password is verified: the list never tells a stranger where an email has accounts.
    return {
      chooseCompany: matches.map(({ company }) => ({
        id: company.id,
        slug: company.slug,
        name: company.name,
        kind: company.kind,
      })),
    };
  });
}
