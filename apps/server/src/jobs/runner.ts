import PgBoss from 'pg-boss';
import { withPlatform, type Database } from '../db/client.ts';
import {
  findPendingEmail,
  findStrandedEmailIds,
  findUnsentEmailIds,
  markEmailSent,
  recordEmailFailure,
} from './email-outbox.ts';
import type { Mailer } from './mailer.ts';
import { removeExpiredRecords } from './cleanup.ts';
import { sendClassReminders } from './class-reminders.ts';
import { sendPackageNotices } from './package-notices.ts';
import { extendHorizons } from '../features/class-instances/class-instances.service.ts';
import { expireOffers } from '../features/bookings/bookings.service.ts';
import { renewMemberships, type ChargeSavedCard } from '../features/orders/renewals.ts';
import {
  removeExpiredClientReports,
  writeClientReport,
} from '../features/client-report/client-report.job.ts';
import { startClientImportJobs } from './client-import-jobs.ts';
import { startWebhookJobs, type WebhookJobOptions, type WebhookJobs } from './webhook-jobs.ts';

const EMAIL_QUEUE = 'email-delivery';
/** Daily: every open class series gets its classes generated to the rolling horizon. */
const HORIZON_QUEUE = 'schedule-horizon';
/** Every minute: waitlist offers whose hold ran out move on to the next in line. */
const OFFERS_QUEUE = 'booking-offers';
/** Hourly: pauses start and end on their days, cancelled memberships end, those whose paid period ended renew. */
const RENEWALS_QUEUE = 'membership-renewals';
/** Every five minutes: booked clients of classes starting within the reminder time get one reminder. */
const REMINDERS_QUEUE = 'class-reminders';
/** Hourly: "membership renewing soon" and "pack expiring soon" emails, each once (jobs/package-notices.ts). */
const PACKAGE_NOTICES_QUEUE = 'package-notices';
/** The CSV client report (issue 14 §4): one job per report, streamed to a file under DATA_DIR. */
const CLIENT_REPORTS_QUEUE = 'client-reports';

export interface Jobs {
  /** Hands a committed outbox email to the delivery worker. */
  deliverEmail(outboxId: string): Promise<void>;
  /** Hands every email still waiting for its first attempt to the worker (after a commit that queued some). */
  flushOutbox(): Promise<void>;
  /** Starts writing a requested client report (features/client-report). */
  generateClientReport(companyId: string, reportId: string): Promise<void>;
  /** Issue 18 §5: runs a started client import in batches (jobs/client-import-jobs.ts). */
  startClientImport(companyId: string, importId: string): Promise<void>;
  /** Issue 18 §4: webhook deliveries (jobs/webhook-jobs.ts); committed events are handed on by NOTIFY. */
  webhooks: Pick<WebhookJobs, 'deliverWebhook' | 'flushWebhooks' | 'sweepWebhooks'>;
  stop(): Promise<void>;
}

export interface JobOptions extends WebhookJobOptions {
  /** Seconds before the first retry; doubled each time (pg-boss backoff). */
  retryDelaySeconds?: number;
  retryLimit?: number;
  pollingIntervalSeconds?: number;
  /** The address links in emails start with. */
  publicUrl?: string;
  log?: (message: string, error?: unknown) => void;
  /** Charges a saved card for a renewal (the Stripe provider); without it renewals are owed at the studio. */
  chargeSavedCard?: ChargeSavedCard;
  /** Where client reports are written (the config's DATA_DIR). */
  dataDir?: string;
  /** Client report attempts after the first (pg-boss retryLimit) and seconds between them. */
  reportRetryLimit?: number;
  reportRetryDelaySeconds?: number;
}

/** pg-boss on the same PostgreSQL: delivery with retries, and a sweep for emails left without a job. */
export async function startJobs(
  databaseUrl: string,
  db: Database,
  mailer: Mailer,
  options: JobOptions = {},
): Promise<Jobs> {
  const log = options.log ?? (() => {});
  const boss = new PgBoss({ connectionString: databaseUrl, max: 4 });
  boss.on('error', (error) => log('job queue error', error));
  await boss.start();
  const retryLimit = options.retryLimit ?? 12;
  await boss.createQueue(EMAIL_QUEUE, {
    name: EMAIL_QUEUE,
    retryLimit,
    retryDelay: options.retryDelaySeconds ?? 10,
    retryBackoff: true,
  });

  // One job per fetch: pg-boss fails a whole batch when its handler throws. After a delivery the worker
  // is woken to fetch the next at once (pg-boss otherwise waits out its polling interval after every
  // job, so a class cancelled with 200 bookings took 200 × 2 s); a failed delivery waits as usual.
  const emailWorker: string = await boss.work<{ outboxId: string }>(
    EMAIL_QUEUE,
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 },
    async ([job]) => {
      if (!job) return;
      await deliver(job.data.outboxId);
      boss.notifyWorker(emailWorker);
    },
  );

  async function deliver(outboxId: string): Promise<void> {
    // The row lock makes delivery idempotent: a duplicate job finds the email sent or locked.
    // The mailer's own timeouts bound how long the row stays locked.
    let failure: unknown;
    await withPlatform(db, async (tx) => {
      const email = await findPendingEmail(tx, outboxId);
      if (!email) return;
      try {
        await mailer.send(email);
        await markEmailSent(tx, outboxId);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const gaveUp = await recordEmailFailure(tx, outboxId, message, retryLimit + 1);
        if (!gaveUp) failure = error;
        else log(`email ${outboxId} failed for good`, error);
      }
    });
    // Failing the job after the failure is on record makes pg-boss retry it later.
    if (failure) throw failure;
  }

  const deliverEmail = async (outboxId: string) => {
    await boss.send(EMAIL_QUEUE, { outboxId });
    boss.notifyWorker(emailWorker);
  };

  await boss.createQueue(HORIZON_QUEUE, { name: HORIZON_QUEUE, retryLimit: 3, retryDelay: 300 });
  await boss.work(HORIZON_QUEUE, { pollingIntervalSeconds: 60, batchSize: 1 }, async () => {
    const { series, classes } = await extendHorizons(db);
    if (series > 0) log(`schedule horizon: ${classes} classes generated for ${series} series`);
  });
  // Shortly after midnight UTC; once at start too, so a server that was off for days catches up.
  await boss.schedule(HORIZON_QUEUE, '10 0 * * *');
  extendHorizons(db).catch((error: unknown) => log('schedule horizon failed', error));

  const bookingDeps = {
    db,
    jobs: { deliverEmail },
    publicUrl: options.publicUrl ?? 'http://localhost:3000',
    log: (error: unknown) => log('booking email failed', error),
  };
  const reminderDeps = { ...bookingDeps, log: (error: unknown) => log('class reminders failed', error) };
  await boss.createQueue(OFFERS_QUEUE, { name: OFFERS_QUEUE, retryLimit: 2, retryDelay: 30 });
  await boss.work(
    OFFERS_QUEUE,
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 10, batchSize: 1 },
    async () => {
      const expired = await expireOffers(bookingDeps);
      if (expired > 0) log(`booking offers: ${expired} expired and handed on`);
    },
  );
  await boss.schedule(OFFERS_QUEUE, '* * * * *');
  // Once at start too: offers that ran out while no server was running move on now, not in a minute.
  await expireOffers(bookingDeps).catch((error: unknown) => log('booking offers failed', error));

  await boss.createQueue(REMINDERS_QUEUE, { name: REMINDERS_QUEUE, retryLimit: 2, retryDelay: 60 });
  await boss.work(REMINDERS_QUEUE, { pollingIntervalSeconds: 60, batchSize: 1 }, async () => {
    const sent = await sendClassReminders(reminderDeps);
    if (sent > 0) log(`class reminders: ${sent} queued`);
  });
  await boss.schedule(REMINDERS_QUEUE, '*/5 * * * *');
  // Once at start too: reminders due while no server was running go now, not in five minutes.
  sendClassReminders(reminderDeps).catch((error: unknown) => log('class reminders failed', error));

  await boss.createQueue(RENEWALS_QUEUE, { name: RENEWALS_QUEUE, retryLimit: 2, retryDelay: 600 });
  const renewalDeps = { ...bookingDeps, chargeSavedCard: options.chargeSavedCard };
  await boss.work(RENEWALS_QUEUE, { pollingIntervalSeconds: 60, batchSize: 1 }, async () => {
    const outcome = await renewMemberships(renewalDeps);
    if (outcome.renewed + outcome.failed + outcome.paused > 0)
      log(
        `membership renewals: ${outcome.renewed} renewed, ${outcome.failed} failed, ${outcome.paused} paused`,
      );
  });
  // Every hour (each company's day starts at its own midnight: a pause planned from a day, or ending on
  // one, changes within the hour after it starts there; a renewal is done once per period however often
  // this runs), and once at start (a server that was off catches up).
  await boss.schedule(RENEWALS_QUEUE, '20 * * * *');
  renewMemberships(renewalDeps).catch((error: unknown) => log('membership renewals failed', error));

  await boss.createQueue(PACKAGE_NOTICES_QUEUE, {
    name: PACKAGE_NOTICES_QUEUE,
    retryLimit: 2,
    retryDelay: 600,
  });
  const noticeDeps = { ...bookingDeps, log: (error: unknown) => log('package notices failed', error) };
  await boss.work(PACKAGE_NOTICES_QUEUE, { pollingIntervalSeconds: 60, batchSize: 1 }, async () => {
    const sent = await sendPackageNotices(noticeDeps);
    if (sent > 0) log(`package notices: ${sent} queued`);
  });
  // Hourly (a notice is due from a day on the company's clock; once per renewal date or pack however
  // often this runs), and once at start so a server that was off catches up.
  await boss.schedule(PACKAGE_NOTICES_QUEUE, '40 * * * *');
  sendPackageNotices(noticeDeps).catch((error: unknown) => log('package notices failed', error));

  const dataDir = options.dataDir ?? './data';
  const reportRetryLimit = options.reportRetryLimit ?? 3;
  await boss.createQueue(CLIENT_REPORTS_QUEUE, {
    name: CLIENT_REPORTS_QUEUE,
    retryLimit: reportRetryLimit,
    retryDelay: options.reportRetryDelaySeconds ?? 5,
    retryBackoff: true,
    // A report of 100,000 clients takes seconds; a job still running after this is stuck.
    expireInSeconds: 30 * 60,
  });
  await boss.work<{ companyId: string; reportId: string }>(
    CLIENT_REPORTS_QUEUE,
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1, batchSize: 1 },
    async ([job]) => {
      if (!job) return;
      const outcome = await writeClientReport(db, dataDir, job.data.companyId, job.data.reportId, {
        maxAttempts: reportRetryLimit + 1,
      });
      if (outcome === 'failed') log(`client report ${job.data.reportId} failed for good`);
    },
  );
  const generateClientReport = async (companyId: string, reportId: string) => {
    await boss.send(CLIENT_REPORTS_QUEUE, { companyId, reportId });
  };
  const removeExpiredReports = () =>
    removeExpiredClientReports(db, dataDir).catch((error: unknown) =>
      log('client report cleanup failed', error),
    );
  await removeExpiredReports();

  const clientImports = await startClientImportJobs(boss, db, options, log);
  const { startClientImport } = clientImports;

  const webhooks = await startWebhookJobs(boss, databaseUrl, db, options, log);

  const flushOutbox = async () => {
    const ids = await withPlatform(db, findUnsentEmailIds);
    for (const id of ids) await deliverEmail(id);
  };

  const sweep = async () => {
    const ids = await withPlatform(db, findStrandedEmailIds);
    for (const id of ids) await deliverEmail(id);
  };
  await sweep().catch((error: unknown) => log('email sweep failed', error));
  const sweeper = setInterval(() => {
    sweep().catch((error: unknown) => log('email sweep failed', error));
    removeExpiredRecords(db).catch((error: unknown) => log('cleanup failed', error));
    void removeExpiredReports();
    webhooks.sweepWebhooks().catch((error: unknown) => log('webhook sweep failed', error));
  }, 5 * 60_000);
  sweeper.unref();

  return {
    deliverEmail,
    flushOutbox,
    generateClientReport,
    startClientImport,
    webhooks,
    async stop() {
      clearInterval(sweeper);
      clientImports.stop();
      await webhooks.stop();
      await boss.stop({ graceful: true, timeout: 5000, wait: true });
      mailer.close();
    },
  };
}
