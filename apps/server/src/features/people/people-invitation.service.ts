import { and, eq, inArray } from 'drizzle-orm';
import { abilitiesOf, type InvitationDto, type RoleId } from '@kinetic/shared';
import { withPlatform, type Database, type Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { generateId } from '../../db/ids.ts';
import { users } from '../../db/schema/index.ts';
import type { Jobs } from '../../jobs/runner.ts';
import type { Actor } from '../../plugins/auth.ts';
import { badRequest, conflict, forbidden } from '../../plugins/errors.ts';
import { hashToken, newSecretToken } from '../../plugins/tokens.ts';
import {
  findCompanyById,
  findUser,
  insertResetToken,
  spendResetTokensOfUser,
} from '../accounts/accounts.repo.ts';
import { INVITATION_LINK_DAYS, INVITED_PASSWORD_HASH } from '../accounts/invited-login.ts';
import { notify } from '../notifications/notify.ts';
import { linkPersonToLogin } from './people.repo.ts';
import { mustFind, toDto, type PeopleKind } from './people.service.ts';

/**
 * Spends any open link of the login and queues the studio's "Staff invitation" email (notify()) with a
 * fresh single-use link to choose a password (the reset machinery, purpose `invitation`, valid
 * INVITATION_LINK_DAYS); answers the email's id. With that email switched off in Email Settings it
 * answers 409 saying so, and the caller's transaction (the new login too) rolls back: a link nobody
 * receives would leave an invited login no one can use. The caller hands the id to the worker after its
 * transaction commits. `role` is how the email names it ("an instructor").
 */
export async function queueInvitation(
  tx: Executor,
  publicUrl: string,
  actor: Actor,
  login: { id: string; name: string; email: string },
  role: string,
): Promise<string> {
  await spendResetTokensOfUser(tx, actor.companyId, login.id);
  const token = newSecretToken();
  await insertResetToken(tx, {
    id: generateId(),
    tokenHash: hashToken(token),
    companyId: actor.companyId,
    userId: login.id,
    roleId: null,
    purpose: 'invitation',
    expiresAt: new Date(Date.now() + INVITATION_LINK_DAYS * 86_400_000),
  });
  const company = await findCompanyById(tx, actor.companyId);
  const inviter = await findUser(tx, actor.companyId, actor.userId);
  // The studio's "Staff invitation" email (its words); a staff email, so no client choices.
  const id = await notify(
    tx,
    actor.companyId,
    {
      trigger: 'staffInvitation',
      to: { id: login.id, name: login.name, email: login.email },
      variables: {
        'invitation.invitedBy': inviter?.name ?? company?.name ?? 'Your studio',
        'invitation.role': role,
        'invitation.link': `${publicUrl}/resetPassword/${token}`,
        'invitation.loginLink': `${publicUrl}/login`,
      },
    },
    { publicUrl },
  );
  // The email is the only way to the link: with it switched off nothing is saved, and the team is told why.
  if (!id) throw conflict(INVITATION_EMAIL_OFF);
  return id;
}

export const INVITATION_EMAIL_OFF =
  'The “Staff invitation” email is switched off in Settings › Email Settings. Switch it on to invite someone: its link is how they choose their password.';

/** Logins a person of the team may already have, the most fitting first. */
const LINKABLE_ROLES = ['instructor', 'admin', 'staff'] as const;

async function findTeamLogin(tx: Executor, companyId: string, email: string) {
  const rows = await tx
    .select()
    .from(users)
    .where(
      and(eq(users.companyId, companyId), eq(users.email, email), inArray(users.role, [...LINKABLE_ROLES])),
    );
  return rows.sort(
    (a, b) => LINKABLE_ROLES.indexOf(a.role as never) - LINKABLE_ROLES.indexOf(b.role as never),
  )[0];
}

/** Whether `actor` can do everything a login of `role` with these stored abilities can (admins always). */
function withinReach(actor: Actor, role: RoleId, stored: string[] | null): boolean {
  if (actor.roleId === 'admin') return true;
  return abilitiesOf(role, stored).every((ability) => actor.abilities.includes(ability)) && role !== 'admin';
}

/**
 * Gives an instructor or facilitator a login. An existing team login with their email (the owner who also
 * teaches, say) is linked at once; otherwise an `instructor` login is created without a usable password and
 * emailed a single-use link to choose one (the reset machinery, purpose `invitation`, valid for days). Asking
 * again while the invitation is open sends a fresh link and spends the old one.
 */
export async function invitePerson(
  deps: { db: Database; jobs?: Jobs; publicUrl: string; log: (error: unknown) => void },
  actor: Actor,
  people: PeopleKind,
  personId: string,
): Promise<InvitationDto> {
  const { result, emailId } = await withPlatform(deps.db, async (tx) => {
    const person = await mustFind(tx, people, actor.companyId, personId);
    if (!person.email) {
      const message = `Add ${person.name}'s email address first: the invitation is sent there.`;
      throw badRequest(message, { email: message });
    }
    if (!person.active)
      throw badRequest(`${person.name} is inactive. Make them active before inviting them.`);
    if (person.login === 'active') throw conflict(`${person.name} already has a login.`);
    if (person.userId) {
      const login = await findUser(tx, actor.companyId, person.userId);
      if (login?.deactivatedAt) {
        throw conflict(`${person.name}'s login is deactivated. Reactivate it in Settings › Staff Members.`);
      }
      // The link sets that login's password: sent to another address than the login's, it hands the login
      // over, so only to someone who could do everything it can (as Staff Members' own email rule).
      if (
        login &&
        login.email !== person.email &&
        !withinReach(actor, login.role as RoleId, login.abilities)
      ) {
        throw forbidden(
          `Only an admin can send ${person.name}’s invitation to another address than their login’s.`,
        );
      }
    }

    let userId = person.userId;
    if (!userId) {
      const existing = await findTeamLogin(tx, actor.companyId, person.email);
      userId = existing?.id ?? generateId();
      if (!existing) {
        await tx.insert(users).values({
          companyId: actor.companyId,
          id: userId,
          role: 'instructor',
          name: person.name,
          email: person.email,
          passwordHash: INVITED_PASSWORD_HASH,
        });
      }
      try {
        await linkPersonToLogin(tx, people.table, actor.companyId, person.id, userId);
      } catch (error) {
        // The whole transaction rolls back with this answer, the login created above included.
        if (!isUniqueViolation(error)) throw error;
        throw conflict(`The login of ${person.email} already belongs to another ${people.kind}.`);
      }
      if (existing && existing.passwordHash !== INVITED_PASSWORD_HASH) {
        return {
          result: {
            person: toDto(await mustFind(tx, people, actor.companyId, person.id)),
            outcome: 'linked' as const,
          },
          emailId: null,
        };
      }
    }

    const role = people.kind === 'instructor' ? 'an instructor' : 'a facilitator';
    const emailId = await queueInvitation(
      tx,
      deps.publicUrl,
      actor,
      { id: userId, name: person.name, email: person.email },
      role,
    );
    const updated = toDto(await mustFind(tx, people, actor.companyId, person.id));
    return { result: { person: updated, outcome: 'emailed' as const }, emailId };
  });
  // After the commit, so the worker finds the row; a lost hand-off is swept up by the outbox job.
  if (emailId) deps.jobs?.deliverEmail(emailId).catch(deps.log);
  return result;
}
