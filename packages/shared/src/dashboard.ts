import { z } from 'zod';
import { localDateSchema } from './schedule.ts';

/**
 * Issue 18: the admin Dashboard (`/app`), answered by one request, `GET /api/dashboard?date=`. Each part
 * is null when the person may not see it (abilities; money needs `seeFinancials`); an instructor gets
 * their own classes today and this week only.
 */
export const dashboardQuery = z.object({
  /** The day to show, on the company's clock; today when absent. */
  date: localDateSchema.optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

export const DASHBOARD_CLASS_KINDS = ['class', 'event', 'appointment'] as const;

/** One class, event date or appointment of the day, with its live seats. */
export const dashboardClassDto = z.object({
  id: z.string(),
  kind: z.enum(DASHBOARD_CLASS_KINDS),
  name: z.string(),
  studioId: z.string(),
  studioName: z.string(),
  /** The date and times on the studio's clock. */
  localDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** A class's or appointment's instructor; null for an event's date. */
  instructorName: z.string().nullable(),
  booked: z.number().int(),
  capacity: z.number().int(),
  waitlist: z.number().int(),
  checkedIn: z.number().int(),
  cancelled: z.boolean(),
  /** An appointment's client (the first when several); null for classes and events. */
  clientName: z.string().nullable(),
});
export type DashboardClassDto = z.infer<typeof dashboardClassDto>;

export const dashboardStudioDto = z.object({
  id: z.string(),
  name: z.string(),
  timeZone: z.string(),
  classes: z.array(dashboardClassDto),
});

/** A number this week (so far and booked ahead) against the whole of last week. */
export const weekComparisonDto = z.object({ thisWeek: z.number(), lastWeek: z.number() });
export type WeekComparisonDto = z.infer<typeof weekComparisonDto>;

export const dashboardWeekDto = z.object({
  /** Monday and Sunday of this week and last week, on the company's clock. */
  from: z.string(),
  to: z.string(),
  lastFrom: z.string(),
  lastTo: z.string(),
  /** Places taken (booked, offered, checked in) in the week's classes, events and appointments. */
  bookings: weekComparisonDto,
  /** Clients who joined in the week. */
  newClients: weekComparisonDto,
  /** Money taken minus money refunded in the week, minor units of the company's currency; null without seeFinancials. */
  revenue: weekComparisonDto.nullable(),
});

export const dashboardClientMembershipDto = z.object({
  clientPackageId: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  packageName: z.string(),
  /** Renewing: the local date it renews on (its paid period ends). Failed: the day the unpaid period began. */
  date: z.string().nullable(),
  /** Failed card renewals in a row (0 for renewing soon). */
  failures: z.number().int(),
  paused: z.boolean(),
});

export const dashboardMembershipsDto = z.object({
  renewingCount: z.number().int(),
  renewing: z.array(dashboardClientMembershipDto),
  failedCount: z.number().int(),
  failed: z.array(dashboardClientMembershipDto),
});

export const dashboardWaiversDto = z.object({
  /** Whether the company asks for a waiver at all (none published: nothing to sign). */
  required: z.boolean(),
  count: z.number().int(),
  clients: z.array(
    z.object({
      clientId: z.string(),
      clientName: z.string(),
      /** Their first class of the day. */
      classInstanceId: z.string(),
      className: z.string(),
      startTime: z.string(),
    }),
  ),
});

export const dashboardBalancesDto = z.object({
  /** Clients with open orders still owing. */
  count: z.number().int(),
  /** Minor units. */
  total: z.number(),
  clients: z.array(z.object({ clientId: z.string(), clientName: z.string(), amount: z.number() })),
});

export const dashboardDto = z.object({
  /** The day shown and today, on the company's clock. */
  date: z.string(),
  today: z.string(),
  now: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  locale: z.string(),
  /** `instructor`: only their own classes (today and this week), nothing else. */
  view: z.enum(['team', 'instructor']),
  /** The day's classes, events and appointments per studio (every studio, even without any). */
  studios: z.array(dashboardStudioDto),
  /** The next class or event to start (appointments aside), from now on. */
  nextClass: dashboardClassDto.nullable(),
  /** Team: this week against last week. Null for an instructor. */
  week: dashboardWeekDto.nullable(),
  /** Instructor: their classes this week (Monday to Sunday on the company's clock). Null for the team. */
  myWeek: z.array(dashboardClassDto).nullable(),
  memberships: dashboardMembershipsDto.nullable(),
  waivers: dashboardWaiversDto.nullable(),
  balances: dashboardBalancesDto.nullable(),
});
export type DashboardDto = z.infer<typeof dashboardDto>;

/** How many people a dashboard list names; the counts say how many there are in all. */
export const DASHBOARD_LIST_LIMIT = 5;
