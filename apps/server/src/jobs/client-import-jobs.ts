import type PgBoss from 'pg-boss';
import { withPlatform, type Database } from '../db/client.ts';
import { expireAbandonedImports, unfinishedImportJobs } from '../features/data-import/data-import.repo.ts';
import { failImportJob, runImportJob } from '../features/data-import/import-job.ts';

/** Issue 18 §5: one job per client import (features/data-import/import-job.ts), in batches. */
const CLIENT_IMPORTS_QUEUE = 'client-imports';
const IMPORT_RETRY_LIMIT = 2;

export interface ClientImportJobs {
  startClientImport(companyId: string, importId: string): Promise<void>;
  stop(): void;
}

/**
 * The import queue. At start, imports that were queued or running when a process stopped are handed to
 * the worker again: a batch starts where the last committed one ended, so nothing is imported twice even
 * when the old job is also retried later (it then finds the import done). Hourly (and at start), uploads
 * nobody started within a day are expired and their file dropped.
 */
export async function startClientImportJobs(
  boss: PgBoss,
  db: Database,
  options: { pollingIntervalSeconds?: number },
  log: (message: string, error?: unknown) => void,
): Promise<ClientImportJobs> {
  await boss.createQueue(CLIENT_IMPORTS_QUEUE, {
    name: CLIENT_IMPORTS_QUEUE,
    retryLimit: IMPORT_RETRY_LIMIT,
    retryDelay: 5,
    retryBackoff: true,
    // 100,000 rows take minutes; a job still running after this is stuck and is retried (it resumes).
    expireInSeconds: 60 * 60,
  });
  const worker: string = await boss.work<{ companyId: string; importId: string }>(
    CLIENT_IMPORTS_QUEUE,
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1, batchSize: 1, includeMetadata: true },
    async ([job]) => {
      if (!job) return;
      const { companyId, importId } = job.data;
      try {
        const outcome = await runImportJob(db, companyId, importId);
        if (outcome === 'done') log(`client import ${importId} done`);
      } catch (error) {
        if (job.retryCount >= IMPORT_RETRY_LIMIT) {
          log(`client import ${importId} failed for good`, error);
          await failImportJob(db, companyId, importId, error);
          return;
        }
        throw error;
      }
    },
  );
  const startClientImport = async (companyId: string, importId: string) => {
    await boss.send(CLIENT_IMPORTS_QUEUE, { companyId, importId });
    boss.notifyWorker(worker);
  };
  const unfinished = await withPlatform(db, unfinishedImportJobs);
  for (const { companyId, id } of unfinished) await startClientImport(companyId, id);
  const expire = () =>
    withPlatform(db, (tx) => expireAbandonedImports(tx)).catch((error: unknown) =>
      log('expiring abandoned imports failed', error),
    );
  await expire();
  const expirer = setInterval(() => void expire(), 60 * 60_000);
  expirer.unref();
  return { startClientImport, stop: () => clearInterval(expirer) };
}
