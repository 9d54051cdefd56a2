import { Alert, Anchor, Box, Stack } from '@mantine/core';
import { Link, useLocation, useParams } from 'react-router';
import { ClientBookingPanel } from '../features/bookings/client-booking-panel.tsx';
import { clientRoleOf } from '@kinetic/shared';
import { usePublicCompany } from '../features/public-company/api/get-public-company.ts';
import { usePublicClassInstance } from '../features/schedule/api/get-public-class-instance.ts';
import { ClassSummary } from '../features/schedule/class-summary.tsx';
import { hasSession } from '../shell/session.ts';
import { PageLoader } from '../ui/page-loader.tsx';
import { usePageTitle } from '../ui/use-page-title.ts';
import { widgetHome, widgetPackagesPath } from './widget-paths.ts';

/**
 * `/{company}/widget/classes/details/{classInstanceId}`: a class with booking, inside the widget (a page
 * of the main app: booking uses its forms). Log in and sign up come back here (`?next=`), so a visitor
 * books without leaving the studio's site. A solo instructor's clients use the solo-client group.
 */
export function WidgetClassPage() {
  const { company = '', classInstanceId = '' } = useParams();
  const here = useLocation().pathname;
  const instance = usePublicClassInstance(company, classInstanceId);
  const kind = usePublicCompany(company).data?.kind ?? 'company';
  usePageTitle(instance.data ? instance.data.templateName : 'Class details');
  return (
    <>
      <Box component="main" id="main" p="sm">
        <Stack gap="md">
          {/* The schedule is the widget's own page (widget.html): a page load, not this app's navigation. */}
          <Anchor href={widgetHome(company)} size="sm">
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
              <ClientBookingPanel
                company={company}
                item={instance.data}
                returnTo={here}
                clientRole={clientRoleOf(kind)}
              />
              {hasSession() ? (
                <Anchor component={Link} to={widgetPackagesPath(company, kind, here)} size="sm">
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
