import { useLocation } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { publicPrefixFor, type PublicPrefix } from '../../shell/login-path.ts';
import { useCheckCompany } from './api/check-company.ts';

export type PublicPageState =
  | { status: 'loading'; prefix: PublicPrefix }
  | { status: 'not-found'; prefix: PublicPrefix }
  | { status: 'error'; prefix: PublicPrefix; message: string }
  | { status: 'ready'; prefix: PublicPrefix; companyId: string | undefined; brand: string };

/**
 * A public page under /{company}/{roleId}/ belongs to that company: checkCompany (spec §7) gives its id
 * for the login and reset calls, and a company that does not exist or does not take that role is a 404.
 */
export function usePublicPage(): PublicPageState {
  const prefix = publicPrefixFor(useLocation().pathname);
  const company = useCheckCompany(prefix.company, prefix.roleId);
  if (!prefix.company) return { status: 'ready', prefix, companyId: undefined, brand: 'Kinetic' };
  if (company.isPending) return { status: 'loading', prefix };
  if (company.isError) {
    if (company.error instanceof ApiError && company.error.statusCode === 404)
      return { status: 'not-found', prefix };
    return { status: 'error', prefix, message: company.error.message };
  }
  return { status: 'ready', prefix, companyId: company.data.companyId, brand: company.data.companyName };
}
