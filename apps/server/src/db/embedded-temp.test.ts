import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inPrivateTemp, startEmbeddedPostgres } from './embedded.ts';

const parent = await mkdtemp(path.join(tmpdir(), 'kinetic-init-test-'));
afterAll(() => rm(parent, { recursive: true, force: true }));

describe('creating the embedded database', () => {
  it('runs initdb with its password file in a private 0700 folder, never in the shared temp folder', async () => {
    const shared = tmpdir();
    const seen = new Set<string>();
    let watching = true;
    const watch = (async () => {
      while (watching) {
        for (const name of await readdir(shared)) if (name.startsWith('pg-password-')) seen.add(name);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const database = await startEmbeddedPostgres(path.join(parent, 'data', 'postgres'));
    watching = false;
    await watch;
    await database.stop();
    expect([...seen]).toEqual([]);
    // Nothing is left behind beside the data either.
    expect(
      (await readdir(path.join(parent, 'data'))).filter((name) => name.startsWith('.kinetic-init-')),
    ).toEqual([]);
  }, 120_000);

  it('gives the work a fresh 0700 temp folder, then removes it and restores the temp folder', async () => {
    const before = tmpdir();
    const inside = await inPrivateTemp(parent, undefined, async () => {
      const folder = tmpdir();
      await writeFile(path.join(folder, 'secret'), 'x');
      return { folder, mode: (await stat(folder)).mode & 0o777 };
    });
    expect(inside.folder.startsWith(path.join(parent, '.kinetic-init-'))).toBe(true);
    expect(inside.mode).toBe(0o700);
    await expect(stat(inside.folder)).rejects.toThrow();
    expect(tmpdir()).toBe(before);
  });
});
