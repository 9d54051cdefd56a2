import Fastify from 'fastify';
import type { Resources } from './resources.ts';
import { listenOnLoopback, type RunningServer } from './listen.ts';

/** Bare Fastify answering GET /health with { status: 1 }: the ceiling Kinetic's figures are read against. */
export async function startBaseline(resources: Resources): Promise<RunningServer> {
  const app = Fastify({ logger: false });
  app.get('/health', async () => ({ status: 1 }));
  resources.add(() => app.close());
  return listenOnLoopback(app);
}
