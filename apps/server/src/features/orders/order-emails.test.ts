import { afterAll, describe, expect, it } from 'vitest';
import { EMAIL_TRIGGER_INFO } from '@kinetic/shared';
import { createTestApp } from '../../test/harness.ts';
import { startMailCatcher, type CaughtMail } from '../../test/mail-catcher.ts';
import { signUpClient } from '../../test/factories.ts';
import { classPack, created } from '../../test/packages.ts';
import { studioReadyToSchedule, type ReadyStudio } from '../../test/schedule.ts';

/**
 * The money emails through the studio's templates (issue 16): payment receipt and refund, received by a
 * real SMTP server with the order's variables filled; the studio's switch is followed.
 */
const mail = await startMailCatcher();
afterAll(() => mail.stop());
const { app, db } = await createTestApp({ smtpUrl: mail.url, config: { PUBLIC_URL: 'http://kinetic.test' } });

async function received(address: string, prefix: string, count = 1): Promise<CaughtMail[]> {
  const matching = () => mail.mailTo(address).filter((message) => message.subject.startsWith(prefix));
  for (let waited = 0; waited < 30_000 && matching().length < count; waited += 100)
    await new Promise((resolve) => setTimeout(resolve, 100));
  return matching();
}

async function sold(ready: ReadyStudio) {
  const pack = await created(
    app,
    ready.headers,
    '/api/packages',
    classPack({ name: 'Ten Pack', price: 10000 }),
  );
  const signed = await signUpClient(app, ready.slug);
  const client = { id: signed.session.user._id as string, email: signed.email };
  const sale = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: ready.headers,
    payload: {
      clientId: client.id,
      items: [{ kind: 'package', packageId: pack.id }],
      promoCode: null,
      paidWith: 'cash',
    },
  });
  expect(sale.statusCode, sale.body).toBe(201);
  return { client, order: sale.json().data.order as { id: string; number: number } };
}

describe('money emails', () => {
  it('a sale paid at the desk sends the receipt; a refund sends its own email with the amount and reason', async () => {
    const ready = await studioReadyToSchedule(app);
    const { client, order } = await sold(ready);
    const company = ready.session.company.name as string;
    const [receipt] = await received(client.email, 'Receipt');
    expect(receipt?.to).toEqual([client.email]);
    expect(receipt?.subject).toBe(`Receipt: order #${order.number} from ${company}`);
    expect(receipt?.body).toContain('Hi Chris,');
    expect(receipt?.body).toContain(`Here is your receipt for order #${order.number}`);
    // (The catcher reads the body as Latin-1, so the line is matched after its × sign.)
    expect(receipt?.body).toContain(' Ten Pack: $100.00 = $100.00');
    expect(receipt?.body).toContain('Paid: $100.00');
    expect(receipt?.body).not.toContain('Still to pay');
    expect(receipt?.body).toContain(`http://kinetic.test/${ready.slug}/client/client/app/settings/payment`);

    const refund = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/refunds`,
      headers: ready.headers,
      payload: { amount: 2500, reason: 'Class cancelled' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const [refunded] = await received(client.email, 'Refund');
    expect(refunded?.subject).toBe(`Refund of $25.00: order #${order.number}`);
    expect(refunded?.body).toContain(
      `We refunded $25.00 on order #${order.number}. Reason: Class cancelled.`,
    );
    expect(refunded?.body).toContain('Paid after refunds: $75.00');
  });

  it('the studio switched receipts off: the sale goes through without one', async () => {
    const ready = await studioReadyToSchedule(app);
    const off = await app.inject({
      method: 'PUT',
      url: '/api/settings/email/templates/purchaseReceipt',
      headers: ready.headers,
      payload: {
        enabled: false,
        subject: EMAIL_TRIGGER_INFO.purchaseReceipt.subject,
        body: EMAIL_TRIGGER_INFO.purchaseReceipt.body,
      },
    });
    expect(off.statusCode, off.body).toBe(200);
    const { client } = await sold(ready);
    const { rows } = await db.pool.query(
      `select 1 from email_outbox where "to" = $1 and subject like 'Receipt%'`,
      [client.email],
    );
    expect(rows).toHaveLength(0);
  });
});
