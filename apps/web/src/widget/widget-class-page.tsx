import { Alert, Anchor, Box, Stack } from '@mantine/core';
import { Link, useLocation, useParams } from 'react-router';
import { ClientBookingPanel } from '../features/bookings/client-booking-panel.tsx';
import { usePublicClassInstance } from '../features/schedule/api/get-public-class-instance.ts';
import { ClassSummary } from '../features/schedule/class-summary.tsx';
import { hasSession } from '../shell/session.ts';
import { PageLoader } from '../ui/page-loader.tsx';
import { usePageTitle } from '../ui/use-page-title.ts';
import { widgetHome } from './widget-paths.ts';

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
              {hasSession() ? (
                <Anchor
                  component={Link}
                  to={`/${company}/client/client/settings/packages?${new URLSearchParams({ next: here }).toString()}`}
                  size="sm"
                >
                  Buy a class pack
                </Anchor>
              ) : null}
            </>
          )}
        </Stack>
      </Box>
    </>
  );
}
