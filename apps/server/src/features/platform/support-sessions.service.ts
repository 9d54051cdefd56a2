import { eq, sql } from 'drizzle-orm';
import type {
  StartSupportSessionBody,
  StartedSupportSessionDto,
  SupportSessionDto,
  SupportSessionListDto,
} from '@kinetic/shared';
import { withPlatform, withTenant, type Database, type Executor } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import { sessions, supportSessions, users } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../plugins/errors.ts';
import { hashToken } from '../../plugins/tokens.ts';
import { findCompanyById, findUser } from '../accounts/accounts.repo.ts';
import { startSession } from '../accounts/sessions.service.ts';
import type { PlatformActor } from './platform-auth.ts';
import { iso, recordPlatformAction } from './platform.service.ts';

/**
 * The hidden support login's password hash: not an argon2 hash, so no password ever verifies against
 * it (and the login look-ups leave `platform_user_id` logins out anyway: no password login, no reset).
 */
export const SUPPORT_LOGIN_PASSWORD_HASH = '!support-session';

type SupportRow = {
  id: string;
  company_id: string;
  platform_user_name: string;
  platform_user_email: string;
  reason: string;
  started_at: Date;
  expires_at: Date;
  ended_at: Date | null;
  ended_by: string | null;
  ended_by_name: string | null;
  active: boolean;
};

const SELECT_SUPPORT = sql`
  select s.id, s.company_id, s.platform_user_name, s.platform_user_email, s.reason, s.started_at,
    s.expires_at, s.ended_at, s.ended_by, u.name as ended_by_name,
    (s.ended_at is null and s.expires_at > now()) as active
  from support_sessions s
  left join users u on u.company_id = s.company_id and u.id = s.ended_by`;

function toDto(row: SupportRow): SupportSessionDto {
  return {
    id: row.id,
    companyId: row.company_id,
    platformUserName: row.platform_user_name,
    platformUserEmail: row.platform_user_email,
    reason: row.reason,
    startedAt: iso(row.started_at) as string,
    expiresAt: iso(row.expires_at) as string,
    endedAt: iso(row.ended_at),
    endedBy:
      row.ended_by === null
        ? null
        : row.ended_by === 'platform'
          ? 'Kinetic support'
          : (row.ended_by_name ?? 'An admin'),
    status: row.active ? 'active' : row.ended_at ? 'ended' : 'expired',
  };
}

/** A company's support sessions, newest first (the platform's company page and Settings › Support Access). */
export async function listSupportSessionsOf(
  tx: Executor,
  companyId: string,
  page: { page: number; pageSize: number },
): Promise<SupportSessionListDto> {
  const total = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from support_sessions where company_id = ${companyId}`,
  );
  const { rows } = await tx.execute<SupportRow>(sql`${SELECT_SUPPORT}
    where s.company_id = ${companyId} order by s.started_at desc, s.id desc
    offset ${(page.page - 1) * page.pageSize} limit ${page.pageSize}`);
  return { items: rows.map(toDto), total: total.rows[0]?.n ?? 0 };
}

/** Ends every running support session of a company (suspension) and the support logins' sessions. */
export async function endRunningSupportSessions(
  tx: Executor,
  companyId: string,
  endedBy: string,
): Promise<void> {
  await tx.execute(sql`
    update support_sessions set ended_at = now(), ended_by = ${endedBy}
     where company_id = ${companyId} and ended_at is null and expires_at > now()`);
}

/** A support login logged out: its running support session ends (by the platform), logged once. */
export async function endSupportSessionsOfLogin(
  tx: Executor,
  companyId: string,
  userId: string,
): Promise<void> {
  const { rows } = await tx.execute<{
    id: string;
    platform_user_id: string | null;
    platform_user_email: string;
  }>(sql`
    update support_sessions set ended_at = now(), ended_by = 'platform'
     where company_id = ${companyId} and user_id = ${userId} and ended_at is null and expires_at > now()
    returning id, platform_user_id, platform_user_email`);
  for (const row of rows) {
    await recordPlatformAction(
      tx,
      { platformUserId: row.platform_user_id, email: row.platform_user_email },
      'support_session.ended',
      companyId,
      { supportSessionId: row.id, endedBy: 'platform', how: 'logout' },
    );
  }
}

/**
 * Starts a support session: the row the company's admins see, the platform user's hidden admin login of
 * the company (made once; `platform_user_id` set, no usable password) and a `sessions` row for it that
 * expires with the support session. The answer is that session, for the web to open the admin app.
 */
export async function startSupportSession(
  db: Database,
  actor: PlatformActor,
  companyId: string,
  body: StartSupportSessionBody,
): Promise<StartedSupportSessionDto> {
  return withPlatform(db, async (tx) => {
    await tx.execute(sql`select id from companies where id = ${companyId} for update`);
    const company = await findCompanyById(tx, companyId);
    if (!company) throw notFound('We could not find that company.');
    if (company.suspendedAt) {
      throw conflict(`${company.name} is suspended: reactivate it before starting a support session.`);
    }
    const running = await tx.execute<{ expires_at: Date }>(sql`
      select expires_at from support_sessions
       where company_id = ${companyId} and platform_user_id = ${actor.platformUserId}
         and ended_at is null and expires_at > now() limit 1`);
    if (running.rows[0]) {
      throw conflict('You already have a support session running for this company: end it first.');
    }
    const role = company.kind === 'solo' ? ('solo-instructor' as const) : ('admin' as const);
    const existing = await tx.execute<{ id: string }>(sql`
      select id from users where company_id = ${companyId} and platform_user_id = ${actor.platformUserId} limit 1`);
    let userId = existing.rows[0]?.id;
    if (!userId) {
      userId = generateId();
      await tx.insert(users).values({
        companyId,
        id: userId,
        role,
        name: `${actor.name} (Kinetic support)`,
        email: `support-${actor.platformUserId}@support.kinetic.invalid`,
        passwordHash: SUPPORT_LOGIN_PASSWORD_HASH,
        platformUserId: actor.platformUserId,
      });
    } else {
      // The company may have a new kind since; the login acts as its owner either way.
      await tx.execute(sql`update users set role = ${role}, deactivated_at = null, abilities = null
        where company_id = ${companyId} and id = ${userId}`);
    }
    const user = await findUser(tx, companyId, userId);
    if (!user) throw notFound('We could not find that company.');
    const id = generateId();
    const expiresAt = new Date(Date.now() + body.minutes * 60_000);
    await tx.insert(supportSessions).values({
      companyId,
      id,
      platformUserId: actor.platformUserId,
      platformUserEmail: actor.email,
      platformUserName: actor.name,
      reason: body.reason,
      userId,
      expiresAt,
    });
    const companySession = await startSession(tx, user, company);
    await tx
      .update(sessions)
      .set({ expiresAt })
      .where(eq(sessions.tokenHash, hashToken(companySession.token)));
    await recordPlatformAction(tx, actor, 'support_session.started', companyId, {
      supportSessionId: id,
      reason: body.reason,
      minutes: body.minutes,
      companyName: company.name,
    });
    const { rows } = await tx.execute<SupportRow>(
      sql`${SELECT_SUPPORT} where s.company_id = ${companyId} and s.id = ${id}`,
    );
    // The support login goes straight to the admin app, never into the owner's onboarding.
    return {
      supportSession: toDto(rows[0] as SupportRow),
      companySession: { ...companySession, onBoardingData: [] },
    };
  });
}

/** Ends a running support session and its login's sessions; `endedBy` is `platform` or an admin's id. */
async function endSupportSessionIn(
  tx: Executor,
  companyId: string,
  supportSessionId: string,
  endedBy: string,
): Promise<{ dto: SupportSessionDto; wasRunning: boolean }> {
  const { rows } = await tx.execute<{ user_id: string | null; active: boolean }>(sql`
    select user_id, (ended_at is null and expires_at > now()) as active from support_sessions
     where company_id = ${companyId} and id = ${supportSessionId} for update`);
  const found = rows[0];
  if (!found) throw notFound('We could not find that support session.');
  if (found.active) {
    await tx.execute(sql`update support_sessions set ended_at = now(), ended_by = ${endedBy}
      where company_id = ${companyId} and id = ${supportSessionId}`);
  }
  // Expired or ended, its login's sessions go too (they expire with it; this is the tidy-up).
  if (found.user_id) {
    await tx.execute(
      sql`delete from sessions where company_id = ${companyId} and user_id = ${found.user_id}`,
    );
  }
  const after = await tx.execute<SupportRow>(
    sql`${SELECT_SUPPORT} where s.company_id = ${companyId} and s.id = ${supportSessionId}`,
  );
  return { dto: toDto(after.rows[0] as SupportRow), wasRunning: found.active };
}

/** The platform user ends a support session early (the banner's End, or the company page). */
export async function endSupportSessionByPlatform(
  db: Database,
  actor: PlatformActor,
  companyId: string,
  supportSessionId: string,
): Promise<SupportSessionDto> {
  return withPlatform(db, async (tx) => {
    const { dto, wasRunning } = await endSupportSessionIn(tx, companyId, supportSessionId, 'platform');
    if (wasRunning) {
      await recordPlatformAction(tx, actor, 'support_session.ended', companyId, {
        supportSessionId,
        endedBy: 'platform',
      });
    }
    return dto;
  });
}

/**
 * A company admin ends a support session (Settings › Support Access). The support login itself ending it
 * (the banner's End inside the company's app) counts as the platform ending it.
 */
export async function endSupportSessionByCompany(
  db: Database,
  actor: { companyId: string; userId: string },
  supportSessionId: string,
): Promise<SupportSessionDto> {
  return withPlatform(db, async (tx) => {
    const { rows } = await tx.execute<{ platform_user_id: string | null }>(sql`
      select platform_user_id from users where company_id = ${actor.companyId} and id = ${actor.userId}`);
    const bySupport = rows[0]?.platform_user_id ?? null;
    const endedBy = bySupport ? 'platform' : actor.userId;
    const { dto, wasRunning } = await endSupportSessionIn(tx, actor.companyId, supportSessionId, endedBy);
    if (wasRunning) {
      const { rows: platformRows } = await tx.execute<{
        platform_user_id: string | null;
        platform_user_email: string;
      }>(
        sql`select platform_user_id, platform_user_email from support_sessions
             where company_id = ${actor.companyId} and id = ${supportSessionId}`,
      );
      const owner = platformRows[0];
      await recordPlatformAction(
        tx,
        {
          platformUserId: bySupport ?? owner?.platform_user_id ?? null,
          email: owner?.platform_user_email ?? '',
        },
        'support_session.ended',
        actor.companyId,
        { supportSessionId, endedBy: bySupport ? 'platform' : 'company', endedByUserId: actor.userId },
      );
    }
    return dto;
  });
}

export async function listCompanySupportSessions(
  db: Database,
  companyId: string,
  page: { page: number; pageSize: number },
): Promise<SupportSessionListDto> {
  return withTenant(db, companyId, (tx) => listSupportSessionsOf(tx, companyId, page));
}
