import { eq, sql } from 'drizzle-orm';
import type { EmbedSettingsAnswer, SaveEmbedSettingsValues } from '@kinetic/shared';
import { withPlatform, withTenant, type Database } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import { findCompanyById, findCompanyBySlug } from '../accounts/accounts.repo.ts';

export async function getEmbedSettings(db: Database, actor: Actor): Promise<EmbedSettingsAnswer> {
  return withTenant(db, actor.companyId, async (tx) => {
    const company = await findCompanyById(tx, actor.companyId);
    if (!company) throw notFound('Your company no longer exists.');
    return { slug: company.slug, embedOrigins: company.embedOrigins };
  });
}

export async function saveEmbedSettings(
  db: Database,
  actor: Actor,
  values: SaveEmbedSettingsValues,
): Promise<EmbedSettingsAnswer> {
  return withTenant(db, actor.companyId, async (tx) => {
    const [row] = await tx
      .update(companies)
      .set({ embedOrigins: values.embedOrigins, updatedAt: sql`now()` })
      .where(eq(companies.id, actor.companyId))
      .returning({ slug: companies.slug, embedOrigins: companies.embedOrigins });
    if (!row) throw notFound('Your company no longer exists.');
    return row;
  });
}

/** The sites a company lets frame its widget, by the `{company}` segment of a widget address (none if unknown). */
export async function embedOriginsOf(db: Database, slug: string): Promise<string[]> {
  if (!/^[a-z0-9-]{1,80}$/i.test(slug)) return [];
  const company = await withPlatform(db, (tx) => findCompanyBySlug(tx, slug));
  return company?.embedOrigins ?? [];
}
