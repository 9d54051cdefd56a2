import { withTenant, type Database } from '../../db/client.ts';
import { findEndpoint, lockDelivery, recordAttempt, type DeliveryRow } from './webhooks.repo.ts';
import { RefusedTargetError, urlRefusal } from './webhook-targets.ts';
import { sendWebhook } from './webhook-sender.ts';

export interface AttemptOptions {
  /** WEBHOOKS_ALLOW_HTTP. */
  allowLocal: boolean;
  /** Automatic attempts: the last one allowed (pg-boss retryLimit + 1); reaching it gives up (`failed`). */
  maxAttempts: number;
  /**
   * A manual attempt (re-send, test event): made whatever the row's status; when it fails, the row is
   * `failed` unless automatic retries are still under way for it.
   */
  manual?: boolean;
  /** The test event: one attempt only, never retried automatically. */
  once?: boolean;
  timeoutMs?: number;
}

export type AttemptOutcome =
  /** Delivered (2xx). */
  | { kind: 'delivered'; row: DeliveryRow }
  /** Not delivered; the automatic schedule tries again (the job fails so pg-boss retries it). */
  | { kind: 'retry'; row: DeliveryRow; error: string }
  /** Not delivered, and not retried automatically. */
  | { kind: 'failed'; row: DeliveryRow; error: string }
  /** Nothing to do (delivered or given up meanwhile), or another attempt holds the row. */
  | { kind: 'skipped' };

/**
 * One attempt at one delivery, with its row locked (FOR UPDATE SKIP LOCKED) for the attempt: a second
 * job for the same delivery, in this process or another, finds it locked or no longer pending and does
 * nothing, so an event is not sent twice by the workers. The request's 10 s timeout bounds the lock.
 */
export async function attemptDelivery(
  db: Database,
  companyId: string,
  deliveryId: string,
  options: AttemptOptions,
): Promise<AttemptOutcome> {
  return withTenant(db, companyId, async (tx): Promise<AttemptOutcome> => {
    const row = await lockDelivery(tx, companyId, deliveryId, { pendingOnly: !options.manual });
    if (!row) return { kind: 'skipped' };
    const endpoint = await findEndpoint(tx, companyId, row.endpointId);
    if (!endpoint) return { kind: 'skipped' };
    const automaticRetriesLeft =
      !options.once && row.status === 'pending' && row.attempts + 1 < options.maxAttempts;
    const fail = async (
      error: string,
      responseStatus: number | null,
      responseBody: string | null,
      final = false,
    ) => {
      const retry = !final && automaticRetriesLeft;
      const saved = await recordAttempt(tx, companyId, row.id, {
        status: retry ? 'pending' : 'failed',
        responseStatus,
        responseBody,
        lastError: error,
        delivered: false,
      });
      return retry && !options.manual
        ? ({ kind: 'retry', row: saved, error } as const)
        : ({ kind: 'failed', row: saved, error } as const);
    };

    if (!endpoint.active && !options.manual)
      return fail('Not sent: the endpoint was turned off', null, null, true);
    // The address is checked again as it stands now (the flag may have changed since it was saved).
    const refusal = urlRefusal(endpoint.url, options.allowLocal);
    if (refusal) return fail(`Refused: ${refusal}`, null, null, true);
    try {
      const answer = await sendWebhook(
        {
          url: endpoint.url,
          body: JSON.stringify(row.payload),
          secret: endpoint.secret,
          eventId: row.eventId,
          eventType: row.eventType,
        },
        { allowLocal: options.allowLocal, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) },
      );
      if (answer.status >= 200 && answer.status < 300) {
        const saved = await recordAttempt(tx, companyId, row.id, {
          status: 'delivered',
          responseStatus: answer.status,
          responseBody: answer.body,
          lastError: null,
          delivered: true,
        });
        return { kind: 'delivered', row: saved };
      }
      const why =
        answer.status >= 300 && answer.status < 400
          ? `The receiver answered ${answer.status} (redirects are not followed)`
          : `The receiver answered ${answer.status}`;
      return fail(why, answer.status, answer.body);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return fail(message.slice(0, 500), null, null, error instanceof RefusedTargetError);
    }
  });
}
