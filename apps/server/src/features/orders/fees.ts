import { withTenant } from '../../db/client.ts';
import { findCompanyById } from '../accounts/accounts.repo.ts';
import { emitOrderPaid } from '../webhooks/event-data.ts';
import { findOrder, insertPayment, updateOrder } from './orders.repo.ts';
import type { OrderDeps } from './orders.service.ts';
import { queuePaymentReceipt } from './orders.service.ts';
import type { ChargeSavedCard } from './renewals.ts';

/**
 * Late-cancel and no-show fees are orders the client owes. When the studio takes cards and the client
 * has one saved, the fee is charged to it right after the booking change commits (a receipt follows);
 * a declined card leaves the fee owed at the studio, as without Stripe.
 */
export async function chargeFeesToSavedCards(
  deps: OrderDeps & { chargeSavedCard: ChargeSavedCard },
  companyId: string,
  orderIds: readonly string[],
  now = new Date(),
): Promise<number> {
  let charged = 0;
  for (const orderId of orderIds) {
    const emails: string[] = [];
    const paid = await withTenant(deps.db, companyId, async (tx) => {
      const order = await findOrder(tx, companyId, orderId, { lock: true });
      const company = await findCompanyById(tx, companyId);
      if (!order || !company || order.status !== 'open' || order.total <= 0) return false;
      let reference: string | null;
      try {
        reference = await deps.chargeSavedCard(
          tx,
          companyId,
          order.clientId,
          order.total,
          `Order #${order.number}`,
        );
      } catch (error) {
        deps.log(error);
        return false;
      }
      if (reference === null) return false;
      await insertPayment(
        tx,
        companyId,
        {
          orderId,
          kind: 'payment',
          amount: order.total,
          method: 'stripe',
          providerRef: reference,
          createdBy: null,
        },
        now,
      );
      await updateOrder(tx, companyId, orderId, { status: 'paid', paid: order.total, paidAt: now });
      await emitOrderPaid(tx, companyId, orderId, now);
      emails.push(...(await queuePaymentReceipt(tx, company, orderId, deps.publicUrl, now)));
      return true;
    }).catch((error: unknown) => {
      deps.log(error);
      return false;
    });
    for (const id of emails) deps.jobs?.deliverEmail(id).catch(deps.log);
    if (paid) charged += 1;
  }
  return charged;
}
