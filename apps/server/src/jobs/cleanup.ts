import { sql } from 'drizzle-orm';
import { withPlatform, type Database } from '../db/client.ts';
import { anonymiseDueAccounts } from '../features/account-deletion/account-deletion.service.ts';

/** Deletes what no longer matters: expired sessions and links, stale counters, old delivered mail and idempotency keys. */
export async function removeExpiredRecords(db: Database): Promise<void> {
  await withPlatform(db, async (tx) => {
    await tx.execute(sql`delete from sessions where expires_at < now()`);
    await tx.execute(sql`delete from password_reset_tokens where expires_at < now() - interval '1 day'`);
    await tx.execute(sql`delete from rate_limits where window_started_at < now() - interval '1 day'`);
    await tx.execute(sql`delete from email_outbox where status = 'sent' and sent_at < now() - interval '30 days'`);
    // A retry comes within seconds or minutes; a day later the same key is a new request.
    await tx.execute(sql`delete from idempotency_keys where created_at < now() - interval '1 day'`);
  });
  // Clients who asked to delete their account and whose grace period has run out.
  await anonymiseDueAccounts(db);
}
