import {
  DASHBOARD_LIST_LIMIT,
  type DashboardClassDto,
  type DashboardDto,
  type DashboardQuery,
} from '@kinetic/shared';
import { withTenant, type Database } from '../../db/client.ts';
import { actorCan, type Actor } from '../../plugins/auth.ts';
import { companyOrNotFound } from '../accounts/accounts.repo.ts';
import { addDays, localDateOf, localTimeOf, zonedInstant } from '../fitness-sessions/zoned-time.ts';
import { mondayOf } from '../staff-members/staff-members.service.ts';
import { currentWaiver } from '../waivers/waivers.service.ts';
import {
  balancesOwing,
  classesBetween,
  failedRenewals,
  instructorOfUser,
  moneyTaken,
  newClients,
  placesTaken,
  renewingSoon,
  studiosOf,
  unsignedToday,
  type ClassRow,
} from './dashboard.repo.ts';

/** Studios may be up to 14 hours from the company's clock: local dates are matched inside this margin. */
const ZONE_MARGIN_MS = 15 * 3_600_000;
/** Memberships renewing within this many days are listed. */
const RENEWING_DAYS = 7;

function classDto(row: ClassRow): DashboardClassDto {
  const startsAt = new Date(row.starts_at);
  const endsAt = new Date(row.ends_at);
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    studioId: row.studio_id,
    studioName: row.studio_name,
    localDate: row.local_date,
    startTime: localTimeOf(startsAt, row.studio_time_zone),
    endTime: localTimeOf(endsAt, row.studio_time_zone),
    startsAt: startsAt.toISOString(),
    endsAt: endsAt.toISOString(),
    instructorName: row.instructor_name,
    booked: Number(row.booked),
    capacity: Number(row.capacity),
    waitlist: Number(row.waitlist),
    checkedIn: Number(row.checked_in),
    cancelled: row.cancelled,
    clientName: row.client_name,
  };
}

/** The local dates first..last as instants wide enough for every studio's clock. */
function localWindow(first: string, last: string, timeZone: string) {
  return {
    from: new Date(zonedInstant(first, '00:00', timeZone).getTime() - ZONE_MARGIN_MS),
    to: new Date(zonedInstant(addDays(last, 1), '00:00', timeZone).getTime() + ZONE_MARGIN_MS),
  };
}

/**
 * The Dashboard (issue 18) for the day `query.date` (today on the company's clock when absent). The team
 * sees every studio's day and the parts their abilities allow (money only with seeFinancials); an
 * instructor sees only the classes they teach or assist, today and this week.
 */
export async function getDashboard(
  db: Database,
  actor: Actor,
  query: DashboardQuery,
  now = new Date(),
): Promise<DashboardDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const company = await companyOrNotFound(tx, actor.companyId);
    const zone = company.timeZone;
    const today = localDateOf(now, zone);
    const date = query.date ?? today;
    const instructorView = actor.roleId === 'instructor';
    const own = instructorView ? await instructorOfUser(tx, company.id, actor.userId) : undefined;
    const day = localWindow(date, date, zone);

    // An instructor without an instructor row teaches nothing: no class matches the impossible id.
    const mine = instructorView ? { instructorId: own ?? '' } : {};
    const studioRows = await studiosOf(tx, company.id);
    const dayRows = await classesBetween(
      tx,
      company.id,
      { ...day, dates: { first: date, last: date } },
      mine,
    );
    // The next class or event to start within a week (appointments have no roster to open).
    const nextRows = await classesBetween(
      tx,
      company.id,
      { from: now, to: new Date(now.getTime() + 8 * 86_400_000) },
      { ...mine, kinds: ['class', 'event'], limit: 1 },
    );
    const classes = dayRows.map(classDto);
    const studios = studioRows
      .map((studio) => ({
        id: studio.id,
        name: studio.name,
        timeZone: studio.time_zone,
        classes: classes.filter((item) => item.studioId === studio.id),
      }))
      // An instructor sees the studios where they teach that day; the team sees every studio.
      .filter((studio) => !instructorView || studio.classes.length > 0);
    const nextClass = nextRows[0] ? classDto(nextRows[0]) : null;

    const monday = mondayOf(date);
    const sunday = addDays(monday, 6);
    const lastMonday = addDays(monday, -7);
    const lastSunday = addDays(monday, -1);
    const base = {
      date,
      today,
      now: now.toISOString(),
      timeZone: zone,
      currency: company.currency,
      locale: company.locale,
      studios,
      nextClass,
    };

    if (instructorView) {
      const week = localWindow(monday, sunday, zone);
      const weekRows = await classesBetween(
        tx,
        company.id,
        { ...week, dates: { first: monday, last: sunday } },
        mine,
      );
      return {
        ...base,
        view: 'instructor' as const,
        week: null,
        myWeek: weekRows.map(classDto),
        memberships: null,
        waivers: null,
        balances: null,
      };
    }

    const weekStart = zonedInstant(monday, '00:00', zone);
    const weekEnd = zonedInstant(addDays(monday, 7), '00:00', zone);
    const lastStart = zonedInstant(lastMonday, '00:00', zone);
    const money = actorCan(actor, 'seeFinancials');
    const clientsWork = actorCan(actor, 'manageClients');
    const week = {
      from: monday,
      to: sunday,
      lastFrom: lastMonday,
      lastTo: lastSunday,
      bookings: {
        thisWeek: await placesTaken(tx, company.id, {
          ...localWindow(monday, sunday, zone),
          first: monday,
          last: sunday,
        }),
        lastWeek: await placesTaken(tx, company.id, {
          ...localWindow(lastMonday, lastSunday, zone),
          first: lastMonday,
          last: lastSunday,
        }),
      },
      newClients: {
        thisWeek: await newClients(tx, company.id, weekStart, weekEnd),
        lastWeek: await newClients(tx, company.id, lastStart, weekStart),
      },
      revenue: money
        ? {
            thisWeek: await moneyTaken(tx, company.id, weekStart, weekEnd),
            lastWeek: await moneyTaken(tx, company.id, lastStart, weekStart),
          }
        : null,
    };

    const membershipDto = (row: Awaited<ReturnType<typeof renewingSoon>>[number]) => ({
      clientPackageId: row.id,
      clientId: row.client_id,
      clientName: row.client_name,
      packageName: row.package_name,
      date: row.date,
      failures: Number(row.failures),
      paused: row.paused,
    });
    let memberships: DashboardDto['memberships'] = null;
    if (money || clientsWork) {
      const renewing = await renewingSoon(
        tx,
        company.id,
        today,
        addDays(today, RENEWING_DAYS),
        DASHBOARD_LIST_LIMIT,
      );
      const failed = await failedRenewals(tx, company.id, DASHBOARD_LIST_LIMIT);
      memberships = {
        renewingCount: Number(renewing[0]?.total ?? 0),
        renewing: renewing.map(membershipDto),
        failedCount: Number(failed[0]?.total ?? 0),
        failed: failed.map(membershipDto),
      };
    }

    let waivers: DashboardDto['waivers'] = null;
    if (clientsWork || actorCan(actor, 'checkIn')) {
      const waiver = await currentWaiver(tx, company.id);
      const rows = waiver
        ? await unsignedToday(
            tx,
            company.id,
            { ...day, date },
            waiver.signaturesFromVersion,
            DASHBOARD_LIST_LIMIT,
          )
        : [];
      waivers = {
        required: Boolean(waiver),
        count: Number(rows[0]?.total ?? 0),
        clients: rows.map((row) => ({
          clientId: row.client_id,
          clientName: row.client_name,
          classInstanceId: row.class_instance_id,
          className: row.class_name,
          startTime: localTimeOf(new Date(row.starts_at), row.time_zone),
        })),
      };
    }

    return {
      ...base,
      view: 'team' as const,
      week,
      myWeek: null,
      memberships,
      waivers,
      balances: money ? await balancesOwing(tx, company.id, DASHBOARD_LIST_LIMIT) : null,
    };
  });
}
