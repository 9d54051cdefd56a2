// `npm run backup [-- FILE]` and `npm run restore -- FILE [--force]` (docs/operations.md).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BackupError, backupDatabase, restoreDatabase } from './backup.ts';
import { resolveDatabase } from './database-target.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const USAGE = 'Usage: npm run backup [-- FILE]   |   npm run restore -- FILE [--force]';

function defaultBackupFile(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  return path.join('backups', `kinetic-${stamp}.backup.gz`);
}

async function run(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const force = rest.includes('--force');
  const files = rest.filter((arg) => !arg.startsWith('--'));
  const unknown = rest.filter((arg) => arg.startsWith('--') && arg !== '--force');
  if (unknown.length > 0 || files.length > 1)
    throw new BackupError(`${USAGE}\nNot understood: ${[...unknown, ...files.slice(1)].join(' ')}`);
  // The data folder `npm start` uses (DATA_DIR, or ./data at the repository's root).
  const defaultDataDir = path.join(ROOT, 'data');
  if (command === 'backup') {
    if (force) throw new BackupError(USAGE);
    const file = path.resolve(files[0] ?? defaultBackupFile());
    const target = await resolveDatabase(process.env, defaultDataDir);
    console.log(`Backing up ${target.description} ...`);
    try {
      await backupDatabase(target.url, file, (line) => console.log(line));
    } finally {
      await target.release();
    }
  } else if (command === 'restore') {
    const file = files[0];
    if (!file) throw new BackupError(`${USAGE}\nName the backup file to restore.`);
    const target = await resolveDatabase(process.env, defaultDataDir, { create: true });
    console.log(`Restoring ${path.resolve(file)} into ${target.description} ...`);
    try {
      await restoreDatabase(target.url, path.resolve(file), { force, log: (line) => console.log(line) });
    } finally {
      await target.release();
    }
    console.log('Start Kinetic as usual: it migrates the restored database on to its own latest level.');
  } else {
    throw new BackupError(USAGE);
  }
}

run(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof BackupError ? error.message : error);
    process.exit(1);
  },
);
