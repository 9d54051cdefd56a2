import { Alert, Anchor, Box, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { ClientBookingPanel } from '../features/bookings/client-booking-panel.tsx';
import { usePublicCompany } from '../features/public-company/api/get-public-company.ts';
import { CompanyBrand } from '../features/public-company/company-branding.tsx';
import { usePublicClassInstance } from '../features/schedule/api/get-public-class-instance.ts';
import { ClassSummary } from '../features/schedule/class-summary.tsx';
import { Timetable } from '../features/schedule/timetable.tsx';
import { PageLoader } from '../ui/page-loader.tsx';
import { usePageTitle } from '../ui/use-page-title.ts';

/** The widget's own addresses: everything it opens stays under `/{company}/widget` (framable, see the server). */
export const widgetHome = (company: string) => `/${company}/widget`;
export const widgetClassPath = (company: string, classInstanceId: string) =>
  `/${company}/widget/classes/details/${classInstanceId}`;

/**
 * `/{company}/widget` and `/{company}/widget/{widgetStudioId}` (spec §2): the studio's schedule, day by
 * day, compact for a studio's own site. A class opens inside the widget. The list is the Timetable, fed
 * by its one hook (usePublicClassInstances): events join the list there when they exist.
 */
export function WidgetSchedulePage() {
  const { company = '', widgetStudioId } = useParams();
  const [search, setSearch] = useSearchParams();
  const brand = usePublicCompany(company);
  usePageTitle(brand.data ? `Book at ${brand.data.name}` : 'Book a class');
  // A studio's own widget opens on that studio (the timetable keeps its filter in `studioId`).
  useEffect(() => {
    if (widgetStudioId && !search.has('studioId')) {
      setSearch((params) => ({ ...Object.fromEntries(params), studioId: widgetStudioId }), { replace: true });
    }
  }, [widgetStudioId, search, setSearch]);
  return (
    <>
      <Box component="main" id="main" p="sm">
        <Stack gap="sm">
          {brand.isError ? (
            <Alert color="red" role="alert" title="This booking page could not be found">
              {brand.error.message}
            </Alert>
          ) : null}
          {brand.data ? <CompanyBrand company={brand.data} align="start" logoHeight={32} /> : null}
          <Stack gap={2}>
            <Title order={1} size="h3">
              Book a class
            </Title>
            <Text size="sm" c="dimmed">
              Times are the studio’s local times. Open a class to book it.
            </Text>
          </Stack>
          <Timetable company={company} detailsPath={(id) => widgetClassPath(company, id)} />
        </Stack>
      </Box>
    </>
  );
}

/**
 * `/{company}/widget/classes/details/{classInstanceId}`: a class with booking, inside the widget. Log in
 * and sign up come back here (`?next=`), so a visitor books without leaving the studio's site.
 */
export function WidgetClassPage() {
  const { company = '', classInstanceId = '' } = useParams();
  const here = useLocation().pathname;
  const instance = usePublicClassInstance(company, classInstanceId);
  usePageTitle(instance.data ? instance.data.templateName : 'Class details');
  return (
    <>
      <Box component="main" id="main" p="sm">
        <Stack gap="md">
          <Anchor component={Link} to={widgetHome(company)} size="sm">
            All classes
          </Anchor>
          {instance.isError ? (
            <Alert color="red" role="alert" title="This class could not be found">
              {instance.error.message}
            </Alert>
          ) : !instance.data ? (
            <PageLoader />
          ) : (
            <>
              <ClassSummary item={instance.data} />
              <ClientBookingPanel company={company} item={instance.data} returnTo={here} />
            </>
          )}
        </Stack>
      </Box>
    </>
  );
}
