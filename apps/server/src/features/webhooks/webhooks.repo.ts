import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { WebhookDeliveryStatus } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export async function listEndpoints(tx: Executor, companyId: string) {
  const endpoints = await tx
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.companyId, companyId))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
  if (endpoints.length === 0) return [];
  const latest = await tx
    .selectDistinctOn([webhookDeliveries.endpointId], {
      endpointId: webhookDeliveries.endpointId,
      status: webhookDeliveries.status,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.companyId, companyId),
        inArray(
          webhookDeliveries.endpointId,
          endpoints.map((endpoint) => endpoint.id),
        ),
      ),
    )
    .orderBy(webhookDeliveries.endpointId, desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id));
  const byEndpoint = new Map(latest.map((row) => [row.endpointId, row]));
  return endpoints.map((endpoint) => ({ endpoint, lastDelivery: byEndpoint.get(endpoint.id) ?? null }));
}

export async function countEndpoints(tx: Executor, companyId: string): Promise<number> {
  const [row] = await tx
    .select({ total: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.companyId, companyId));
  return Number(row?.total ?? 0);
}

export async function findEndpoint(tx: Executor, companyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, id)));
  return row;
}

export async function insertEndpoint(tx: Executor, values: typeof webhookEndpoints.$inferInsert) {
  const [row] = await tx.insert(webhookEndpoints).values(values).returning();
  return row as EndpointRow;
}

export async function updateEndpoint(
  tx: Executor,
  companyId: string,
  id: string,
  changes: Partial<Pick<EndpointRow, 'url' | 'description' | 'events' | 'active' | 'secret'>>,
) {
  const [row] = await tx
    .update(webhookEndpoints)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, id)))
    .returning();
  return row;
}

export async function deleteEndpoint(tx: Executor, companyId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

export async function listDeliveries(
  tx: Executor,
  companyId: string,
  endpointId: string,
  filter: { status?: WebhookDeliveryStatus | undefined; limit: number; offset: number },
) {
  const where = and(
    eq(webhookDeliveries.companyId, companyId),
    eq(webhookDeliveries.endpointId, endpointId),
    filter.status ? eq(webhookDeliveries.status, filter.status) : undefined,
  );
  const [totalRow] = await tx.select({ total: count() }).from(webhookDeliveries).where(where);
  const items = await tx
    .select()
    .from(webhookDeliveries)
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return { items, total: Number(totalRow?.total ?? 0) };
}

export async function findDelivery(tx: Executor, companyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.id, id)));
  return row;
}

/**
 * The delivery, locked for one attempt; undefined when another attempt holds it (another process's
 * worker, or a re-send) or it is not there. With `pendingOnly`, also when it was delivered or given up.
 */
export async function lockDelivery(
  tx: Executor,
  companyId: string,
  id: string,
  options: { pendingOnly: boolean },
) {
  const [row] = await tx
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.companyId, companyId),
        eq(webhookDeliveries.id, id),
        options.pendingOnly ? eq(webhookDeliveries.status, 'pending') : undefined,
      ),
    )
    .for('update', { skipLocked: true });
  return row;
}

export interface AttemptRecord {
  status: WebhookDeliveryStatus;
  responseStatus: number | null;
  responseBody: string | null;
  lastError: string | null;
  delivered: boolean;
}

export async function recordAttempt(tx: Executor, companyId: string, id: string, record: AttemptRecord) {
  const [row] = await tx
    .update(webhookDeliveries)
    .set({
      status: record.status,
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      responseStatus: record.responseStatus,
      responseBody: record.responseBody,
      lastError: record.lastError,
      lastAttemptAt: sql`now()`,
      ...(record.delivered ? { deliveredAt: sql`now()` } : {}),
    })
    .where(and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.id, id)))
    .returning();
  return row as DeliveryRow;
}

export interface DeliveryRef {
  companyId: string;
  id: string;
}

/**
 * Pending deliveries never attempted, oldest first (platform scope: every company): what a commit that
 * emitted events hands to the worker. Rows an attempt holds are skipped.
 */
export async function findUnsentDeliveries(tx: Executor): Promise<DeliveryRef[]> {
  return tx
    .select({ companyId: webhookDeliveries.companyId, id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, 'pending'), eq(webhookDeliveries.attempts, 0)))
    .orderBy(webhookDeliveries.createdAt)
    .limit(500)
    .for('update', { skipLocked: true });
}

/**
 * Pending deliveries left without a job: never attempted long after they were written (the process
 * stopped between commit and hand-off), or attempted last longer ago than the longest retry wait.
 */
export async function findStrandedDeliveries(
  tx: Executor,
  options: { unsentMinutes: number; retryGapSeconds: number },
): Promise<DeliveryRef[]> {
  return tx
    .select({ companyId: webhookDeliveries.companyId, id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        or(
          and(
            isNull(webhookDeliveries.lastAttemptAt),
            sql`${webhookDeliveries.createdAt} < now() - make_interval(mins => ${options.unsentMinutes})`,
          ),
          sql`${webhookDeliveries.lastAttemptAt} < now() - make_interval(secs => ${options.retryGapSeconds})`,
        ),
      ),
    )
    .orderBy(webhookDeliveries.createdAt)
    .limit(500)
    .for('update', { skipLocked: true });
}
