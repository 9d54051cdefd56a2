/**
 * Order arithmetic in integer minor units (blueprint §5: money is integers plus a currency). One place
 * decides how a discount is shared between lines and how tax is rounded, so the server's orders, the
 * web's checkout preview and the receipts can never disagree by a cent.
 */

/** A tax rate as an order line carries it: parts per million of the price (8.25% = 82 500; 8.875% = 88 750). */
export interface LineTax {
  name: string;
  ratePpm: number;
  /** Included in the price (VAT-style) or added on top (US sales tax). */
  inclusive: boolean;
}

/** A tax rate's parts per million in one whole: 1,000,000 is 100%. */
export const PPM = 1_000_000;
/** Parts per million in one percent (8.875% is 88 750). */
export const PPM_PER_PERCENT = 10_000;

export interface PricedLineInput {
  unitPrice: number;
  quantity: number;
  tax: LineTax | null;
  /** Whether the order's promo code applies to this line. */
  discountable: boolean;
}

export interface PricedLine {
  /** unitPrice × quantity, before the discount. */
  gross: number;
  discount: number;
  /** What the line costs without its tax. */
  net: number;
  tax: number;
  /** What the client pays for the line: net + tax. */
  total: number;
}

export interface OrderTotals {
  lines: PricedLine[];
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
}

export type Discount = { kind: 'percent'; percent: number } | { kind: 'amount'; amount: number } | null;

/** Half away from zero, on whole minor units: 12.5 → 13, the rounding receipts and tax offices expect. */
function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * Shares `amount` between `weights` in proportion, in whole units, so the shares add up to exactly
 * `amount` (largest remainder; ties to the earlier line).
 */
export function shareInProportion(amount: number, weights: number[]): number[] {
  const sum = weights.reduce((total, weight) => total + weight, 0);
  if (sum === 0 || amount === 0) return weights.map(() => 0);
  const shares = weights.map((weight) => Math.floor((amount * weight) / sum));
  let left = amount - shares.reduce((total, share) => total + share, 0);
  const order = weights
    .map((weight, index) => ({ index, remainder: (amount * weight) % sum }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/** The tax in `amount` (inclusive) or on top of it (exclusive), rounded half up to the minor unit. */
export function taxOf(amount: number, tax: LineTax | null): number {
  if (!tax || tax.ratePpm === 0 || amount === 0) return 0;
  if (tax.inclusive) return amount - roundHalfUp(amount * PPM, PPM + tax.ratePpm);
  return roundHalfUp(amount * tax.ratePpm, PPM);
}

/**
 * Prices an order: the discount is taken off the discountable lines in proportion to their price
 * (never more than they cost), then each line's tax is worked out on what is left. The order's total is
 * always the sum of its lines' totals.
 */
export function priceOrder(inputs: PricedLineInput[], discount: Discount): OrderTotals {
  const gross = inputs.map((line) => line.unitPrice * line.quantity);
  const eligible = inputs.map((line, index) => (line.discountable ? (gross[index] ?? 0) : 0));
  const eligibleTotal = eligible.reduce((total, amount) => total + amount, 0);
  const wanted =
    discount === null
      ? 0
      : discount.kind === 'percent'
        ? roundHalfUp(eligibleTotal * discount.percent, 100)
        : discount.amount;
  const discounts = shareInProportion(Math.min(wanted, eligibleTotal), eligible);
  const lines = inputs.map((line, index): PricedLine => {
    const lineGross = gross[index] ?? 0;
    const lineDiscount = discounts[index] ?? 0;
    const amount = lineGross - lineDiscount;
    const tax = taxOf(amount, line.tax);
    const net = line.tax?.inclusive ? amount - tax : amount;
    return { gross: lineGross, discount: lineDiscount, net, tax, total: net + tax };
  });
  const sum = (pick: (line: PricedLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    lines,
    subtotal: sum((line) => line.gross),
    discount: sum((line) => line.discount),
    tax: sum((line) => line.tax),
    total: sum((line) => line.total),
  };
}

/**
 * Number formats by locale and options, built once: an `Intl.NumberFormat` costs far more to build than
 * to use, and a timetable writes a price per class. `null` for a locale or currency Intl refuses.
 */
const numberFormats = new Map<string, Intl.NumberFormat | null>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat | null {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(locale, options);
    } catch {
      format = null;
    }
    numberFormats.set(key, format);
  }
  return format;
}

/** How many minor units a currency's major unit has (USD 2, JPY 0, KWD 3). */
export function currencyDigits(currency: string): number {
  const format = numberFormat('en-US', { style: 'currency', currency });
  return format?.resolvedOptions().maximumFractionDigits ?? 2;
}

let shownLocale = 'en-US';
/** A locale named but not yet checked: checking loads Intl's locale data, which a page without prices never needs. */
let namedLocale: string | null = null;

/**
 * The locale prices are written in when a caller names none. The web app shows one company at a time
 * and names that company's locale here when it learns it (GET /api/me, the public company); the
 * server serves many companies and always passes the company's locale explicitly. It is checked when a
 * price is first written; a tag Intl does not know keeps the one in use.
 */
export function setMoneyLocale(locale: string): void {
  namedLocale = locale;
}

export const moneyLocale = (): string => {
  if (namedLocale !== null) {
    try {
      if (Intl.NumberFormat.supportedLocalesOf([namedLocale]).length > 0) shownLocale = namedLocale;
    } catch {
      // Not a locale tag: keep the one in use.
    }
    namedLocale = null;
  }
  return shownLocale;
};

/** An amount as the company's currency and locale write it: "$12.50", "¥1,200", "1.234,50 €". */
export function formatMoney(minor: number, currency: string, locale = moneyLocale()): string {
  const digits = currencyDigits(currency);
  const major = minor / 10 ** digits;
  const format = numberFormat(locale, { style: 'currency', currency });
  return format ? format.format(major) : `${major.toFixed(digits)} ${currency}`;
}

/** The percent a rate stands for, as a number (88 750 → 8.875). */
export function ppmToPercent(ratePpm: number): number {
  return ratePpm / PPM_PER_PERCENT;
}

/** "8.875%" from parts per million, in the company's locale ("8,875 %" in de-DE). */
export function formatPercent(ratePpm: number, locale = moneyLocale()): string {
  const format =
    numberFormat(locale, { style: 'percent', maximumFractionDigits: 4 }) ??
    numberFormat('en-US', { style: 'percent', maximumFractionDigits: 4 });
  return format ? format.format(ratePpm / PPM) : `${ratePpm / PPM_PER_PERCENT}%`;
}
