import { eq, sql } from 'drizzle-orm';
import { withPlatform, type Database } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import { platformUsers } from '../../db/schema/index.ts';
import { hashPassword } from '../../plugins/passwords.ts';

/** The demo's platform (uber) admin, with the demo password (seedDemo creates it). */
export const DEMO_PLATFORM_EMAIL = 'platform@demo.test';

/** The first platform (uber) user comes from UBER_ADMIN_EMAIL / UBER_ADMIN_PASSWORD; created once. */
export async function ensurePlatformAdmin(db: Database, email: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await withPlatform(db, (tx) =>
    tx
      .insert(platformUsers)
      .values({ id: generateId(), email: email.toLowerCase(), name: 'Platform admin', passwordHash })
      .onConflictDoNothing(),
  );
}

/**
 * Whether the database holds a business besides the demo ones: a studio's real data (signed up next to
 * the demo, or restored from a backup into the embedded database).
 */
export async function holdsRealBusinesses(db: Database, demoSlugs: readonly string[]): Promise<boolean> {
  const { rows } = await withPlatform(db, (tx) =>
    tx.execute<{ real: boolean }>(
      sql`select exists (select 1 from companies where slug <> all(${sql.param([...demoSlugs])}::text[])) as real`,
    ),
  );
  return rows[0]?.real === true;
}

/**
 * The demo platform admin's password is printed and published: beside a real business it would let
 * anyone suspend it or open a support session in it. It is removed (its sessions with it) as soon as
 * a real business shares the database. Answers whether there was one to remove.
 */
export async function retireDemoPlatformAdmin(db: Database): Promise<boolean> {
  const removed = await withPlatform(db, (tx) =>
    tx
      .delete(platformUsers)
      .where(eq(platformUsers.email, DEMO_PLATFORM_EMAIL))
      .returning({ id: platformUsers.id }),
  );
  return removed.length > 0;
}
