import { withPlatform, type Database } from '../../db/client.ts';
import { notFound } from '../../plugins/errors.ts';
import { findCompanyBySlug } from '../accounts/accounts.repo.ts';

/** The company a public address names (`/api/public/{company}/…`); an unknown one is a 404 saying so. */
export async function publicCompanyId(db: Database, slug: string): Promise<string> {
  // Slugs are the one platform-wide key; only the company's own row is read here.
  const company = await withPlatform(db, (tx) => findCompanyBySlug(tx, slug));
  if (!company) throw notFound(`We could not find a business at “${slug}”. Check the address.`);
  return company.id;
}
