import { Worker } from 'node:worker_threads';

/** GET one URL from `connections` loops at once: a warm-up, then `durationSeconds` measured. */
export interface LoopInput {
  mode: 'loop';
  url: string;
  headers: Record<string, string>;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
}

/** Send every request at the same moment (one connection each) and wait for all the answers. */
export interface BurstInput {
  mode: 'burst';
  requests: { url: string; method: 'POST'; headers: Record<string, string>; body: string }[];
}

export interface HttpLoadOutput {
  /** Wall-clock seconds of the measured part: from the first request sent to the last answer read. */
  seconds: number;
  /** Milliseconds per answered request of the measured part, in the order they answered. */
  latencies: Float64Array;
  /** HTTP status of each answer of the measured part (burst: in the order of `requests`, 0 = no answer). */
  statuses: number[];
  /** Burst: each answer's `message` (empty for a 200). */
  messages: string[];
  /** Connection errors and timeouts, warm-up included. */
  errors: number;
  /** Answers outside 2xx during the warm-up (a loop's measured ones are in `statuses`). */
  warmupNon2xx: number;
  samples: string[];
}

/**
 * Runs the load from a worker thread (as `booking-load.ts` does), so the client does not share the event
 * loop of the in-process server; it still shares the machine's cores. Latencies are kept per request,
 * so any percentile can be read (autocannon's histogram has no p95).
 */
export function runHttpLoad(input: LoopInput | BurstInput): Promise<HttpLoadOutput> {
  // Node 20 does not hand tsx's loader to workers: the worker registers it, then imports its TypeScript.
  const file = new URL('./http-worker.ts', import.meta.url).href;
  const code = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file)}); })`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: input });
    let answered = false;
    worker.once('message', (output: HttpLoadOutput) => {
      answered = true;
      resolve(output);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (exitCode) => {
      if (!answered) reject(new Error(`The load generator stopped (exit ${exitCode}) without an answer.`));
    });
  });
}

/** The value at `share` (0–1) of sorted latencies, nearest rank. */
export function percentile(sorted: Float64Array | number[], share: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * share) - 1));
  return sorted[rank] ?? 0;
}
