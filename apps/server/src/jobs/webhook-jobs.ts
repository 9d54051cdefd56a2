import pg from 'pg';
import type PgBoss from 'pg-boss';
import { withPlatform, type Database } from '../db/client.ts';
import { WEBHOOK_CHANNEL } from '../features/webhooks/emit.ts';
import { attemptDelivery } from '../features/webhooks/webhook-delivery.ts';
import {
  findStrandedDeliveries,
  findUnsentDeliveries,
  type DeliveryRef,
} from '../features/webhooks/webhooks.repo.ts';
import { WEBHOOK_RETRY_DELAY_SECONDS, WEBHOOK_RETRY_LIMIT } from '../features/webhooks/webhooks.service.ts';

/** Issue 18 §4: one job per delivery, retried by pg-boss with exponential backoff. */
export const WEBHOOK_QUEUE = 'webhook-delivery';

export interface WebhookJobOptions {
  /** Config WEBHOOKS_ALLOW_HTTP: http:// and loopback/private receivers (tests, development). */
  webhookAllowLocal?: boolean;
  /** Attempts after the first (default 7: 8 in all). */
  webhookRetryLimit?: number;
  /** Seconds before the first retry, doubled each time with jitter (default 120). */
  webhookRetryDelaySeconds?: number;
  pollingIntervalSeconds?: number;
}

export interface WebhookJobs {
  deliverWebhook(delivery: DeliveryRef): Promise<void>;
  /** Hands every delivery not yet tried to the worker (what a committed event's NOTIFY triggers). */
  flushWebhooks(): Promise<void>;
  /** Deliveries left without a job (a process stopped between commit and hand-off). */
  sweepWebhooks(): Promise<void>;
  stop(): Promise<void>;
}

/** Workers per process: a slow receiver (up to 10 s) does not hold up every other company's events. */
const WORKERS = 3;

export async function startWebhookJobs(
  boss: PgBoss,
  databaseUrl: string,
  db: Database,
  options: WebhookJobOptions,
  log: (message: string, error?: unknown) => void,
): Promise<WebhookJobs> {
  const allowLocal = options.webhookAllowLocal ?? false;
  const retryLimit = options.webhookRetryLimit ?? WEBHOOK_RETRY_LIMIT;
  const retryDelay = options.webhookRetryDelaySeconds ?? WEBHOOK_RETRY_DELAY_SECONDS;
  // `short`: at most one queued job per delivery (singletonKey), however many processes flush it.
  await boss.createQueue(WEBHOOK_QUEUE, {
    name: WEBHOOK_QUEUE,
    policy: 'short',
    retryLimit,
    retryDelay,
    retryBackoff: true,
    expireInSeconds: 120,
  });

  const workers: string[] = [];
  for (let index = 0; index < WORKERS; index += 1) {
    const worker: string = await boss.work<DeliveryRef>(
      WEBHOOK_QUEUE,
      // One worker polls for retries coming due; the others are woken by each hand-off (notifyWorker),
      // so they poll rarely (tests set a short interval, and several workers polling it add up).
      { pollingIntervalSeconds: index === 0 ? (options.pollingIntervalSeconds ?? 2) : 10, batchSize: 1 },
      async ([job]) => {
        if (!job) return;
        const outcome = await attemptDelivery(db, job.data.companyId, job.data.id, {
          allowLocal,
          maxAttempts: retryLimit + 1,
        });
        if (outcome.kind === 'failed')
          log(`webhook delivery ${job.data.id} failed for good: ${outcome.error}`);
        // Failing the job after the attempt is on record makes pg-boss retry it after its backoff.
        if (outcome.kind === 'retry') throw new Error(outcome.error);
        boss.notifyWorker(worker);
      },
    );
    workers.push(worker);
  }

  const deliverWebhook = async (delivery: DeliveryRef) => {
    await boss.send(WEBHOOK_QUEUE, delivery, { singletonKey: delivery.id });
    for (const worker of workers) boss.notifyWorker(worker);
  };

  let flushing: Promise<void> | null = null;
  let again = false;
  const flushOnce = async () => {
    // Selected with the rows an attempt holds skipped, and handed on once that look-up has ended: a job
    // must never find its row still locked by the flush (it would take it for another attempt's).
    const due = await withPlatform(db, findUnsentDeliveries);
    for (const row of due) await boss.send(WEBHOOK_QUEUE, row, { singletonKey: row.id });
    if (due.length > 0) for (const worker of workers) boss.notifyWorker(worker);
  };
  // Notifications arriving while a flush runs are folded into one more flush after it.
  const flushWebhooks = (): Promise<void> => {
    if (flushing) {
      again = true;
      return flushing;
    }
    flushing = (async () => {
      try {
        do {
          again = false;
          await flushOnce();
        } while (again);
      } finally {
        flushing = null;
      }
    })();
    return flushing;
  };

  const sweepWebhooks = async () => {
    const longestWait = retryDelay * 2 ** Math.min(retryLimit, 16);
    const rows = await withPlatform(db, (tx) =>
      findStrandedDeliveries(tx, { unsentMinutes: 10, retryGapSeconds: Math.ceil(longestWait * 1.5) + 600 }),
    );
    for (const row of rows) await boss.send(WEBHOOK_QUEUE, row, { singletonKey: row.id });
  };

  // PostgreSQL delivers a NOTIFY only when the emitting transaction commits: the hand-off after commit.
  let listener: pg.Client | null = null;
  let stopped = false;
  const listen = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('error', (error) => log('webhook listener lost its connection', error));
    client.on('end', () => {
      listener = null;
      if (!stopped)
        setTimeout(
          () => void listen().catch((error: unknown) => log('webhook listener', error)),
          5000,
        ).unref();
    });
    client.on('notification', () => {
      flushWebhooks().catch((error: unknown) => log('webhook flush failed', error));
    });
    await client.connect();
    await client.query(`listen ${WEBHOOK_CHANNEL}`);
    listener = client;
  };
  await listen();
  await sweepWebhooks().catch((error: unknown) => log('webhook sweep failed', error));
  await flushWebhooks().catch((error: unknown) => log('webhook flush failed', error));

  return {
    deliverWebhook,
    flushWebhooks,
    sweepWebhooks,
    async stop() {
      stopped = true;
      await listener?.end().catch(() => {});
    },
  };
}
