import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => wanted.length === 0 || wanted.includes(file.replace(/\.bench\.ts$/, '')))
  .sort();

if (files.length === 0) {
  console.error(`No benchmark matches ${wanted.join(', ')}.`);
  process.exit(1);
}

let failed = 0;
for (const file of files) {
  // One process per benchmark: no heap, JIT or leftover connection carries over from the previous one.
  const child = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, file)], { stdio: 'inherit' });
  if (child.status !== 0) failed += 1;
  console.log('');
}
process.exit(failed === 0 ? 0 : 1);
