import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `node src/main.ts` as its own process (a real start: config, migrations, jobs, listen). */
export function spawnServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', SMTP_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * The address a starting server (or `npm start`) prints in "Kinetic is running at …", once `ready` agrees
 * with everything printed so far; rejects with the output if the process exits first.
 */
export function announcedUrl(
  child: ChildProcess,
  ready: (output: string) => boolean = () => true,
): Promise<{ url: string; output: () => string }> {
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Kinetic is running at (\S+)/.exec(output);
      if (match?.[1] && ready(output)) resolve({ url: match[1], output: () => output });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
}

/** SIGTERM, and the exit code once it has stopped. */
export function stopProcess(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}
