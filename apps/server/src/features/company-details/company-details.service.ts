import type { CompanyDetailsDto } from '@kinetic/shared';
import { withTenant, type Database } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import { findCompanyById, type CompanyRow } from '../accounts/accounts.repo.ts';
import { uploadUrl } from '../uploads/uploads.storage.ts';
import { updateCompanyDetails, type CompanyDetailsUpdate } from './company-details.repo.ts';

export function toCompanyDetailsDto(company: CompanyRow): CompanyDetailsDto {
  return {
    id: company.id,
    slug: company.slug,
    kind: company.kind,
    name: company.name,
    email: company.email,
    phone: company.phone,
    address: company.address,
    timeZone: company.timeZone,
    currency: company.currency,
    locale: company.locale,
    logo: company.logo,
    logoUrl: company.logo ? uploadUrl(company.logo) : null,
  };
}

export async function getCompanyDetails(db: Database, actor: Actor): Promise<CompanyDetailsDto> {
  const company = await withTenant(db, actor.companyId, (tx) => findCompanyById(tx, actor.companyId));
  if (!company) throw notFound('Your company no longer exists.');
  return toCompanyDetailsDto(company);
}

export async function saveCompanyDetails(
  db: Database,
  actor: Actor,
  values: CompanyDetailsUpdate,
): Promise<CompanyDetailsDto> {
  const company = await withTenant(db, actor.companyId, (tx) => updateCompanyDetails(tx, actor.companyId, values));
  if (!company) throw notFound('Your company no longer exists.');
  return toCompanyDetailsDto(company);
}
