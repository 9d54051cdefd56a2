import type { PublicCompanyDto } from '@kinetic/shared';
import { withPlatform, type Database } from '../../db/client.ts';
import { notFound } from '../../plugins/errors.ts';
import { findCompanyBySlug } from '../accounts/accounts.repo.ts';
import { uploadUrl } from '../uploads/uploads.storage.ts';
import { assertCompanyAvailable } from '../platform/suspension.ts';

/**
 * The company a public address names (`/api/public/{company}/…`, no session); an unknown one is a 404
 * saying so. Slugs are the one platform-wide key; the row read is the company's own, nothing tenant-owned.
 */
export async function companyBySlug(db: Database, slug: string) {
  const company = await withPlatform(db, (tx) => findCompanyBySlug(tx, slug));
  if (!company) throw notFound(`We could not find a business at “${slug}”. Check the address.`);
  // A suspended company's public pages say it is unavailable (issue 18 §2), a 403 the web shows as such.
  assertCompanyAvailable(company);
  return company;
}

/** A company's public face, read by the slug in a public page's address (no session). */
export async function getPublicCompany(db: Database, slug: string): Promise<PublicCompanyDto> {
  const company = await companyBySlug(db, slug);
  return {
    id: company.id,
    slug: company.slug,
    name: company.name,
    kind: company.kind,
    logoUrl: company.logo ? uploadUrl(company.logo) : null,
    locale: company.locale,
    email: company.email,
    phone: company.phone,
    address: company.address,
  };
}
