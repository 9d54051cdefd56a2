import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const readJson = <T>(file: string) => JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8')) as T;
const rootPackage = readJson<{ engines: { node: string } }>('package.json');
const lock = readJson<{ packages: Record<string, { engines?: { node?: string } | string[] }> }>('package-lock.json');

describe('installed packages and the supported Node version', () => {
  it('every package in the lock file runs on the oldest Node the README promises (npm ci prints no EBADENGINE)', () => {
    const oldest = semver.minVersion(rootPackage.engines.node);
    expect(oldest?.version).toBe('20.19.0');
    const refusing = Object.entries(lock.packages).flatMap(([name, entry]) => {
      const range = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
      if (!name || !range || !oldest) return [];
      return semver.satisfies(oldest, range) ? [] : [`${name} needs node ${range}`];
    });
    expect(refusing).toEqual([]);
  });
});
