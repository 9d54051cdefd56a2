import { Alert, Box, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { usePublicCompany } from '../features/public-company/api/get-public-company.ts';
import { CompanyBrand } from '../features/public-company/company-branding.tsx';
import { Timetable } from '../features/schedule/timetable.tsx';
import { usePageTitle } from '../ui/use-page-title.ts';
import { widgetClassPath } from './widget-paths.ts';

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
