import { useCallback } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  EVENT_CATEGORY_OPTIONS,
  formatMoney,
  isObjectId,
  type EventCategory,
  type EventDateDto,
  type EventPageDto,
} from '@kinetic/shared';
import { RETURN_TO_PARAM, safeReturnPath } from '../../shell/return-to.ts';

/**
 * The event-booking flow's order (issue 12 §2, spec §2's routes under the client group's `app/`):
 * event page → account details (skipped when signed in) → packages (only when the event accepts some
 * and the client holds one) → payment (only when it has a price) → booked; fully booked when no place
 * is left. The chosen date travels as `?date={classInstanceId}`; where the visitor came from (the
 * widget's schedule, `?next=`) travels along too, so every step offers the way back to it.
 */
export const FLOW_PAGE = {
  event: 'event/book-event',
  account: 'book-event/account-details',
  packages: 'book-event/packages',
  payment: 'book-event/payment',
  paymentReturn: 'payment/book-event',
  booked: 'event/booked-event',
  fullyBooked: 'event/fully-booked',
  cancel: 'event/cancel-event',
} as const;
export type FlowPage = keyof typeof FLOW_PAGE;

/** The flow's address parts: company, role key (client or solo-client), event id and the chosen date. */
export function useEventFlow() {
  const params = useParams();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const company = params.company ?? '';
  const roleId = params.roleId ?? (pathname.includes('/solo-client/') ? 'solo-client' : 'client');
  const eventId = isObjectId(params.eventId) ? params.eventId : '';
  const date = search.get('date');
  const base = `/${encodeURIComponent(company)}/${roleId}/client/app`;
  const returnTo = safeReturnPath(search.get(RETURN_TO_PARAM));
  const pathOf = useCallback(
    (page: FlowPage, chosenDate: string | null = date, extra: Record<string, string> = {}) => {
      const query = new URLSearchParams({
        ...(chosenDate && isObjectId(chosenDate) ? { date: chosenDate } : {}),
        ...extra,
        ...(returnTo ? { [RETURN_TO_PARAM]: returnTo } : {}),
      });
      const text = query.toString();
      return `${base}/${FLOW_PAGE[page]}/${eventId}${text ? `?${text}` : ''}`;
    },
    [base, date, eventId, returnTo],
  );
  /** `?next=…` for a link to another page of the flow (the list, an event), or nothing. */
  const returnQuery = returnTo ? `?${new URLSearchParams({ [RETURN_TO_PARAM]: returnTo }).toString()}` : '';
  return {
    company,
    roleId,
    eventId,
    rawEventId: params.eventId ?? '',
    date: date && isObjectId(date) ? date : null,
    base,
    pathOf,
    returnTo,
    returnQuery,
    listPath: `${base}/events${returnQuery}`,
  };
}

/** Go to a step of the flow, replacing the current entry when the current step is being skipped. */
export function useGoTo() {
  const navigate = useNavigate();
  return useCallback((to: string, replace = false) => navigate(to, { replace }), [navigate]);
}

export const categoryLabel = (category: EventCategory) =>
  EVENT_CATEGORY_OPTIONS.find((option) => option.value === category)?.label ?? category;

export const priceLabel = (event: Pick<EventPageDto, 'price' | 'currency'>) =>
  event.price > 0 ? formatMoney(event.price, event.currency) : 'Free';

/** The date the visitor chose, or the only (or first open) one. */
export function chosenDate(dates: EventDateDto[], date: string | null): EventDateDto | undefined {
  return dates.find((entry) => entry.classInstanceId === date) ?? (dates.length === 1 ? dates[0] : undefined);
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-GB', options);
    formats.set(key, found);
  }
  return found;
}

/** "Sat 28 Nov 2026, 09:00–10:30" on the studio's clock. */
export function dateLabel(entry: { startsAt: string; endsAt: string }, timeZone: string): string {
  const day = format({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone }).format(
    new Date(entry.startsAt),
  );
  const time = format({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
  return `${day}, ${time.format(new Date(entry.startsAt))}–${time.format(new Date(entry.endsAt))}`;
}

/** "3 places left", "1 place left", "Fully booked". */
export function placesLabel(placesLeft: number): string {
  if (placesLeft <= 0) return 'Fully booked';
  return placesLeft === 1 ? '1 place left' : `${placesLeft} places left`;
}

/**
 * The studio's zone by name ("Eastern Standard Time") when the visitor's clock differs from it at that
 * moment, else null. (As schedule/class-labels.ts does; importing that module moves a shared chunk into
 * this page's first load.)
 */
export function studioZoneNote(startsAt: string, timeZone: string): string | null {
  const instant = new Date(startsAt);
  const part = (zone: string | undefined, style: 'long' | 'longOffset') =>
    format({ timeZone: zone, timeZoneName: style })
      .formatToParts(instant)
      .find((piece) => piece.type === 'timeZoneName')?.value;
  try {
    if (part(timeZone, 'longOffset') === part(undefined, 'longOffset')) return null;
    return part(timeZone, 'long') ?? null;
  } catch {
    return null;
  }
}
