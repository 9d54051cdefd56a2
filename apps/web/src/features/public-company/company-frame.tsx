import type { PublicCompanyDto } from '@kinetic/shared';
import { CompanyBrand, CompanyFooter } from './company-branding.tsx';

/** The header and footer a company's public account pages put around their card (`AuthLayout`). */
export function companyFrame(company: PublicCompanyDto | null) {
  if (!company) return {};
  return { header: <CompanyBrand company={company} />, footer: <CompanyFooter company={company} /> };
}
