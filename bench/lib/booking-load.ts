import { Worker } from 'node:worker_threads';

/** One simulated client: the server it talks to and the classes it tries to book, in order. */
export interface BookingClient {
  clientId: string;
  origin: string;
  classIds: string[];
}

export interface BookingLoadInput {
  /** A team member's bearer token: the studio books each client (`{ clientId }`). */
  token: string;
  clients: BookingClient[];
}

export interface BookingLoadOutput {
  /** Wall-clock seconds from the first request sent to the last answer read. */
  seconds: number;
  /** Milliseconds, one per answered request (connection errors have none). */
  latencies: Float64Array;
  /** HTTP status → answers. */
  statusCounts: Record<string, number>;
  /** `booked` / `waitlisted` for a 200, `409 <message>` (or another status) otherwise. */
  answers: Record<string, number>;
  /** Connection errors and timeouts: no answer at all. */
  errors: number;
  /** The first few unexpected answers or errors, to say what went wrong. */
  samples: string[];
}

/**
 * Runs every client's attempts at once over real HTTP, from a worker thread so the load generator does
 * not share the event loop of an in-process server (it still shares the machine's cores).
 */
export function runBookingLoad(input: BookingLoadInput): Promise<BookingLoadOutput> {
  // Node 20 does not hand tsx's loader to workers: the worker registers it, then imports its TypeScript.
  const file = new URL('./booking-worker.ts', import.meta.url).href;
  const code = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file)}); })`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: input });
    let answered = false;
    worker.once('message', (output: BookingLoadOutput) => {
      answered = true;
      resolve(output);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`The load generator stopped (exit ${code}) without an answer.`));
    });
  });
}
