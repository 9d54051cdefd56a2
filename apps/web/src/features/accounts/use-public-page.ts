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

/** checkCompany's refusal: an unknown company (or one without that role) is a 404, anything else an error. */
function refusal(
  prefix: PublicPrefix,
  error: Error,
): { status: 'not-found'; prefix: PublicPrefix } | { status: 'error'; prefix: PublicPrefix; message: string } {
  if (error instanceof ApiError && error.statusCode === 404) return { status: 'not-found', prefix };
  return { status: 'error', prefix, message: error.message };
}

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
  if (company.isError) return refusal(prefix, company.error);
  return {
    status: 'ready',
    prefix,
    companyId: company.data.companyId,
    brand: company.data.companyName,
    company: branding.data ?? null,
  };
}

/**
 * For a page that draws before its company's answers are in (the login: issue 11 §7): null while the
 * company is being checked or once it is known, else what checkCompany refused. Subscribes to the check
 * alone, so its arrival re-renders only the component that asks.
 */
export function useCompanyRefusal(prefix: PublicPrefix): ReturnType<typeof refusal> | null {
  const company = useCheckCompany(prefix.company, prefix.roleId);
  return company.isError ? refusal(prefix, company.error) : null;
}
