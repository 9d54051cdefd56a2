import { formatMoney, formatPercent, type EmailVariables } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import type { CompanyRow } from '../accounts/accounts.repo.ts';
import { dayLabel, localDateLabel } from '../fitness-sessions/zoned-time.ts';
import { clientAreaUrl, notify } from '../notifications/notify.ts';
import type { OrderDetails } from './orders.repo.ts';

/**
 * The money emails (issue 16): payment receipt, refund, membership renewed and renewal failed, written
 * through notify() in the transaction that moved the money, so the studio's switch and words apply and
 * the email goes exactly when the change commits. None has a client topic: money is always told.
 */

type Company = Pick<CompanyRow, 'id' | 'name' | 'locale' | 'timeZone' | 'slug' | 'kind' | 'currency'>;

/** One order line as a receipt says it: quantity, price, discount and tax. */
function lineText(company: Company, details: OrderDetails, line: OrderDetails['lines'][number]): string {
  const money = (amount: number) => formatMoney(amount, details.order.currency, company.locale);
  const tax = line.taxName
    ? ` (${line.taxName} ${formatPercent(line.taxRatePpm, company.locale)}${line.taxInclusive ? ' included' : ''}: ${money(line.tax)})`
    : '';
  const discount = line.discount > 0 ? `, less ${money(line.discount)}` : '';
  return `${line.quantity} × ${line.description}: ${money(line.unitPrice * line.quantity)}${discount}${tax} = ${money(line.total)}`;
}

/** `order.*`: number, date (of this payment, or of the order when nothing is paid), lines and totals. */
export function orderVariables(
  company: Company,
  details: OrderDetails,
  publicUrl: string,
  at: Date,
): EmailVariables {
  const { order } = details;
  const money = (amount: number) => formatMoney(amount, order.currency, company.locale);
  const balance = order.status === 'open' ? order.total - order.paid : 0;
  const discount =
    order.discount > 0
      ? [`Discount${order.promoCode ? ` (${order.promoCode})` : ''}: −${money(order.discount)}`]
      : [];
  return {
    'order.number': String(order.number),
    'order.date': dayLabel(at, company.timeZone),
    'order.lines': [...details.lines.map((line) => lineText(company, details, line)), ...discount].join('\n'),
    'order.total': money(order.total),
    'order.paid': money(order.paid - order.refunded),
    'order.balance': balance > 0 ? money(balance) : '',
    'order.link': clientAreaUrl(publicUrl, company, 'settings/payment'),
  };
}

const recipientOf = (details: OrderDetails) => ({
  id: details.order.clientId,
  name: details.clientName,
  email: details.clientEmail,
});

/**
 * The receipt of an order: a payment taken (at the desk, online, a balance) or an order placed to pay
 * at the studio (`owed`: nothing paid yet, the balance shown). Answers the outbox ids (none when the
 * studio switched receipts off).
 */
export async function queueOrderReceipt(
  tx: Executor,
  company: Company,
  details: OrderDetails,
  publicUrl: string,
  at: Date,
): Promise<string[]> {
  const id = await notify(
    tx,
    company.id,
    {
      trigger: 'purchaseReceipt',
      to: recipientOf(details),
      variables: orderVariables(company, details, publicUrl, at),
    },
    { publicUrl },
  );
  return id ? [id] : [];
}

/** A refund on an order: how much, why, and the order as it stands after it. */
export async function queueRefundEmail(
  tx: Executor,
  company: Company,
  details: OrderDetails,
  refund: { amount: number; reason: string | null },
  publicUrl: string,
  at: Date,
): Promise<string[]> {
  const amount = formatMoney(refund.amount, details.order.currency, company.locale);
  const id = await notify(
    tx,
    company.id,
    {
      trigger: 'refund',
      to: recipientOf(details),
      variables: {
        ...orderVariables(company, details, publicUrl, at),
        'refund.amount': amount,
        'refund.reason': refund.reason?.trim() ?? '',
      },
    },
    { publicUrl },
  );
  return id ? [id] : [];
}

/** `package.*` of a membership or pack the client holds. */
export function packageVariables(
  company: Company,
  held: { name: string; price: number; date: string | null; creditsLeft?: number | null },
  publicUrl: string,
): EmailVariables {
  return {
    'package.name': held.name,
    'package.date': held.date ? localDateLabel(held.date) : '',
    'package.price': formatMoney(held.price, company.currency, company.locale),
    'package.creditsLeft': held.creditsLeft == null ? '' : String(held.creditsLeft),
    'package.link': clientAreaUrl(publicUrl, company, 'settings/packages'),
  };
}
