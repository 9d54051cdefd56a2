import { queryOptions, useQuery } from '@tanstack/react-query';
import { setMoneyLocale, type PublicCompanyDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

export const publicCompanyQueryKey = (company: string) => [company.toLowerCase(), 'public-company'] as const;

/** `GET /api/public/{company}`: the name, logo and contact details any visitor may see. */
export const getPublicCompany = async (company: string) => {
  const found = await apiRequest<PublicCompanyDto>(`public/${encodeURIComponent(company)}`, {
    silent: true,
    showLoader: false,
    // A page without the company's branding still works; it never needs an error toast.
    inlineErrors: true,
  });
  setMoneyLocale(found.locale);
  return found;
};

export const publicCompanyQueryOptions = (company: string) =>
  queryOptions({
    queryKey: publicCompanyQueryKey(company),
    queryFn: () => getPublicCompany(company),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** The company named in a public or client page's address; idle without one. */
export function usePublicCompany(company: string | null | undefined) {
  return useQuery({ ...publicCompanyQueryOptions(company ?? ''), enabled: Boolean(company) });
}
