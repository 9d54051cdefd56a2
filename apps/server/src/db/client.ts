import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A database handle or an open transaction on it: repo functions accept either. */
export type Executor =
  | NodePgDatabase<typeof schema>
  | Parameters<Parameters<NodePgDatabase<typeof schema>['transaction']>[0]>[0];

export interface DatabaseConnection {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function connectDatabase(url: string, { max = 20 }: { max?: number } = {}): DatabaseConnection {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client that loses its server (restart, network) must not crash the process.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  let closing: Promise<void> | undefined;
  return { db, pool, close: () => (closing ??= pool.end()) };
}

/** The role the request transactions act as: it owns nothing and cannot bypass row-level security. */
export const APP_ROLE = 'kinetic_app';

/**
 * Runs `work` in a transaction scoped to one company: as the restricted role, with `app.company_id`
 * set, so row-level security hides every other company's rows even from a query that forgot its WHERE.
 */
export function withTenant<T>(db: Database, companyId: string, work: (tx: Executor) => Promise<T>): Promise<T> {
  return scoped(db, 'app.company_id', companyId, work);
}

/**
 * The explicit platform path: look-ups made before a company is known (login by email, sessions,
 * reset tokens, company slugs). Still the restricted role; the policies admit it by `app.scope`.
 */
export function withPlatform<T>(db: Database, work: (tx: Executor) => Promise<T>): Promise<T> {
  return scoped(db, 'app.scope', 'platform', work);
}

/** Only ids and keywords qualify: the value is written into the scoping statement itself. */
const SCOPE_VALUE = /^[0-9a-z]{1,64}$/;

/**
 * BEGIN, the role and the setting go to the server as one statement, one round trip instead of two;
 * that is why the value is checked and inlined rather than sent as a parameter.
 */
async function scoped<T>(
  db: Database,
  setting: 'app.company_id' | 'app.scope',
  value: string,
  work: (tx: Executor) => Promise<T>,
): Promise<T> {
  if (!SCOPE_VALUE.test(value)) throw new Error(`Refusing to scope a transaction to ${JSON.stringify(value)}.`);
  const client = await db.$client.connect();
  let broken = false;
  try {
    await client.query(
      `begin; select set_config('role', '${APP_ROLE}', true), set_config('${setting}', '${value}', true)`,
    );
    const result = await work(drizzle(client, { schema }));
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    // A connection that could not even roll back is discarded rather than reused.
    client.release(broken);
  }
}
