// `npm start`: build the web app when its sources are newer than the last build, then run the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');

function newestChange(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [path.join(root, 'apps/web'), path.join(root, 'packages/shared/src')];
// WEB_DIST_DIR names a build of one's own: then there is nothing here to build.
const stale =
  !process.env.WEB_DIST_DIR &&
  (!existsSync(builtIndex) || Math.max(...sources.map(newestChange)) > statSync(builtIndex).mtimeMs);
if (stale) {
  console.log('Building the web app ...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
  env: { DATA_DIR: path.join(root, 'data'), ...process.env },
});
// The server stops itself (and its database) on these signals; this wrapper only waits for it.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

// `npm start` stopped by its PID (a process manager, `kill`): npm exits without passing the signal on,
// and this wrapper is handed to another parent. Then stop the server as if the signal had come here.
const parent = process.ppid;
const watchParent = setInterval(() => {
  if (process.ppid !== parent) {
    clearInterval(watchParent);
    server.kill('SIGTERM');
  }
}, 500);
watchParent.unref();
