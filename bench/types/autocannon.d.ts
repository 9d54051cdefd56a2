declare module 'autocannon' {
  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Worker threads that generate the load, off the main thread's event loop. */
    workers?: number;
    /** Seconds before a request counts as a timeout. */
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  }

  export interface Histogram {
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    total: number;
  }

  export interface Result {
    url: string;
    connections: number;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    /** Requests per second, sampled once a second. */
    requests: Histogram & { sent: number };
    /** Milliseconds. */
    latency: Histogram;
    throughput: Histogram;
  }

  export default function autocannon(options: Options): PromiseLike<Result>;
}
