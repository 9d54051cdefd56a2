import type { QueryClient } from '@tanstack/react-query';
import { isRoleId } from '@kinetic/shared';
import { checkCompanyQueryOptions } from '../features/accounts/api/check-company.ts';
import { meQueryOptions } from '../features/accounts/api/get-me.ts';
import { publicCompanyQueryOptions } from '../features/public-company/api/get-public-company.ts';
import { hasSession } from '../shell/session.ts';

/**
 * The answers the client group's first pages wait for, asked for as soon as the app runs rather than once
 * the page's chunk has loaded and rendered (issue 11 §7): the login's company check and branding
 * (`usePublicPage`), the client area's branding and account (client shell). The same queries as the
 * pages' hooks, so the pages find the answers in the cache, or already on their way. Only a head start:
 * the routes still decide what the address shows.
 */
export function prefetchFirstPageData(queryClient: QueryClient, pathname: string): void {
  const segments = pathname.split('/').filter(Boolean);
  const [company, roleId, area] = segments;
  if (!company || !isRoleId(roleId)) return;
  if (segments.at(-1) === 'login') {
    void queryClient.prefetchQuery(checkCompanyQueryOptions(company, roleId));
    void queryClient.prefetchQuery(publicCompanyQueryOptions(company));
  } else if (segments.length === 3 && area === 'client' && hasSession()) {
    void queryClient.prefetchQuery(publicCompanyQueryOptions(company));
    void queryClient.prefetchQuery(meQueryOptions());
  }
}
