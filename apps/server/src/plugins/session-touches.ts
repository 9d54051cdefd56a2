import { inArray, sql } from 'drizzle-orm';
import { withPlatform, type Database } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';

export interface SessionTouches {
  /** Notes that a session was used; its last-use time is written with the next flush. */
  add(sessionId: string): void;
  /** Writes every noted last use now (also called on shutdown). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Last use of sessions, written off the request path: requests only note the session id, and one
 * UPDATE every `intervalMs` records them all. A process that dies loses at most one interval of
 * last-use times, which only inform (expiry is fixed at login), never authorise.
 */
export function startSessionTouches(
  db: Database,
  { intervalMs = 15_000, log = (_error: unknown) => {} } = {},
): SessionTouches {
  let pending = new Set<string>();
  let running: Promise<void> = Promise.resolve();
  const flush = () => {
    running = running.then(async () => {
      if (pending.size === 0) return;
      const ids = [...pending];
      pending = new Set();
      await withPlatform(db, (tx) =>
        tx.update(sessions).set({ lastUsedAt: sql`now()` }).where(inArray(sessions.id, ids)),
      ).catch(log);
    });
    return running;
  };
  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();
  return {
    add: (sessionId) => {
      pending.add(sessionId);
    },
    flush,
    stop: async () => {
      clearInterval(timer);
      await flush();
    },
  };
}
