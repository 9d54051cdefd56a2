import {
  abilitiesOf,
  ABILITIES,
  ABILITY_LABELS,
  ROLE_DEFAULT_ABILITIES,
  type Ability,
  type ListStaffMembersQuery,
  type StaffMemberDto,
  type StaffMemberListDto,
  type StaffMemberValues,
  type StaffOverviewDto,
  type StaffOverviewQuery,
  type StaffRole,
} from '@kinetic/shared';
import { sql } from 'drizzle-orm';
import { withPlatform, type Database, type Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { generateId } from '../../db/ids.ts';
import type { Jobs } from '../../jobs/runner.ts';
import type { Actor } from '../../plugins/auth.ts';
import { badRequest, conflict, forbidden, notFound } from '../../plugins/errors.ts';
import { deleteSessionsOfUser, spendResetTokensOfUser } from '../accounts/accounts.repo.ts';
import { INVITED_PASSWORD_HASH } from '../accounts/invited-login.ts';
import { queueInvitation } from '../people/people-invitation.service.ts';
import {
  classesOfInstructors,
  companyToday,
  countOtherActiveAdmins,
  countStaff,
  currentStaff,
  emailTakenInTeam,
  findStaff,
  linkInstructor,
  listCompanyStudios,
  listStaff,
  lockCompanyStaff,
  replaceStudios,
  setDeactivated,
  setSessionsRole,
  unknownStudios,
  type StaffRow,
} from './staff-members.repo.ts';

export interface StaffDeps {
  db: Database;
  jobs?: Jobs;
  publicUrl: string;
  log: (error: unknown) => void;
}

const NOT_FOUND = 'We could not find that staff member.';
const ROLE_WORDS: Record<StaffRole, string> = {
  admin: 'an admin',
  staff: 'a staff member',
  instructor: 'an instructor',
};

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item) => b.includes(item));

/** What is stored: null for admins and for the role's defaults (so a role change follows its defaults). */
function storedAbilities(role: StaffRole, chosen: readonly Ability[] | null): Ability[] | null {
  if (role === 'admin' || chosen === null) return null;
  return sameSet(chosen, ROLE_DEFAULT_ABILITIES[role]) ? null : ABILITIES.filter((a) => chosen.includes(a));
}

export function toDto(row: StaffRow, actor: Actor, now = new Date()): StaffMemberDto {
  const expires = row.invitation_expires_at ? new Date(row.invitation_expires_at) : null;
  const status = row.deactivated_at
    ? 'deactivated'
    : !row.invited
      ? 'active'
      : expires && expires > now
        ? 'invited'
        : 'expired';
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    status,
    invitationExpiresAt: row.invited && expires ? expires.toISOString() : null,
    deactivatedAt: row.deactivated_at ? new Date(row.deactivated_at).toISOString() : null,
    studios: row.studios,
    abilities: abilitiesOf(row.role, row.abilities),
    defaultAbilities: row.role === 'admin' || row.abilities === null,
    instructorId: row.instructor_id,
    isYou: row.id === actor.userId,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

async function mustFind(tx: Executor, companyId: string, id: string): Promise<StaffRow> {
  const row = await findStaff(tx, companyId, id);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

async function checkValues(
  tx: Executor,
  companyId: string,
  values: StaffMemberValues,
  exceptId: string | null,
) {
  if (await emailTakenInTeam(tx, companyId, values.email, exceptId)) {
    const message = `Another staff member already uses ${values.email}.`;
    throw conflict(message, { email: message });
  }
  const unknown = await unknownStudios(tx, companyId, values.studioIds);
  if (unknown.length > 0) {
    const message = 'Choose studios of your business: one of them no longer exists.';
    throw badRequest(message, { studioIds: message });
  }
}

async function ensureInstructor(
  tx: Executor,
  companyId: string,
  user: StaffRow | { id: string; name: string; email: string; phone: string | null },
) {
  const linked = await linkInstructor(tx, companyId, user, generateId());
  if (!linked) {
    const message = `The instructor with ${user.email} already has another login. Use another email.`;
    throw conflict(message, { email: message });
  }
}

/** Spends any open link and emails a fresh one to choose a password; answers the queued email's id. */
async function sendInvitation(
  tx: Executor,
  deps: StaffDeps,
  actor: Actor,
  user: { id: string; name: string; email: string; role: StaffRole },
) {
  return queueInvitation(tx, deps.publicUrl, actor, user, ROLE_WORDS[user.role]);
}

/** Runs a staff change in one transaction under the company's staff lock; a duplicate email is a 409. */
async function staffChange<T>(
  deps: StaffDeps,
  actor: Actor,
  work: (tx: Executor) => Promise<{ result: T; emailId?: string | null }>,
) {
  let outcome: { result: T; emailId?: string | null };
  try {
    outcome = await withPlatform(deps.db, async (tx) => {
      await lockCompanyStaff(tx, actor.companyId);
      return work(tx);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const message = 'Another staff member already uses this email.';
    throw conflict(message, { email: message });
  }
  // After the commit, so the worker finds the row; a lost hand-off is swept up by the outbox job.
  if (outcome.emailId) deps.jobs?.deliverEmail(outcome.emailId).catch(deps.log);
  return outcome.result;
}

export async function listStaffMembers(
  deps: StaffDeps,
  actor: Actor,
  query: ListStaffMembersQuery,
): Promise<StaffMemberListDto> {
  return withPlatform(deps.db, async (tx) => {
    const total = await countStaff(tx, actor.companyId, query);
    const rows = await listStaff(tx, actor.companyId, query);
    return { items: rows.map((row) => toDto(row, actor)), total };
  });
}

export async function getStaffMember(deps: StaffDeps, actor: Actor, id: string): Promise<StaffMemberDto> {
  return withPlatform(deps.db, async (tx) => toDto(await mustFind(tx, actor.companyId, id), actor));
}

export async function addStaffMember(
  deps: StaffDeps,
  actor: Actor,
  values: StaffMemberValues,
): Promise<StaffMemberDto> {
  return staffChange(deps, actor, async (tx) => {
    checkReach(actor, null, values);
    await checkValues(tx, actor.companyId, values, null);
    const id = generateId();
    await tx.execute(sql`
      insert into users (company_id, id, role, name, email, phone, password_hash, abilities)
      values (${actor.companyId}, ${id}, ${values.role}, ${values.name}, ${values.email}, ${values.phone},
        ${INVITED_PASSWORD_HASH}, ${toArray(storedAbilities(values.role, values.abilities))})`);
    await replaceStudios(tx, actor.companyId, id, values.studioIds);
    if (values.role === 'instructor') await ensureInstructor(tx, actor.companyId, { id, ...values });
    const emailId = await sendInvitation(tx, deps, actor, { id, ...values });
    return { result: toDto(await mustFind(tx, actor.companyId, id), actor), emailId };
  });
}

/**
 * Someone who manages staff without being an admin (a staff member given "Manage staff") cannot reach
 * further than they can themselves: they neither make, change nor deactivate admins, and give nobody an
 * ability they do not have.
 */
function checkReach(actor: Actor, before: StaffRow | null, values: StaffMemberValues | null) {
  if (actor.roleId === 'admin') return;
  if (before?.role === 'admin') throw forbidden('Only an admin can change or deactivate an admin.');
  if (!values) return;
  if (values.role === 'admin') {
    const message = 'Only an admin can make someone an admin.';
    throw forbidden(message);
  }
  const had = before ? abilitiesOf(before.role, before.abilities) : [];
  const added = abilitiesOf(values.role, storedAbilities(values.role, values.abilities)).filter(
    (ability) => !had.includes(ability) && !actor.abilities.includes(ability),
  );
  if (added.length > 0) {
    const names = added.map((ability) => ABILITY_LABELS[ability].label.toLowerCase()).join(', ');
    const message = `You cannot give abilities you do not have yourself: ${names}.`;
    throw forbidden(message);
  }
  // Moving someone's login to another address hands it over: the invitation goes there, and a reset
  // link can be asked for there. Not for a login that can do more than the person moving it.
  if (before && values.email !== before.email) {
    const beyond = had.filter((ability) => !actor.abilities.includes(ability));
    if (beyond.length > 0) {
      const names = beyond.map((ability) => ABILITY_LABELS[ability].label.toLowerCase()).join(', ');
      throw forbidden(
        `Only an admin can change the email of ${before.name}, who can do more than you (${names}).`,
      );
    }
  }
}

const toArray = (list: Ability[] | null) => (list ? sql`${`{${list.join(',')}}`}::text[]` : sql`null`);

function lastAdmin(name: string, doing: string) {
  return conflict(
    `${name} is the last admin who can log in. Make someone else an admin (and let them choose their password) before you ${doing}.`,
  );
}

export async function editStaffMember(
  deps: StaffDeps,
  actor: Actor,
  id: string,
  values: StaffMemberValues,
): Promise<StaffMemberDto> {
  return staffChange(deps, actor, async (tx) => {
    const before = await mustFind(tx, actor.companyId, id);
    checkReach(actor, before, values);
    await checkValues(tx, actor.companyId, values, id);
    if (before.role === 'admin' && values.role !== 'admin' && !before.deactivated_at && !before.invited) {
      if ((await countOtherActiveAdmins(tx, actor.companyId, id)) === 0)
        throw lastAdmin(before.name, 'change their role');
    }
    await tx.execute(sql`
      update users set name = ${values.name}, email = ${values.email}, phone = ${values.phone}, role = ${values.role},
        abilities = ${toArray(storedAbilities(values.role, values.abilities))}, updated_at = now()
      where company_id = ${actor.companyId} and id = ${id}`);
    // The instructor they are on the schedule, payroll and public pages reads as they are now named.
    await tx.execute(sql`
      update instructors set name = ${values.name}, email = ${values.email}, phone = ${values.phone}, updated_at = now()
      where company_id = ${actor.companyId} and user_id = ${id}`);
    if (before.role !== values.role) await setSessionsRole(tx, actor.companyId, id, values.role);
    await replaceStudios(tx, actor.companyId, id, values.studioIds);
    if (values.role === 'instructor' && !before.deactivated_at)
      await ensureInstructor(tx, actor.companyId, { id, ...values });
    // Still waiting to choose a password at a new address: the invitation goes there (the old link stops).
    const emailId =
      before.invited && !before.deactivated_at && before.email !== values.email
        ? await sendInvitation(tx, deps, actor, { id, ...values })
        : null;
    return { result: toDto(await mustFind(tx, actor.companyId, id), actor), emailId };
  });
}

/** Ends their sessions in the same transaction (their next request is a 401); history stays. */
export async function deactivateStaffMember(
  deps: StaffDeps,
  actor: Actor,
  id: string,
): Promise<StaffMemberDto> {
  return staffChange(deps, actor, async (tx) => {
    const before = await mustFind(tx, actor.companyId, id);
    if (id === actor.userId) throw conflict('You cannot deactivate yourself. Ask another admin to do it.');
    checkReach(actor, before, null);
    if (!before.deactivated_at) {
      if (
        before.role === 'admin' &&
        !before.invited &&
        (await countOtherActiveAdmins(tx, actor.companyId, id)) === 0
      ) {
        throw lastAdmin(before.name, 'deactivate them');
      }
      await setDeactivated(tx, actor.companyId, id, true);
      await deleteSessionsOfUser(tx, actor.companyId, id);
      // An invitation or reset link they still hold stops working too.
      await spendResetTokensOfUser(tx, actor.companyId, id);
    }
    return { result: toDto(await mustFind(tx, actor.companyId, id), actor) };
  });
}

export async function reactivateStaffMember(
  deps: StaffDeps,
  actor: Actor,
  id: string,
): Promise<StaffMemberDto> {
  return staffChange(deps, actor, async (tx) => {
    const before = await mustFind(tx, actor.companyId, id);
    checkReach(actor, before, null);
    if (before.deactivated_at) await setDeactivated(tx, actor.companyId, id, false);
    return { result: toDto(await mustFind(tx, actor.companyId, id), actor) };
  });
}

/** Sends a fresh invitation link (the old one stops working); 409 once they chose a password. */
export async function resendInvitation(deps: StaffDeps, actor: Actor, id: string): Promise<StaffMemberDto> {
  return staffChange(deps, actor, async (tx) => {
    const before = await mustFind(tx, actor.companyId, id);
    if (before.deactivated_at)
      throw conflict(`${before.name} is deactivated. Reactivate them before inviting them again.`);
    if (!before.invited) throw conflict(`${before.name} already chose a password and logs in.`);
    const emailId = await sendInvitation(tx, deps, actor, before);
    return { result: toDto(await mustFind(tx, actor.companyId, id), actor), emailId };
  });
}

const addDays = (date: string, days: number) => {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

/** Monday of the week holding `date`. */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** The Staff page: every current staff member, their studios and status, and the classes they teach that week. */
export async function staffOverview(
  deps: StaffDeps,
  actor: Actor,
  query: StaffOverviewQuery,
): Promise<StaffOverviewDto> {
  return withPlatform(deps.db, async (tx) => {
    const today = await companyToday(tx, actor.companyId);
    const weekStart = mondayOf(query.weekOf ?? today);
    const weekEnd = addDays(weekStart, 6);
    const rows = await currentStaff(tx, actor.companyId);
    const instructorIds = rows.flatMap((row) => (row.instructor_id ? [row.instructor_id] : []));
    const classes = await classesOfInstructors(tx, actor.companyId, instructorIds, weekStart, weekEnd);
    return {
      weekStart,
      weekEnd,
      today,
      studios: await listCompanyStudios(tx, actor.companyId),
      members: rows.map((row) => ({
        member: toDto(row, actor),
        classes: classes
          .filter((item) => item.instructor_id === row.instructor_id)
          .map((item) => ({
            id: item.id,
            localDate: item.local_date,
            startsAt: new Date(item.starts_at).toISOString(),
            endsAt: new Date(item.ends_at).toISOString(),
            timeZone: item.time_zone,
            className: item.class_name,
            studioId: item.studio_id,
            studioName: item.studio_name,
            substituteFor: item.substitute_for,
            cancelled: item.status === 'cancelled',
          })),
      })),
    };
  });
}
