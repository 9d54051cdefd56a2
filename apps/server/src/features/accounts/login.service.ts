import {
  COMPANY_KIND_ROLES,
  isClientRole,
  loginPathForRole,
  PAGE_ROLES,
  ROLE_IDS,
  type RoleId,
  type CheckCompanyBody,
  type CheckCompanyDto,
  type LoginBody,
  type LoginResultDto,
} from '@kinetic/shared';
import { sql } from 'drizzle-orm';
import { withPlatform, type Database, type Executor } from '../../db/client.ts';
import { HttpError, notFound, unauthorized } from '../../plugins/errors.ts';
import { verifyAgainstNothing, verifyPassword } from '../../plugins/passwords.ts';
import { addressKey, clearLimit, consumeLimit, undoEvent, type RateLimitRule } from '../../plugins/rate-limit.ts';
import { findAccountsByEmail, findCompanyBySlug, type CompanyRow } from './accounts.repo.ts';
import { startSession } from './sessions.service.ts';
import { findPlatformUserByEmail, startPlatformSession } from '../platform/platform.service.ts';
import { assertCompanyAvailable, companyUnavailable } from '../platform/suspension.ts';

export const WRONG_CREDENTIALS = 'The email or password is incorrect.';
export const DEACTIVATED_ACCOUNT =
  'This account has been deactivated. Ask the business owner or an admin to reactivate it.';
const WINDOW_SECONDS = 15 * 60;
/** How many accounts one email may be checked against in one login (each check is an argon2 hash). */
const MAX_CANDIDATES = 10;
/** How many accounts of other kinds (a client at the team login, ...) one login may check. */
const MAX_OTHER_KIND = 3;

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
  // A suspended company's login pages say it is unavailable (issue 18 §2).
  assertCompanyAvailable(company);
  if (!COMPANY_KIND_ROLES[company.kind].includes(body.roleId)) {
    throw notFound(`This page is not available for ${company.name}.`);
  }
  return { companyId: company.id, companyName: company.name, kind: company.kind };
}

/**
 * The person's role and deactivation, and their company's suspension, as committed now; both rows
 * share-locked until the session is in (a suspension waits, then its sessions delete ends this one).
 */
async function currentLogin(tx: Executor, companyId: string, userId: string) {
  const { rows } = await tx.execute<{ role: RoleId; deactivated_at: Date | null; suspended_at: Date | null }>(
    sql`select u.role, u.deactivated_at, c.suspended_at from users u join companies c on c.id = u.company_id
         where u.company_id = ${companyId} and u.id = ${userId} for share`,
  );
  const row = rows[0];
  return row && { role: row.role, deactivatedAt: row.deactivated_at, suspendedAt: row.suspended_at };
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
  const otherRoles = ROLE_IDS.filter((role) => !roles.includes(role));
  // The root login (no company page) also admits platform (uber) users, who belong to no company.
  const rootLogin = !body.roleId && !body.companyId;
  const [candidates, otherKinds, platformUser] = await withPlatform(db, async (tx) => [
    await findAccountsByEmail(tx, body.email, roles, body.companyId, MAX_CANDIDATES),
    await findAccountsByEmail(tx, body.email, otherRoles, body.companyId, MAX_OTHER_KIND),
    rootLogin ? await findPlatformUserByEmail(tx, body.email) : undefined,
  ] as const);
  // An address with no account at all costs one argon2 check too, so timing does not tell it apart.
  if (candidates.length === 0 && otherKinds.length === 0 && !platformUser) {
    await verifyAgainstNothing(body.password);
  }
  if (platformUser && (await verifyPassword(platformUser.passwordHash, body.password))) {
    return withPlatform(db, async (tx) => {
      await clearLimit(tx, accountRule.key);
      await undoEvent(tx, addressRule.key);
      return startPlatformSession(tx, platformUser, ip);
    });
  }
  const matches: typeof candidates = [];
  for (const candidate of candidates) {
    if (await verifyPassword(candidate.user.passwordHash, body.password)) matches.push(candidate);
  }
  // A deactivated staff member's password is still right, but it logs in nowhere (issue 15 §1).
  const usable = matches.filter((candidate) => !candidate.user.deactivatedAt);
  if (matches.length > 0 && usable.length === 0) throw new HttpError(403, DEACTIVATED_ACCOUNT);
  // A suspended company's people cannot log in (issue 18 §2); told only to whoever knows the password.
  const open = usable.filter((candidate) => !candidate.company.suspendedAt);
  if (usable.length > 0 && open.length === 0) throw companyUnavailable();
  const [match] = open;
  if (!match) {
    const elsewhere: typeof otherKinds = [];
    for (const other of otherKinds) {
      if (await verifyPassword(other.user.passwordHash, body.password)) elsewhere.push(other);
    }
    // Only someone who knows that account's password learns it exists, and where it logs in.
    if (elsewhere.length > 0) throw wrongLoginPage(body.roleId, elsewhere);
    throw unauthorized(WRONG_CREDENTIALS);
  }

  return withPlatform(db, async (tx) => {
    await clearLimit(tx, accountRule.key);
    await undoEvent(tx, addressRule.key);
    if (open.length === 1) {
      // Read again under a share lock: a role change or a deactivation that committed while the password
      // was checked is what the session carries (one still running waits, then its sessions update ends it).
      const now = await currentLogin(tx, match.company.id, match.user.id);
      if (!now) throw unauthorized(WRONG_CREDENTIALS);
      if (now.deactivatedAt) throw new HttpError(403, DEACTIVATED_ACCOUNT);
      if (now.suspendedAt) throw companyUnavailable();
      return startSession(tx, { ...match.user, role: now.role }, match.company, body.isSpecial ?? 0);
    }
    // Only after the password is verified: the list never tells a stranger where an email has accounts.
    return {
      chooseCompany: open.map(({ company }) => ({
        id: company.id,
        slug: company.slug,
        name: company.name,
        kind: company.kind,
      })),
    };
  });
}

type Account = { user: { role: RoleId }; company: Pick<CompanyRow, 'name' | 'slug'> };

/** Who logs in where, as a sentence: "Clients of Studio X log in at /studio-x/client/login." */
function whereToLogIn({ user, company }: Account): { sentence: string; path: string } {
  const path = loginPathForRole(company.slug, user.role);
  if (isClientRole(user.role)) return { sentence: `Clients of ${company.name} log in at ${path}.`, path };
  if (user.role === 'solo-instructor') return { sentence: `${company.name}'s instructor logs in at ${path}.`, path };
  return { sentence: `The ${company.name} team logs in at ${path}.`, path };
}

/**
 * The password is right for an account this page does not admit: say which page does. Still a 401
 * (nobody was logged in), with the first page's path as `errors.loginPath` for a link.
 */
function wrongLoginPage(pageRoleId: RoleId | undefined, accounts: readonly Account[]): HttpError {
  const page =
    pageRoleId && isClientRole(pageRoleId)
      ? 'This is the client login.'
      : pageRoleId === 'solo-instructor'
        ? 'This is the instructor login.'
        : 'This is the team login.';
  const places = accounts.map(whereToLogIn);
  const message = [page, ...places.map((place) => place.sentence)].join(' ');
  return new HttpError(401, message, { loginPath: places[0]?.path ?? '/login' });
}
