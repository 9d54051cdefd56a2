import { moneyLocale } from '@kinetic/shared';

/** How many minor units a currency's major unit has digits for (USD 2, JPY 0, KWD 3), from the platform. */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Minor units (what the server stores) as the major-unit number the field shows: 1250 USD → 12.5. */
export function minorToMajor(minor: number, currency: string): number {
  const digits = currencyDigits(currency);
  return Number((minor / 10 ** digits).toFixed(digits));
}

/**
 * The field's major units as minor units for the server; empty stays empty (the contract reads it as
 * free). Rounded, so 12.345 typed past the field's scale never becomes a fraction of a cent.
 */
export function majorToMinor(major: number | string, currency: string): number | '' {
  if (major === '' || major === null) return '';
  const value = typeof major === 'number' ? major : Number(major);
  if (!Number.isFinite(value)) return '';
  return Math.round(value * 10 ** currencyDigits(currency));
}

/** A price as the company's currency writes it: "$12.50", "¥1,200", "Free" for 0. */
export function formatPrice(minor: number, currency: string): string {
  if (minor === 0) return 'Free';
  try {
    return new Intl.NumberFormat(moneyLocale(), { style: 'currency', currency }).format(minorToMajor(minor, currency));
  } catch {
    return `${minorToMajor(minor, currency)} ${currency}`;
  }
}

/** "45 min", "1 h", "1 h 30 min". */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
