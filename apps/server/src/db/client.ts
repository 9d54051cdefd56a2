import { AsyncLocalStorage } from 'node:async_hooks';
import { drizzle, NodePgDatabase, NodePgSession } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createTableRelationsHelpers, extractTablesRelationalConfig } from 'drizzle-orm';
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

/** How long a request waits for a free connection before it answers 503 instead of hanging. */
export const CONNECTION_WAIT_MS = 10_000;

export function connectDatabase(
  url: string,
  { max = 20, waitMs = CONNECTION_WAIT_MS }: { max?: number; waitMs?: number } = {},
): DatabaseConnection {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: waitMs });
  // An idle client that loses its server (restart, network) must not crash the process.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  let closing: Promise<void> | undefined;
  return { db, pool, close: () => (closing ??= pool.end()) };
}

/** The role the request transactions act as: it owns nothing and cannot bypass row-level security. */
export const APP_ROLE = 'kinetic_app';

/**
 * What one request has opened ahead for its first tenant transaction (see `openSessionScope`).
 * Requests run inside `requestContext` (a hook of the app), so `withTenant` and `withPlatform`
 * find it without every service passing it along.
 */
export interface RequestContext {
  parked?: ParkedTransaction;
  /** The answer has gone or the client has: a transaction opened from now on is ended at once. */
  ended?: boolean;
}
export const requestContext = new AsyncLocalStorage<RequestContext>();

/**
 * Runs `work` in a transaction scoped to one company: as the restricted role, with `app.company_id`
 * set, so row-level security hides every other company's rows even from a query that forgot its WHERE.
 * The first call of a signed-in request uses the transaction its session look-up already opened.
 */
export async function withTenant<T>(db: Database, companyId: string, work: (tx: Executor) => Promise<T>): Promise<T> {
  const context = requestContext.getStore();
  const parked = context?.parked?.take(companyId);
  if (parked) return finish(parked, work);
  // Another company's work (platform tools): never hold the parked connection while waiting for one.
  await context?.parked?.discard();
  return scoped(db, 'app.company_id', companyId, work);
}

/**
 * The explicit platform path: look-ups made before a company is known (login by email, sessions,
 * reset tokens, company slugs). Still the restricted role; the policies admit it by `app.scope`.
 * Always its own transaction, committed when `work` ends (rate-limit counts must outlive a 4xx).
 */
export async function withPlatform<T>(db: Database, work: (tx: Executor) => Promise<T>): Promise<T> {
  // A request never holds a parked connection while it waits for a second one: with every
  // connection parked and each request waiting for another, the pool would deadlock.
  await requestContext.getStore()?.parked?.discard();
  return scoped(db, 'app.scope', 'platform', work);
}

/**
 * What `drizzle(client, { schema })` rebuilds on every call (the dialect and the relational map of
 * every table), built once: a transaction then only wraps its connection in two small objects.
 */
const dialect = new PgDialect();
const tablesConfig = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
const relationalSchema = {
  fullSchema: schema,
  schema: tablesConfig.tables,
  tableNamesMap: tablesConfig.tableNamesMap,
};

function onConnection(client: pg.PoolClient): Executor {
  // The class generics only carry the schema's types, which `Executor` states; the values are the same.
  const session = new NodePgSession(client, dialect, relationalSchema as never, {});
  return new NodePgDatabase(dialect, session, relationalSchema as never) as unknown as Executor;
}

/** Only ids and keywords qualify: the value is written into the scoping statement itself. */
const SCOPE_VALUE = /^[0-9a-z]{1,64}$/;

/** BEGIN and the restricted role, the start of every scoped transaction's first message. */
export const BEGIN_AS_APP = `begin; select set_config('role', '${APP_ROLE}', true)`;

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
  try {
    await client.query(`${BEGIN_AS_APP}, set_config('${setting}', '${value}', true)`);
  } catch (error) {
    client.release(true);
    throw error;
  }
  return finish(client, work);
}

/** Runs `work` on a connection whose transaction is open and scoped; commits, or rolls back on a throw. */
async function finish<T>(client: pg.PoolClient, work: (tx: Executor) => Promise<T>): Promise<T> {
  let broken = false;
  try {
    const result = await work(onConnection(client));
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

/**
 * A tenant transaction opened ahead, on the same round trip as the session look-up, for the first
 * `withTenant` of the request. Taken at most once; otherwise discarded when the request ends.
 */
export class ParkedTransaction {
  private client: pg.PoolClient | undefined;

  constructor(
    client: pg.PoolClient,
    readonly companyId: string,
  ) {
    this.client = client;
  }

  /** The open transaction, if it is still parked and scoped to this company. */
  take(companyId: string): pg.PoolClient | undefined {
    if (companyId !== this.companyId) return undefined;
    const client = this.client;
    this.client = undefined;
    return client;
  }

  /** Ends the transaction unused (nothing was written in it) and returns the connection. */
  async discard(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    let broken = false;
    await client.query('rollback').catch(() => {
      broken = true;
    });
    try {
      client.release(broken);
    } catch {
      // Already released: nothing is left to give back.
    }
  }
}
