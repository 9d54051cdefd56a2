import { formatMoney } from './money.ts';
import type { ClientPackageDto } from './orders.ts';
import type { PackageTerms } from './packages.ts';

/** Words for packages, the same on the desk's pages and the client's. */

/** "$120.00 a month · 8 classes a month · 3-month commitment" / "10 classes · $180.00 · expire 90 days after purchase" */
export function packageTermsLabel(item: PackageTerms & { currency: string }): string {
  const price = formatMoney(item.price, item.currency);
  const parts: string[] = [];
  if (item.kind === 'membership') {
    parts.push(`${price} a ${item.period}`);
    parts.push(
      item.classLimit === null ? 'unlimited classes' : `${item.classLimit} classes a ${item.period}`,
    );
    if (item.commitmentPeriods > 0) parts.push(`${item.commitmentPeriods}-${item.period} commitment`);
    if (item.signupFee > 0) parts.push(`sign-up fee ${formatMoney(item.signupFee, item.currency)}`);
    parts.push(item.autoRenew ? 'renews by itself' : 'does not renew');
  } else {
    parts.push(`${item.credits} ${item.credits === 1 ? 'class' : 'classes'}`, price);
    parts.push(
      item.expiryDays === null
        ? 'never expire'
        : `expire ${item.expiryDays} days after ${item.expiryFrom === 'first-use' ? 'the first class' : 'purchase'}`,
    );
  }
  if (item.offPeakOnly) parts.push('off-peak only');
  if (item.templateIds.length > 0)
    parts.push(`${item.templateIds.length} class type${item.templateIds.length === 1 ? '' : 's'} only`);
  if (item.studioIds.length > 0)
    parts.push(`${item.studioIds.length} studio${item.studioIds.length === 1 ? '' : 's'} only`);
  return parts.join(' · ');
}

/** A pack still running with no credit left: shown "Used up", not "Active" (desk and client). */
export const isUsedUp = (held: Pick<ClientPackageDto, 'status' | 'terms' | 'remaining'>): boolean =>
  held.status === 'active' && held.terms.kind === 'class-pack' && held.remaining === 0;

/** What is left to use: "7 of 10 credits left", "3 classes left this month", "Unlimited classes". */
export function remainingLabel(held: Pick<ClientPackageDto, 'terms' | 'remaining'>): string {
  const { terms, remaining } = held;
  if (terms.kind === 'class-pack') {
    const left = remaining ?? 0;
    return terms.credits ? `${left} of ${terms.credits} credits left` : `${left} credits left`;
  }
  if (remaining === null) return 'Unlimited classes';
  return `${remaining} ${remaining === 1 ? 'class' : 'classes'} left this ${terms.period ?? 'period'}`;
}

