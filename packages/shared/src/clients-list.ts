import { z } from 'zod';
import { listOf } from './paging.ts';

/**
 * The Clients list (issue 14 §1): `GET /api/clients/list`, in the shape of the spec's report request
 * (§3): currentPage (0-based), itemsPerPage, searchString, orderBy, orderDirection; plus the list's filters.
 * `GET /api/clients` (q/page/pageSize) stays the roster's and add-client dialog's search.
 */
export const CLIENTS_ORDER_BY = ['First Name', 'Last Name', 'Email', 'Joined'] as const;
export type ClientsOrderBy = (typeof CLIENTS_ORDER_BY)[number];
export const CLIENTS_ORDER_DIRECTIONS = ['asc', 'desc'] as const;
export type ClientsOrderDirection = (typeof CLIENTS_ORDER_DIRECTIONS)[number];
export const CLIENTS_ITEMS_PER_PAGE = [10, 25, 50, 100] as const;

/** Query strings carry booleans as "true"/"false" (and "1"/"0"); anything else is refused. */
const flag = (what: string) =>
  z
    .enum(['true', 'false', '1', '0'], { error: `Use true or false for ${what}` })
    .transform((value) => value === 'true' || value === '1')
    .optional();

export const clientsListQuery = z.object({
  currentPage: z.coerce
    .number({ error: 'Use a page number (0 is the first page)' })
    .int('Use a page number (0 is the first page)')
    .min(0, 'Pages start at 0')
    .max(100_000, 'Use a page number up to 100000')
    .default(0),
  itemsPerPage: z.coerce
    .number({ error: 'Use a number of clients per page' })
    .int('Use a number of clients per page')
    .min(1, 'Show at least 1 client per page')
    .max(100, 'Show at most 100 clients per page')
    .default(10),
  searchString: z.string().trim().max(100, 'Search with at most 100 characters').default(''),
  orderBy: z
    .enum(CLIENTS_ORDER_BY, { error: `Sort by ${CLIENTS_ORDER_BY.join(', ')}` })
    .default('First Name'),
  orderDirection: z.enum(CLIENTS_ORDER_DIRECTIONS, { error: 'Sort asc or desc' }).default('asc'),
  /** Holds a membership that is active now. */
  activeMembership: flag('active membership'),
  /** Holds an active class pack with credits left. */
  packHolder: flag('pack holder'),
  /** No visit (a booking checked in, or booked and not marked a no-show) in a class of the last 30 days. */
  noRecentVisit: flag('no visit in 30 days'),
  /** Has not signed the current waiver (nobody, when the studio has no waiver). */
  waiverUnsigned: flag('waiver unsigned'),
  /** Their home studio (sign-up details) is this studio. */
  studioId: z.string().trim().min(1, 'Choose a studio').max(40, 'Choose a studio').optional(),
});
export type ClientsListQuery = z.input<typeof clientsListQuery>;
export type ClientsListParams = z.output<typeof clientsListQuery>;

export const clientsListPackageDto = z.object({
  name: z.string(),
  kind: z.enum(['membership', 'class-pack']),
  /** Credits left (packs); null for memberships. */
  creditsLeft: z.number().int().nullable(),
  paused: z.boolean(),
});
export type ClientsListPackageDto = z.infer<typeof clientsListPackageDto>;

export const clientsListItemDto = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  joinedAt: z.string(),
  /** Start of their last class visited; null when none yet. */
  lastVisitAt: z.string().nullable(),
  /** Memberships and packs held now (active or paused; packs not expired). */
  packages: z.array(clientsListPackageDto),
  /** Signed the current waiver; null when the studio has no waiver. */
  waiverSigned: z.boolean().nullable(),
});
export type ClientsListItemDto = z.infer<typeof clientsListItemDto>;
/** `{ items, total }` and the company's currency and time zone (the quick sale and dates show in them). */
export const clientsListPageDto = listOf(clientsListItemDto).extend({
  currency: z.string(),
  timeZone: z.string(),
});
export type ClientsListPageDto = z.infer<typeof clientsListPageDto>;

/** Digits of a phone number however it was typed: "(404) 555-1234" → "4045551234". */
export const phoneDigits = (value: string): string => value.replace(/\D/g, '');
