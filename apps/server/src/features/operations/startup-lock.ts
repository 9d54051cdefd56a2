import pg from 'pg';

/** The advisory lock key several Kinetic processes starting on one database take in turn ('kinetic!'). */
export const STARTUP_LOCK_KEY = 0x6b696e6574696321n;

/**
 * Runs `work` (migrations, the demo seed, pg-boss's start and queue creation) while holding a PostgreSQL
 * advisory lock, so processes started at the same moment on one database (a deploy behind a load
 * balancer) do it one after another: two at once deadlocked in pg-boss's queue creation on a fresh
 * database, and would race to apply the same migration. The lock is held on a connection of its own and
 * ends with it, also if the process dies.
 */
export async function oneProcessAtATime<T>(databaseUrl: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY.toString()]);
    return await work();
  } finally {
    await client.end().catch(() => {});
  }
}
