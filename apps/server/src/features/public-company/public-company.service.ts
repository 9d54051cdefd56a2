import type { PublicCompanyDto } from '@kinetic/shared';
import { withPlatform, type Database } from '../../db/client.ts';
import { notFound } from '../../plugins/errors.ts';
import { findCompanyBySlug } from '../accounts/accounts.repo.ts';
import { uploadUrl } from '../uploads/uploads.storage.ts';

/** A company's public face, read by the slug in a public page's address (no session). */
export async function getPublicCompany(db: Database, slug: string): Promise<PublicCompanyDto> {
  // Slugs are the one platform-wide key; the row read is the company's own, nothing tenant-owned.
  const company = await withPlatform(db, (tx) => findCompanyBySlug(tx, slug));
  if (!company) throw notFound(`We could not find a business at “${slug}”. Check the address.`);
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
