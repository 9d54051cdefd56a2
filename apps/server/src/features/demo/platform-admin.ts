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
