import autocannon from 'autocannon';

export interface LoadOptions {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
}

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  /** Whole milliseconds, rounded down (autocannon's histogram resolution). */
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  /** Connection errors and timeouts, warm-up included: a broken warm-up spoils the run too. */
  errors: number;
  /** Answers with another status than the one expected (2xx unless the target names one). */
  non2xx: number;
}

export function loadOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): LoadOptions {
  return {
    connections: positiveInteger(env, 'BENCH_CONNECTIONS', 10),
    warmupSeconds: positiveInteger(env, 'BENCH_WARMUP', 2),
    durationSeconds: positiveInteger(env, 'BENCH_DURATION', 10),
  };
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a positive integer (got ${JSON.stringify(raw)}).`);
  return value;
}

/** Warms `url` up, then measures it; loopback GETs only. `expectedStatus` for a target that answers, say, 404 on purpose. */
export async function measure(
  name: string,
  url: string,
  options: LoadOptions,
  headers: Record<string, string> = {},
  expectedStatus?: number,
): Promise<LoadResult> {
  const base = {
    url,
    headers,
    connections: options.connections,
    // The load generator gets its own thread so it does not share the event loop of the in-process server.
    workers: 1,
  };
  const warmup = await autocannon({ ...base, duration: options.warmupSeconds });
  const result = await autocannon({ ...base, duration: options.durationSeconds });
  return {
    name,
    requestsPerSecond: result.requests.mean,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: warmup.errors + result.errors,
    non2xx: expectedStatus === undefined ? warmup.non2xx + result.non2xx : unexpected(warmup, expectedStatus) + unexpected(result, expectedStatus),
  };
}

function unexpected(result: { statusCodeStats?: unknown }, expectedStatus: number): number {
  const stats = (result as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
  return Object.entries(stats).reduce((sum, [code, { count }]) => (Number(code) === expectedStatus ? sum : sum + count), 0);
}
