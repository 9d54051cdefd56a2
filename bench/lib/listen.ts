import type { FastifyInstance } from 'fastify';

export interface RunningServer {
  /** Origin without a trailing slash, e.g. http://127.0.0.1:41234 */
  origin: string;
}

/** Listens on a free loopback port: benchmarks never leave the machine or collide on a port. */
export async function listenOnLoopback(app: FastifyInstance): Promise<RunningServer> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('The server has no TCP address.');
  return { origin: `http://127.0.0.1:${address.port}` };
}
