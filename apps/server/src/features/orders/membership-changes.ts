import { cancelRefusal, type CancelWhen } from '@kinetic/shared';
import { and, eq, sql } from 'drizzle-orm';
import { withPlatform, withTenant, type Database, type Executor } from '../../db/client.ts';
import { clientPackages, companies } from '../../db/schema/index.ts';
import { badRequest, conflict } from '../../plugins/errors.ts';
import { findCompanyById } from '../accounts/accounts.repo.ts';
import { localDateOf } from '../fitness-sessions/zoned-time.ts';
import { periodStart } from './membership-periods.ts';
import type { ClientPackageRow } from './orders.repo.ts';

/*
 * Pausing, resuming and cancelling what a client holds (the desk), and the days those happen by
 * themselves (the renewal job). The rules, as the desk's dialogs state them:
 * - A pause starts today or on a later day, and ends by itself on its "until" day, or when resumed.
 *   While paused a membership pays for no class and is not renewed, so nothing is charged.
 * - The days already paid for are not lost: on resume the paid period runs on for the days it was paused
 *   (paid until 10 March, paused 1–15 March: paid until 24 March), and the commitment ends as many days
 *   later (paused days are not paid periods).
 * - Cancelling now ends it today; cancelling at the end of the period keeps it until the paid period ends
 *   and does not renew it. Either only once the commitment allows: now from the day the commitment
 *   ends, at the end of the period when that period ends on or after it. The desk may waive a commitment
 *   that has not ended: the membership is cancelled now.
 */

const DAY_MS = 86_400_000;
const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);
export const addDays = (date: string, days: number) =>
  new Date(utc(date) + days * DAY_MS).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string) => Math.round((utc(to) - utc(from)) / DAY_MS);

/** "2 Feb 2027": a local date as the messages write it. */
export const dayText = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );

/** How long a pause may be planned ahead. */
const PAUSE_AHEAD_DAYS = 365;

type Row = ClientPackageRow;
type Changes = Partial<typeof clientPackages.$inferInsert>;

/**
 * The local date a membership's commitment ends (it may be cancelled from then): its start plus the
 * committed periods, plus every day paused, the current pause's included (to its until day, or so far).
 * Null without a commitment.
 */
export function commitmentEnds(row: Row, today: string): string | null {
  const { terms } = row;
  if (terms.kind !== 'membership' || !terms.period || terms.commitmentPeriods <= 0) return null;
  const current =
    row.status === 'paused' && row.pausedFrom
      ? Math.max(0, daysBetween(row.pausedFrom, row.pausedUntil ?? (today > row.pausedFrom ? today : row.pausedFrom)))
      : 0;
  return addDays(periodStart(row.startsOn, terms.period, terms.commitmentPeriods), row.pausedDays + current);
}

/** "3 months": a membership's commitment in words. */
export const commitmentText = ({ terms }: { terms: Pick<Row['terms'], 'commitmentPeriods' | 'period'> }) =>
  `${terms.commitmentPeriods} ${terms.period}${terms.commitmentPeriods === 1 ? '' : 's'}`;

/** Pauses a membership from `from` (empty: today) until `until` (empty: until resumed). */
export function pauseChanges(row: Row, body: { from: string | null; until: string | null }, today: string): Changes {
  const { terms } = row;
  if (terms.kind !== 'membership') throw conflict('Only memberships can be paused.');
  if (row.status !== 'active')
    throw conflict(`${terms.name} is ${row.status}; only an active membership can be paused.`);
  if (row.pausedFrom)
    throw conflict(
      `${terms.name} already has a pause planned from ${dayText(row.pausedFrom)}; cancel that pause first.`,
    );
  if (row.endsOn)
    throw conflict(`${terms.name} ends on ${dayText(row.endsOn)} (cancelled at the end of its period); it cannot be paused.`);
  const from = body.from ?? today;
  const errors: Record<string, string> = {};
  if (from < today) errors.from = 'Pause from today or a later day';
  else if (from > addDays(today, PAUSE_AHEAD_DAYS)) errors.from = 'Plan a pause at most a year ahead';
  if (body.until && body.until <= from) errors.until = 'Resume on a day after the pause starts';
  if (Object.keys(errors).length > 0)
    throw badRequest(`${terms.name} was not paused. ${Object.values(errors).join('; ')}.`, errors);
  return { status: from === today ? 'paused' : 'active', pausedFrom: from, pausedUntil: body.until };
}

/**
 * Ends a pause on `resumeOn` (today, or its until day when the job ends it): the paid period and the
 * commitment run on for the days paused. A planned pause that has not started is dropped. A membership the
 * renewal job paused (its card failed) counts as paused from the day its unpaid period began, so it is
 * renewed from the day it resumes, not for the weeks it stood still.
 */
export function resumeChanges(row: Row, resumeOn: string, today: string): Changes {
  const { terms } = row;
  if (row.status === 'active' && row.pausedFrom && row.pausedFrom > today)
    return { pausedFrom: null, pausedUntil: null };
  if (row.status !== 'paused') throw conflict(`${terms.name} is not paused.`);
  const since = row.pausedFrom;
  const days = since ? Math.max(0, daysBetween(since, resumeOn)) : 0;
  return {
    status: 'active',
    pausedFrom: null,
    pausedUntil: null,
    pausedDays: row.pausedDays + days,
    paidUntil: row.paidUntil && since && row.paidUntil >= since ? addDays(row.paidUntil, days) : row.paidUntil,
    renewalFailures: 0,
  };
}

/**
 * The commitment of a membership that blocks cancelling today: the day it ends, or null when there is none
 * (no commitment, or it has ended). What waiving it lets the client off.
 */
export function commitmentRunning(row: Row, today: string): string | null {
  const ends = commitmentEnds(row, today);
  return ends && today < ends ? ends : null;
}

/**
 * Cancels now, or (memberships) at the end of the paid period, once the commitment allows (the rule is
 * `cancelRefusal` in @kinetic/shared, which the desk's dialog reads too). With `waiveCommitment` the desk
 * lets the client off the commitment: it is cancelled now whatever the commitment says.
 */
export function cancelChanges(
  row: Row,
  body: { at: CancelWhen; waiveCommitment?: boolean | undefined },
  today: string,
): Changes {
  const { terms } = row;
  const { at } = body;
  const ends = commitmentEnds(row, today);
  const refusal = cancelRefusal(
    { terms, status: row.status, paidUntil: row.paidUntil, endsOn: row.endsOn, cancellableFrom: ends },
    at,
    today,
    { waiveCommitment: body.waiveCommitment },
  );
  const name = terms.name;
  switch (refusal) {
    case null:
      break;
    case 'already-cancelled':
      throw conflict(`${name} is already cancelled.`);
    case 'commitment':
      throw conflict(`${name} has a commitment of ${commitmentText(row)}; it can be cancelled from ${dayText(ends ?? today)}.`);
    case 'not-a-membership':
      throw conflict('Only a membership can end at the end of its period.', { at: 'Cancel a pack now' });
    case 'paused':
    case 'no-paid-period': {
      const message =
        refusal === 'paused'
          ? `${name} is paused; it can only be cancelled now.`
          : `${name} has no paid period left to run; cancel it now instead.`;
      throw conflict(message, { at: message });
    }
    case 'already-ends':
      throw conflict(`${name} already ends on ${dayText(row.endsOn ?? today)}.`);
    case 'period-before-commitment':
      throw conflict(
        `${name} has a commitment of ${commitmentText(row)}, to ${dayText(ends ?? today)}; its paid period ends on ${dayText(row.paidUntil ?? today)}, before that. It can end at the end of the period that runs to ${dayText(ends ?? today)} or later.`,
      );
  }
  if (at === 'now') return { status: 'cancelled', pausedFrom: null, pausedUntil: null, endsOn: null };
  // The client's copy of the terms no longer renews: no renewal, and no class after the paid period.
  return { endsOn: row.paidUntil, pausedFrom: null, pausedUntil: null, terms: { ...terms, autoRenew: false } };
}

export interface DueChanges {
  paused: number;
  resumed: number;
  ended: number;
}

/**
 * What happens by itself on a day (run by the renewal job before it renews, each time): planned pauses
 * start, pauses whose until day has come end (resumed as of that day, however late the job runs), and
 * memberships cancelled at the end of their period end. Each row is locked and looked at again.
 */
export async function applyDueChanges(
  deps: { db: Database; log: (error: unknown) => void },
  now = new Date(),
): Promise<DueChanges> {
  const { db } = deps;
  const today = sql`(${now.toISOString()}::timestamptz at time zone ${companies.timeZone})::date`;
  const due = await withPlatform(db, (tx) =>
    tx
      .select({ companyId: clientPackages.companyId, id: clientPackages.id })
      .from(clientPackages)
      .innerJoin(companies, eq(companies.id, clientPackages.companyId))
      .where(
        sql`(${clientPackages.status} = 'active' and (${clientPackages.pausedFrom} <= ${today} or ${clientPackages.endsOn} <= ${today}))
          or (${clientPackages.status} = 'paused' and ${clientPackages.pausedUntil} <= ${today})`,
      )
      .limit(1000),
  );
  const outcome: DueChanges = { paused: 0, resumed: 0, ended: 0 };
  for (const { companyId, id } of due) {
    await withTenant(db, companyId, async (tx) => {
      const company = await findCompanyById(tx, companyId);
      const row = await lockRow(tx, companyId, id);
      if (!company || !row) return;
      const day = localDateOf(now, company.timeZone);
      let current = row;
      if (current.status === 'active' && current.endsOn && current.endsOn <= day) {
        await update(tx, current, { status: 'cancelled', pausedFrom: null, pausedUntil: null }, now);
        outcome.ended += 1;
        return;
      }
      if (current.status === 'active' && current.pausedFrom && current.pausedFrom <= day) {
        current = await update(tx, current, { status: 'paused' }, now);
        outcome.paused += 1;
      }
      if (current.status === 'paused' && current.pausedUntil && current.pausedUntil <= day) {
        await update(tx, current, resumeChanges(current, current.pausedUntil, day), now);
        outcome.resumed += 1;
      }
    }).catch(deps.log);
  }
  return outcome;
}

export async function lockRow(tx: Executor, companyId: string, id: string): Promise<Row | undefined> {
  const [row] = await tx
    .select()
    .from(clientPackages)
    .where(and(eq(clientPackages.companyId, companyId), eq(clientPackages.id, id)))
    .for('update');
  return row;
}

export async function update(tx: Executor, row: Row, changes: Changes, now: Date): Promise<Row> {
  const [updated] = await tx
    .update(clientPackages)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(clientPackages.companyId, row.companyId), eq(clientPackages.id, row.id)))
    .returning();
  return updated as Row;
}
