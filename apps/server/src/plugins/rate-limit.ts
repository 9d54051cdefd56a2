import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { tooManyRequests } from './errors.ts';

export interface RateLimitRule {
  key: string;
  limit: number;
  windowSeconds: number;
  message: string;
}

/** Counts one event in a fixed window (in PostgreSQL, so every server process shares it). */
export async function countEvent(tx: Executor, rule: RateLimitRule): Promise<number> {
  const result = await tx.execute<{ count: number }>(sql`
    insert into rate_limits (key, count, window_started_at) values (${rule.key}, 1, now())
    on conflict (key) do update set
      count = case when rate_limits.window_started_at < now() - make_interval(secs => ${rule.windowSeconds})
                   then 1 else rate_limits.count + 1 end,
      window_started_at = case when rate_limits.window_started_at < now() - make_interval(secs => ${rule.windowSeconds})
                   then now() else rate_limits.window_started_at end
    returning count`);
  return Number(result.rows[0]?.count ?? 0);
}

/** Throws 429 when the window already holds `limit` events. */
export async function assertUnderLimit(tx: Executor, rule: RateLimitRule): Promise<void> {
  const result = await tx.execute<{ count: number }>(sql`
    select count from rate_limits
    where key = ${rule.key} and window_started_at >= now() - make_interval(secs => ${rule.windowSeconds})`);
  const count = Number(result.rows[0]?.count ?? 0);
  if (count >= rule.limit) throw tooManyRequests(rule.message);
}

/** Counts the event, then throws 429 if it went over the limit. */
export async function consumeLimit(tx: Executor, rule: RateLimitRule): Promise<void> {
  if ((await countEvent(tx, rule)) > rule.limit) throw tooManyRequests(rule.message);
}

export async function clearLimit(tx: Executor, key: string): Promise<void> {
  await tx.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Counts of one event removed again (a login that turned out right must not use up the address's budget). */
export async function undoEvent(tx: Executor, key: string): Promise<void> {
  await tx.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

/**
 * The address a limit is kept for. IPv6 clients usually hold a whole /64 and can rotate within it,
 * so they share one bucket per /64.
 */
export function addressKey(ip: string): string {
  const address = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = Math.max(0, 8 - headGroups.length - tailGroups.length);
  const groups = address.includes('::') ? [...headGroups, ...Array(missing).fill('0'), ...tailGroups] : headGroups;
  return `${groups.slice(0, 4).map((group) => group.toLowerCase().replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
