import { Center, Stack, Text, Title } from '@mantine/core';
import { Outlet, useOutlet, useParams } from 'react-router';
import { COMPANY_UNAVAILABLE_MESSAGE, COMPANY_UNAVAILABLE_REASON } from '@kinetic/shared';
import { ApiError } from '../../api/client.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { usePublicCompany } from './api/get-public-company.ts';

/** The server's answer for a suspended company (issue 18 §2): a 403 whose `errors.reason` says so. */
export const isCompanyUnavailable = (error: unknown): boolean =>
  error instanceof ApiError && error.statusCode === 403 && error.errors.reason === COMPANY_UNAVAILABLE_REASON;

/** What a suspended company's public pages show instead of a broken page. */
export function CompanyUnavailablePage() {
  usePageTitle('Unavailable');
  return (
    <Center component="main" id="main" mih="70vh" p="md">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Title order={1}>{COMPANY_UNAVAILABLE_MESSAGE}</Title>
        <Text c="dimmed">Its pages, bookings and logins are closed for now. Please try again later.</Text>
      </Stack>
    </Center>
  );
}

/**
 * Whether the company in the address (`:company`) is suspended. The public company's answer is read by
 * most of these pages anyway (one request, cached); nothing waits for it: only its refusal changes the page.
 */
export function useCompanyUnavailable(): boolean {
  const { company } = useParams();
  const branding = usePublicCompany(company);
  return isCompanyUnavailable(branding.error);
}

/** A layout route for the widget's pages: the unavailable page instead of a suspended company's pages. */
export function CompanyAvailableOutlet() {
  const unavailable = useCompanyUnavailable();
  const outlet = useOutlet();
  if (unavailable) return <CompanyUnavailablePage />;
  return outlet ?? <Outlet />;
}
