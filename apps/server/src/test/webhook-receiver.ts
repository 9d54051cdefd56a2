import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  json: { id: string; type: string; createdAt: string; companyId: string; data: Record<string, unknown> };
  at: Date;
}

/**
 * A real HTTP receiver on 127.0.0.1 keeping every request; `answers` (status codes) are used in turn,
 * then 200 for the rest.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const answers: number[] = [];
  const waiters: (() => void)[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: request.headers, body, json: JSON.parse(body), at: new Date() });
      const status = answers.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status < 300 ? 'ok, thanks' : `error ${status}`);
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: (path = '/hooks') => `http://127.0.0.1:${port}${path}`,
    received,
    answers,
    /** The requests whose payload matches, waited for (up to `timeoutMs`) until there are `count`. */
    async waitFor(match: (hook: ReceivedWebhook) => boolean, count = 1, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.filter(match);
        if (found.length >= count) return found;
        if (Date.now() > deadline)
          throw new Error(
            `waited for ${count} webhook(s); got ${received.map((hook) => hook.json.type).join(', ')}`,
          );
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Five minutes: a signature further than this from the receiver's clock is refused (replays). */
export const TOLERANCE_SECONDS = 300;

/**
 * The verification docs/architecture.md tells receivers to do: recompute HMAC-SHA256(secret, "<t>.<raw
 * body>"), compare in constant time, and refuse a timestamp more than 5 minutes away.
 */
export function verifySignature(header: string, body: string, secret: string, now = new Date()): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
