import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import type { BurstInput, HttpLoadOutput, LoopInput } from './http-load.ts';

/** The load generator's thread (see `http-load.ts`). */
const input = workerData as LoopInput | BurstInput;
const samples: string[] = [];
const note = (sample: string) => {
  if (samples.length < 5) samples.push(sample);
};
const describe = (error: unknown) =>
  error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error);

async function loop(run: LoopInput): Promise<HttpLoadOutput> {
  let errors = 0;
  let warmupNon2xx = 0;
  const pass = async (seconds: number, latencies: number[] | null, statuses: number[] | null) => {
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: run.connections }, async () => {
        while (performance.now() < until) {
          const sent = performance.now();
          try {
            const response = await fetch(run.url, { headers: run.headers });
            const body = await response.text();
            if (latencies && statuses) {
              latencies.push(performance.now() - sent);
              statuses.push(response.status);
            } else if (response.status < 200 || response.status > 299) warmupNon2xx += 1;
            if (response.status < 200 || response.status > 299)
              note(`${response.status} ${body.slice(0, 200)}`);
          } catch (error) {
            errors += 1;
            note(describe(error));
          }
        }
      }),
    );
  };
  await pass(run.warmupSeconds, null, null);
  const latencies: number[] = [];
  const statuses: number[] = [];
  const started = performance.now();
  await pass(run.durationSeconds, latencies, statuses);
  const seconds = (performance.now() - started) / 1000;
  return {
    seconds,
    latencies: Float64Array.from(latencies),
    statuses,
    messages: [],
    errors,
    warmupNon2xx,
    samples,
  };
}

async function burst(run: BurstInput): Promise<HttpLoadOutput> {
  const statuses = run.requests.map(() => 0);
  const messages = run.requests.map(() => '');
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    run.requests.map(async (request, index) => {
      const sent = performance.now();
      try {
        const response = await fetch(request.url, {
          method: request.method,
          headers: request.headers,
          body: request.body,
        });
        const body = (await response.json()) as { message?: string };
        latencies.push(performance.now() - sent);
        statuses[index] = response.status;
        messages[index] = response.status === 200 ? '' : (body.message ?? '');
      } catch (error) {
        errors += 1;
        note(describe(error));
      }
    }),
  );
  return {
    seconds: (performance.now() - started) / 1000,
    latencies: Float64Array.from(latencies),
    statuses,
    messages,
    errors,
    warmupNon2xx: 0,
    samples,
  };
}

parentPort?.postMessage(input.mode === 'loop' ? await loop(input) : await burst(input));
