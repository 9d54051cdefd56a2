import type { OrderDto } from '@kinetic/shared';

const ISO_DATE = /\b(\d{4})-(\d{2})-(\d{2})\b/g;

/**
 * Order lines are written when the sale is made and name the class's date as the server stores it
 * ("Drop-in: Spin, 2026-11-21", "Membership: 2026-11-01 to 2026-12-01"). On a receipt the client reads
 * the date the way their studio writes dates ("21 Nov 2026", "Nov 21, 2026", "21.11.2026").
 */
export function humanDatesIn(text: string, locale: string): string {
  return text.replace(ISO_DATE, (whole, year: string, month: string, day: string) => {
    const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
    if (date.getUTCDate() !== Number(day)) return whole;
    try {
      return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
    } catch {
      return whole;
    }
  });
}

/** The order with its lines' dates written for people. */
export function withHumanDates(order: OrderDto, locale: string): OrderDto {
  return { ...order, lines: order.lines.map((line) => ({ ...line, description: humanDatesIn(line.description, locale) })) };
}
