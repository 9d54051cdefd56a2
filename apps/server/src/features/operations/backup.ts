import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { MIGRATIONS_FOLDER } from '../../db/migrate.ts';

/**
 * `npm run backup` / `npm run restore` (issue 18 §6). The embedded server ships no pg_dump (and a
 * distribution's older pg_dump refuses a newer server), so the backup is written with COPY: one gzip file
 * whose first line is a JSON header, then every table of the app's schemas in COPY text format, each
 * after a `\copy <schema>.<table>` line and ended by `\.`, then a `\end` line with each table's row count
 * (a cut-off file has none, and its restore is rolled back). pg-boss's schema is left out: the jobs it
 * holds are rebuilt at start (schedules, the outbox sweep); see docs/operations.md.
 */

export const BACKUP_FORMAT = 'kinetic-backup';
export const BACKUP_VERSION = 1;
/** The app's schemas: its tables, and drizzle's record of the migrations applied. */
const BACKED_UP_SCHEMAS = ['public', 'drizzle'];
const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

export interface MigrationLevel {
  /** How many migrations were applied. */
  count: number;
  /** The last one's journal time (drizzle's `created_at`) and hash; null on a database never migrated. */
  latest: { createdAt: number; hash: string } | null;
}

export interface BackupTable {
  schema: string;
  name: string;
  columns: string[];
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  postgres: string;
  migrations: MigrationLevel;
  /** In the order they follow (referenced tables first), so a restore can load them one after another. */
  tables: BackupTable[];
}

export class BackupError extends Error {}

type Log = (line: string) => void;

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const qualified = (table: { schema: string; name: string }) =>
  `${quoteIdent(table.schema)}.${quoteIdent(table.name)}`;

/** The migrations this code ships (journal order). */
export function codeMigrations() {
  return readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
}

/** What drizzle's table records as applied. */
export async function migrationLevel(client: pg.ClientBase | pg.Pool): Promise<MigrationLevel> {
  const exists = await client.query<{ found: string | null }>(
    `select to_regclass('${MIGRATIONS_TABLE}')::text as found`,
  );
  if (!exists.rows[0]?.found) return { count: 0, latest: null };
  const { rows } = await client.query<{ hash: string; created_at: string }>(
    `select hash, created_at::text from ${MIGRATIONS_TABLE} order by created_at`,
  );
  const last = rows.at(-1);
  return {
    count: rows.length,
    latest: last ? { createdAt: Number(last.created_at), hash: last.hash } : null,
  };
}

/** Backup and restore read every row of every company: only a role that row-level security does not hold. */
async function assertSeesEveryRow(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<{ rolsuper: boolean; rolbypassrls: boolean; rolname: string }>(
    'select rolname, rolsuper, rolbypassrls from pg_roles where rolname = current_user',
  );
  const role = rows[0];
  if (!role?.rolsuper && !role?.rolbypassrls)
    throw new BackupError(
      `The database user ${role?.rolname ?? '?'} is held by row-level security (FORCE), so it would see no company's rows: ` +
        'connect as a superuser or a role with BYPASSRLS (ALTER ROLE … BYPASSRLS).',
    );
}

/** The app's tables, each after the tables it references (foreign keys), with their stored columns. */
async function tablesInLoadOrder(client: pg.ClientBase): Promise<BackupTable[]> {
  const { rows: tables } = await client.query<{
    oid: number;
    schema: string;
    name: string;
    columns: string[];
  }>(
    `select c.oid::int as oid, n.nspname as schema, c.relname as name,
            array(select a.attname::text from pg_attribute a
                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                  order by a.attnum) as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition and n.nspname = any($1)
      order by n.nspname, c.relname`,
    [BACKED_UP_SCHEMAS],
  );
  const { rows: references } = await client.query<{ child: number; parent: number }>(
    `select conrelid::int as child, confrelid::int as parent from pg_constraint
      where contype = 'f' and conrelid <> confrelid`,
  );
  const byOid = new Map(tables.map((table) => [table.oid, table]));
  const parents = new Map<number, Set<number>>();
  for (const { child, parent } of references) {
    if (!byOid.has(child) || !byOid.has(parent)) continue;
    let set = parents.get(child);
    if (!set) parents.set(child, (set = new Set()));
    set.add(parent);
  }
  const ordered: BackupTable[] = [];
  const state = new Map<number, 'visiting' | 'done'>();
  const visit = (oid: number, trail: string[]) => {
    const table = byOid.get(oid);
    if (!table || state.get(oid) === 'done') return;
    if (state.get(oid) === 'visiting')
      throw new BackupError(`The foreign keys form a cycle (${[...trail, table.name].join(' → ')}).`);
    state.set(oid, 'visiting');
    for (const parent of parents.get(oid) ?? []) visit(parent, [...trail, table.name]);
    state.set(oid, 'done');
    ordered.push({ schema: table.schema, name: table.name, columns: table.columns });
  };
  for (const table of tables) visit(table.oid, []);
  return ordered;
}

async function writeChunk(stream: NodeJS.WritableStream, chunk: string | Buffer): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

/**
 * Writes the whole database (the app's schemas) to `file`, from one snapshot (a repeatable-read, read-only
 * transaction: the app may keep running). Written beside the file and renamed at the end, mode 0600 (it
 * holds password hashes and session tokens). Answers the header and the row counts.
 */
export async function backupDatabase(
  url: string,
  file: string,
  log: Log = () => {},
): Promise<{ header: BackupHeader; rows: Record<string, number> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const partial = `${file}.partial`;
  try {
    await assertSeesEveryRow(client);
    await client.query('begin isolation level repeatable read read only');
    await client.query(`set local client_encoding = 'UTF8'`);
    const migrations = await migrationLevel(client);
    if (migrations.count === 0)
      throw new BackupError(
        'This database has no Kinetic tables yet (no migration applied): nothing to back up.',
      );
    const version = await client.query<{ server_version: string }>('show server_version');
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      postgres: version.rows[0]?.server_version ?? '',
      migrations,
      tables: await tablesInLoadOrder(client),
    };
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    const gzip = createGzip();
    const out = createWriteStream(partial, { mode: 0o600 });
    const written = once(out, 'finish');
    gzip.pipe(out);
    await writeChunk(gzip, `${JSON.stringify(header)}\n`);
    const rows: Record<string, number> = {};
    for (const table of header.tables) {
      const name = `${table.schema}.${table.name}`;
      await writeChunk(gzip, `\\copy ${name}\n`);
      const columns = table.columns.map(quoteIdent).join(', ');
      const copy = client.query(copyTo(`copy ${qualified(table)} (${columns}) to stdout`));
      for await (const chunk of copy) await writeChunk(gzip, chunk as Buffer);
      await writeChunk(gzip, '\\.\n');
      rows[name] = copy.rowCount;
    }
    await writeChunk(gzip, `\\end ${JSON.stringify({ rows })}\n`);
    gzip.end();
    await written;
    await client.query('commit');
    await rename(partial, file);
    const total = Object.values(rows).reduce((sum, count) => sum + count, 0);
    log(
      `Backed up ${header.tables.length} tables (${total} rows) at migration ${migrations.count} to ${file}.`,
    );
    return { header, rows };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await client.end();
  }
}

/** The header of a backup file, without reading the rest. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  try {
    for await (const line of lines) return parseHeader(line);
    throw new BackupError(`${file} is empty.`);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(
      `${file} is not a Kinetic backup (${error instanceof Error ? error.message : String(error)}).`,
    );
  } finally {
    lines.close();
  }
}

function parseHeader(line: string): BackupHeader {
  let header: Partial<BackupHeader>;
  try {
    header = JSON.parse(line) as Partial<BackupHeader>;
  } catch {
    throw new BackupError('The file is not a Kinetic backup (its first line is not a backup header).');
  }
  if (header.format !== BACKUP_FORMAT) throw new BackupError('The file is not a Kinetic backup.');
  if (header.version !== BACKUP_VERSION)
    throw new BackupError(
      `The backup is format version ${header.version}; this Kinetic reads version ${BACKUP_VERSION}.`,
    );
  return header as BackupHeader;
}

/**
 * Refuses a backup this code cannot restore: one taken at a migration this code does not have (a newer
 * Kinetic) — restore it with that version, or update first.
 */
export function assertRestorable(header: BackupHeader, migrations = codeMigrations()): void {
  const latest = header.migrations.latest;
  const codeLatest = migrations.at(-1);
  const known = latest && migrations.findIndex((migration) => migration.folderMillis === latest.createdAt);
  if (
    header.migrations.count > migrations.length ||
    (latest && codeLatest && latest.createdAt > codeLatest.folderMillis)
  )
    throw new BackupError(
      `The backup comes from a newer Kinetic (migration ${header.migrations.count}; this one has ${migrations.length}): update Kinetic before restoring it.`,
    );
  if (latest && known === -1)
    throw new BackupError(
      `The backup's last migration (${new Date(latest.createdAt).toISOString()}) is not one of this Kinetic's migrations: restore it with the version that wrote it.`,
    );
}

/** Whether the database already holds Kinetic (or any) tables in the schemas a restore writes. */
async function existingTables(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname = any($1)`,
    [[...BACKED_UP_SCHEMAS, 'pgboss']],
  );
  return rows[0]?.n ?? 0;
}

/** Migrates to exactly the backup's level: a copy of the migrations folder whose journal stops there. */
async function migrateTo(url: string, level: MigrationLevel): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), 'kinetic-restore-'));
  try {
    const journal = JSON.parse(
      await readFile(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
    ) as {
      entries: Array<{ when: number; tag: string }>;
    };
    const entries = level.latest
      ? journal.entries.filter((entry) => entry.when <= level.latest!.createdAt)
      : [];
    await mkdir(path.join(folder, 'meta'));
    await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const entry of entries)
      await copyFile(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      await migrate(drizzle(pool), { migrationsFolder: folder });
    } finally {
      await pool.end();
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Restores `file` into the database at `url`, which must be empty (or `force`: its Kinetic schemas are
 * dropped first) and which nobody else may be connected to (a running server). Migrates to the backup's
 * level, then loads every table in one transaction (foreign keys checked as rows arrive, in the order the
 * backup wrote them: referenced tables first); a file cut short rolls everything back. Start Kinetic
 * afterwards: it migrates on to its own latest level.
 */
export async function restoreDatabase(
  url: string,
  file: string,
  options: { force?: boolean; log?: Log } = {},
): Promise<{ header: BackupHeader; rows: Record<string, number> }> {
  const log = options.log ?? (() => {});
  const header = await readBackupHeader(file);
  assertRestorable(header);

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await assertSeesEveryRow(client);
    const others = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    if ((others.rows[0]?.n ?? 0) > 0)
      throw new BackupError(
        `${others.rows[0]?.n} other connection(s) are open to this database (is Kinetic running?): stop the server before restoring.`,
      );
    if ((await existingTables(client)) > 0) {
      if (!options.force)
        throw new BackupError(
          'The database is not empty: restore into an empty database, or add --force to replace everything in it.',
        );
      log('--force: dropping the Kinetic schemas (public, drizzle, pgboss) of this database.');
      await client.query(
        'drop schema if exists public cascade; drop schema if exists drizzle cascade; drop schema if exists pgboss cascade; create schema public',
      );
    }
  } catch (error) {
    await client.end();
    throw error;
  }

  try {
    await migrateTo(url, header.migrations);
    const level = await migrationLevel(client);
    if (level.count !== header.migrations.count)
      throw new BackupError(
        `Migrating to the backup's level applied ${level.count} migrations; the backup records ${header.migrations.count}.`,
      );
    const rows = await loadTables(client, file, header);
    const total = Object.values(rows).reduce((sum, count) => sum + count, 0);
    log(
      `Restored ${header.tables.length} tables (${total} rows) at migration ${header.migrations.count} from ${file}.`,
    );
    await client.query('analyze');
    return { header, rows };
  } finally {
    await client.end();
  }
}

const FLUSH_BYTES = 256 * 1024;

async function loadTables(
  client: pg.Client,
  file: string,
  header: BackupHeader,
): Promise<Record<string, number>> {
  const tables = new Map(header.tables.map((table) => [`${table.schema}.${table.name}`, table]));
  const rows: Record<string, number> = {};
  let expected: Record<string, number> | undefined;
  await client.query('begin');
  // Opened just before it is read: readline drops the lines it reads before the loop starts listening.
  let lines: ReturnType<typeof createInterface> | undefined;
  try {
    await client.query(`set local client_encoding = 'UTF8'`);
    // The migrate step wrote its own record of the migrations; the backup's replaces it.
    await client.query(`delete from ${MIGRATIONS_TABLE}`);
    let first = true;
    let copy: ReturnType<typeof copyFrom> | undefined;
    let current = '';
    let buffer: string[] = [];
    let buffered = 0;
    const flush = async () => {
      if (!copy || buffer.length === 0) return;
      const chunk = buffer.join('');
      buffer = [];
      buffered = 0;
      await writeChunk(copy, chunk);
    };
    lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
    for await (const line of lines) {
      if (first) {
        first = false;
        continue;
      }
      if (copy) {
        if (line === '\\.') {
          await flush();
          const done = once(copy, 'finish');
          copy.end();
          await done;
          rows[current] = copy.rowCount;
          copy = undefined;
        } else {
          buffer.push(line, '\n');
          buffered += line.length + 1;
          if (buffered >= FLUSH_BYTES) await flush();
        }
        continue;
      }
      if (line.startsWith('\\copy ')) {
        current = line.slice('\\copy '.length);
        const table = tables.get(current);
        if (!table) throw new BackupError(`The backup holds ${current}, which its header does not list.`);
        const columns = table.columns.map(quoteIdent).join(', ');
        copy = client.query(copyFrom(`copy ${qualified(table)} (${columns}) from stdin`));
      } else if (line.startsWith('\\end ')) {
        expected = (JSON.parse(line.slice('\\end '.length)) as { rows: Record<string, number> }).rows;
      } else if (line !== '') {
        throw new BackupError(`Unexpected line in the backup: ${line.slice(0, 60)}`);
      }
    }
    if (copy || !expected)
      throw new BackupError(`${file} is cut short (no end marker): nothing was restored.`);
    for (const [name, count] of Object.entries(expected))
      if (rows[name] !== count)
        throw new BackupError(
          `${name}: the backup lists ${count} rows but ${rows[name] ?? 0} were read: nothing was restored.`,
        );
    await resetSequences(client);
    // pg-boss's jobs are not in the backup: an email that was waiting for a retry starts over, so the
    // outbox sweep hands it to the new job queue (it picks up pending emails never tried).
    if (tables.has('public.email_outbox'))
      await client.query(`update email_outbox set attempts = 0 where status = 'pending' and attempts > 0`);
    await client.query('commit');
    return rows;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    lines?.close();
  }
}

/** Every sequence owned by a restored column continues after the largest value restored. */
async function resetSequences(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<{ sequence: string; table: string; column: string }>(
    `select s.oid::regclass::text as sequence, t.oid::regclass::text as table, a.attname as column
       from pg_class s
       join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.deptype in ('a', 'i')
       join pg_class t on t.oid = d.refobjid
       join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
       join pg_namespace n on n.oid = t.relnamespace
      where s.relkind = 'S' and n.nspname = any($1)`,
    [BACKED_UP_SCHEMAS],
  );
  for (const row of rows)
    await client.query(
      `select setval($1::regclass, coalesce((select max(${quoteIdent(row.column)}) from ${row.table}), 0) + 1, false)`,
      [row.sequence],
    );
}
