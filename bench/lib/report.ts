import { cpus } from 'node:os';
import type { LoadOptions, LoadResult } from './load.ts';

export function describeRun(options: LoadOptions): string {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  return (
    `Node ${process.version}, ${cpus().length} × ${cpu}; ${options.connections} connections, ` +
    `${options.warmupSeconds} s warm-up + ${options.durationSeconds} s measured per target`
  );
}

/** Columns padded to their widest cell (the first left-aligned, the rest right-aligned) under a rule. */
export function textTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

/** A plain-text table; the last column is each target's requests/s over the baseline's. */
export function formatTable(results: LoadResult[], baseline: LoadResult): string {
  const header = [
    'target',
    'req/s (mean)',
    'p50 ms',
    'p99 ms',
    'requests',
    'errors',
    'non-2xx',
    'vs baseline',
  ];
  const rows = results.map((r) => [
    r.name,
    r.requestsPerSecond.toFixed(0),
    milliseconds(r.latencyP50Ms),
    milliseconds(r.latencyP99Ms),
    String(r.requests),
    String(r.errors),
    String(r.non2xx),
    `${ratio(r, baseline).toFixed(2)}×`,
  ]);
  return textTable(header, rows);
}

/** autocannon's latency histogram keeps whole milliseconds, rounded down, so 0 means under 1 ms. */
function milliseconds(value: number): string {
  return value < 1 ? '<1' : value.toFixed(0);
}

export function ratio(result: LoadResult, baseline: LoadResult): number {
  return baseline.requestsPerSecond > 0 ? result.requestsPerSecond / baseline.requestsPerSecond : 0;
}

/** Why the run cannot be trusted, one line per broken target; empty when every request succeeded. */
export function failures(results: LoadResult[]): string[] {
  return results.flatMap((r) => {
    if (r.errors > 0 || r.non2xx > 0)
      return [`${r.name}: ${r.errors} error(s), ${r.non2xx} non-2xx response(s)`];
    if (r.requests === 0) return [`${r.name}: no request completed`];
    return [];
  });
}
