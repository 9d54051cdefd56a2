import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import type { BookingLoadInput, BookingLoadOutput } from './booking-load.ts';

/**
 * The load generator's thread (see `booking-load.ts`): one loop per simulated client, each sending its
 * booking attempts one after another over its own keep-alive connection, all loops at once.
 */
const input = workerData as BookingLoadInput;
const statusCounts: Record<string, number> = {};
const answers: Record<string, number> = {};
const latencies = new Float64Array(input.clients.reduce((sum, client) => sum + client.classIds.length, 0));
let measured = 0;
let errors = 0;
const samples: string[] = [];
const note = (sample: string) => {
  if (samples.length < 5) samples.push(sample);
};

const started = performance.now();
await Promise.all(
  input.clients.map(async ({ clientId, origin, classIds }) => {
    for (const classId of classIds) {
      const sent = performance.now();
      try {
        const response = await fetch(`${origin}/api/class-instances/${classId}/bookings`, {
          method: 'POST',
          headers: { authorization: `Bearer ${input.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ clientId }),
        });
        const body = (await response.json()) as { data?: { status?: string }; message?: string };
        latencies[measured] = performance.now() - sent;
        measured += 1;
        statusCounts[response.status] = (statusCounts[response.status] ?? 0) + 1;
        if (response.status === 200) {
          const status = body.data?.status ?? 'unknown';
          answers[status] = (answers[status] ?? 0) + 1;
        } else {
          const key = `${response.status} ${body.message ?? ''}`;
          answers[key] = (answers[key] ?? 0) + 1;
          if (response.status !== 409) note(key);
        }
      } catch (error) {
        errors += 1;
        note(error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error));
      }
    }
  }),
);
const output: BookingLoadOutput = {
  seconds: (performance.now() - started) / 1000,
  latencies: latencies.slice(0, measured),
  statusCounts,
  answers,
  errors,
  samples,
};
parentPort?.postMessage(output);
