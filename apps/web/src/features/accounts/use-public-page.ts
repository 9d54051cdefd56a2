import { useLocation } from 'react-router';
import type { PublicCompanyDto } from '@kinetic/shared';
import { ApiError } from '../../api/client.ts';
import { publicPrefixFor, type PublicPrefix } from '../../shell/login-path.ts';
import { usePublicCompany } from '../public-company/api/get-public-company.ts';
import { useCheckCompany } from './api/check-company.ts';

export type PublicPageState =
  | { status: 'loading'; prefix: PublicPrefix }
  | { status: 'not-found'; prefix: PublicPrefix }
  | { status: 'error'; prefix: PublicPrefix; message: string }
  | {
      status: 'ready';
      prefix: PublicPrefix;
      companyId: string | undefined;
      brand: string;
      /** The company's logo and contact details; null on root pages or when they could not be read. */
      company: PublicCompanyDto | null;
    };

/**
 * A public page under /{company}/{roleId}/ belongs to that company: checkCompany (spec §7) gives its id
 * for the login and reset calls, and a company that does not exist or does not take that role is a 404.
 */
export function usePublicPage(): PublicPageState {
  const prefix = publicPrefixFor(useLocation().pathname);
  const company = useCheckCompany(prefix.company, prefix.roleId);
  // Read alongside, so the page opens once with its logo instead of jumping when it arrives.
  const branding = usePublicCompany(prefix.company);
  if (!prefix.company) return { status: 'ready', prefix, companyId: undefined, brand: 'Kinetic', company: null };
  if (company.isPending || branding.isPending) return { status: 'loading', prefix };
  if (company.isError) {
    if (company.error instanceof ApiError && company.error.statusCode === 404)
      return { status: 'not-found', prefix };
    return { status: 'error', prefix, message: company.error.message };
  }
  return {
    status: 'ready',
    prefix,
    companyId: company.data.companyId,
    brand: company.data.companyName,
    company: branding.data ?? null,
  };
}
