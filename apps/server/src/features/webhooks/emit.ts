import { and, eq, sql } from 'drizzle-orm';
import type { WebhookEventPayload, WebhookEventType } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';

/** The channel a committed event is announced on; the job runner listens and hands it to pg-boss. */
export const WEBHOOK_CHANNEL = 'kinetic_webhooks';

/** An event's data, or a function building it (called only when an endpoint listens for the event). */
export type EventData = Record<string, unknown> | (() => Promise<Record<string, unknown>>);

/** `evt_` + 24 hex characters: the same for every attempt and re-send of the event. */
export const newEventId = () => `evt_${generateId()}`;

/**
 * Records an event for every active endpoint of the company subscribed to `type`, in the caller's
 * transaction: no event without the change, and a change rolled back sends nothing. The NOTIFY is
 * delivered by PostgreSQL only when the transaction commits, so the runner (jobs/runner.ts) hands the
 * deliveries to the worker right after the commit, in whichever process listens. Answers the rows' ids.
 */
export async function emitWebhookEvent(
  tx: Executor,
  companyId: string,
  type: WebhookEventType,
  data: EventData,
  now = new Date(),
): Promise<string[]> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.companyId, companyId),
        eq(webhookEndpoints.active, true),
        sql`${type} = any(${webhookEndpoints.events})`,
      ),
    );
  if (endpoints.length === 0) return [];
  const payload: WebhookEventPayload = {
    id: newEventId(),
    type,
    createdAt: now.toISOString(),
    companyId,
    data: typeof data === 'function' ? await data() : data,
  };
  const ids = endpoints.map(() => generateId(now.getTime()));
  await tx.insert(webhookDeliveries).values(
    endpoints.map((endpoint, index) => ({
      companyId,
      id: ids[index] as string,
      endpointId: endpoint.id,
      eventId: payload.id,
      eventType: type,
      payload,
      createdAt: now,
    })),
  );
  await announceDeliveries(tx);
  return ids;
}

/** Tells the listening runner, once the transaction commits, that deliveries wait. */
export async function announceDeliveries(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_notify(${WEBHOOK_CHANNEL}, '')`);
}
