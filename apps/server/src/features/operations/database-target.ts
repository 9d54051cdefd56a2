import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../db/embedded.ts';
import { BackupError } from './backup.ts';

export interface DatabaseTarget {
  url: string;
  /** How it was reached, for the one line the command prints. */
  description: string;
  /** Stops what was started for the command (the embedded server when no Kinetic server was running). */
  release(): Promise<void>;
}

/** The postmaster's pid and port while PostgreSQL runs on `dir` (its postmaster.pid), or undefined. */
export async function runningPostmaster(dir: string): Promise<{ pid: number; port: number } | undefined> {
  const text = await readFile(path.join(dir, 'postmaster.pid'), 'utf8').catch(() => undefined);
  if (!text) return undefined;
  const lines = text.split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return undefined;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user (the postgres system user when Kinetic runs as root).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  return { pid, port };
}

/**
 * The database `npm run backup` / `npm run restore` work on, as the server would choose it: DATABASE_URL
 * when set; otherwise the embedded database in DATA_DIR/postgres — reached on its port while a Kinetic
 * server runs it (its postmaster.pid), or started for the command and stopped after.
 */
export async function resolveDatabase(
  env: NodeJS.ProcessEnv,
  defaultDataDir: string,
  { create = false }: { create?: boolean } = {},
): Promise<DatabaseTarget> {
  const databaseUrl = env.DATABASE_URL?.trim();
  if (databaseUrl) {
    const shown = new URL(databaseUrl);
    shown.password = shown.password ? '***' : '';
    return { url: databaseUrl, description: `DATABASE_URL (${shown.toString()})`, release: async () => {} };
  }
  const dir = path.resolve(env.DATA_DIR?.trim() || defaultDataDir, 'postgres');
  const running = await runningPostmaster(dir);
  if (running) {
    const password = (await readFile(`${dir}.password`, 'utf8')).trim();
    return {
      url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${running.port}/postgres`,
      description: `the embedded database in ${dir} (running, port ${running.port})`,
      release: async () => {},
    };
  }
  if (!create && !existsSync(path.join(dir, 'PG_VERSION')))
    throw new BackupError(
      `There is no database in ${dir}: set DATA_DIR to Kinetic's data folder, or DATABASE_URL.`,
    );
  const embedded = await startEmbeddedPostgres(dir, { notice: () => {} });
  process.on('exit', embedded.killNow);
  return {
    url: embedded.url,
    description: `the embedded database in ${dir} (started for this command)`,
    release: async () => {
      await embedded.stop();
      process.removeListener('exit', embedded.killNow);
    },
  };
}
