import { Alert, Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { CLIENT_ROLES, isObjectId } from '@kinetic/shared';
import { ApiError } from '../../api/client.ts';
import { Link, useLocation, useParams } from 'react-router';
import { hasSession, readHostType } from '../../shell/session.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { ClientBookingPanel } from '../bookings/client-booking-panel.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { CompanyBrand } from '../public-company/company-branding.tsx';
import { usePublicCompany } from '../public-company/api/get-public-company.ts';
import { usePublicClassInstance } from './api/get-public-class-instance.ts';
import { ClassSummary } from './class-summary.tsx';

/**
 * A class as anyone with the company's link sees it (spec §2 public and solo-client pages): read only,
 * no team notes. Visitors are asked to log in to book; a signed-in client books, cancels or answers an offer.
 */
export function PublicClassDetailsPage() {
  const { company = '', classInstanceId = '', roleId = 'client' } = useParams();
  // A signed-in client of this studio gets the way back to their own pages (this page is public).
  const me = useMe({ enabled: hasSession() });
  const ownClient =
    me.data &&
    (CLIENT_ROLES as readonly string[]).includes(me.data.user.roleId) &&
    me.data.company.slug.toLowerCase() === company.toLowerCase();
  const brand = usePublicCompany(company);
  // An id that cannot be one is not found without asking the server.
  const instance = usePublicClassInstance(company, isObjectId(classInstanceId) ? classInstanceId : '');
  usePageTitle(instance.data ? instance.data.templateName : 'Class details');
  // The solo-instructor variant's solo-client group holds only this page (spec §2): no timetable to go back to.
  const soloClientUnderInstructor =
    useLocation().pathname.includes('/solo-client/') && readHostType() === 'solo-instructor';
  const withTimetable = !soloClientUnderInstructor;
  return (
    <Container size="sm" py="lg" component="main" id="main">
      <Stack gap="md">
        {brand.data ? <CompanyBrand company={brand.data} align="start" /> : null}
        <Group gap="md">
          {withTimetable ? (
            <Anchor component={Link} to="../.." relative="path" size="sm">
              All classes
            </Anchor>
          ) : null}
          {ownClient && !soloClientUnderInstructor ? (
            <Anchor component={Link} to={`/${company}/${roleId}/client`} size="sm">
              My calendar
            </Anchor>
          ) : null}
        </Group>
        <ClassDetailsBody company={company} classInstanceId={classInstanceId} instance={instance} />
      </Stack>
    </Container>
  );
}

/**
 * A class address that leads nowhere: a mistyped or cut link (not a class id at all), or a class that is not
 * this studio's or no longer on the timetable. The page still has its heading, and says it in a client's
 * words rather than the server's ("classInstanceId: Must be a valid id").
 */
function ClassNotFound() {
  return (
    <Stack gap="xs">
      <Title order={1}>This class could not be found</Title>
      <Text>The link may be mistyped or cut short, or the class is no longer on the timetable.</Text>
    </Stack>
  );
}

/** The class and what the signed-in client can do about it; the public page and the client's own pages share it. */
function ClassDetailsBody({
  company,
  classInstanceId,
  instance,
}: {
  company: string;
  classInstanceId: string;
  instance: ReturnType<typeof usePublicClassInstance>;
}) {
  if (!isObjectId(classInstanceId)) return <ClassNotFound />;
  if (instance.isError) {
    const status = instance.error instanceof ApiError ? instance.error.statusCode : 0;
    if (status === 404 || status === 400) return <ClassNotFound />;
    return (
      <>
        <Title order={1}>Class details</Title>
        <Alert color="red" role="alert" title="This class could not be loaded">
          {instance.error.message}
        </Alert>
      </>
    );
  }
  return !instance.data ? (
    <PageLoader />
  ) : (
    <>
      <ClassSummary item={instance.data} />
      <ClientBookingPanel company={company} item={instance.data} />
    </>
  );
}

/**
 * The same class inside the client's own pages (`{company}/{roleId}/client/classes/details/{id}`): the
 * client shell around it keeps their menu (Calendar, Packages, Waiver…) in reach.
 */
export function ClientClassDetailsPage() {
  const { company = '', classInstanceId = '', roleId = 'client' } = useParams();
  // An id that cannot be one is not found without asking the server.
  const instance = usePublicClassInstance(company, isObjectId(classInstanceId) ? classInstanceId : '');
  usePageTitle(instance.data ? instance.data.templateName : 'Class details');
  return (
    <Stack gap="md">
      <Anchor component={Link} to={`/${company}/${roleId}/client`} size="sm">
        Back to the calendar
      </Anchor>
      <ClassDetailsBody company={company} classInstanceId={classInstanceId} instance={instance} />
    </Stack>
  );
}
