import { useState } from 'react';
import { Alert, Anchor, Box, Button, Container, Group } from '@mantine/core';
import { Link, Navigate, NavLink, Outlet, useLocation, useParams } from 'react-router';
import { isClientRole } from '@kinetic/shared';
import { PageLoader } from '../ui/page-loader.tsx';
import { usePublicCompany } from '../features/public-company/api/get-public-company.ts';
import { CompanyBrand, CompanyFooter } from '../features/public-company/company-branding.tsx';
import { usePublicAppointmentTypes } from '../features/appointment-booking/api/appointment-booking-api.ts';
import { useAccount } from './use-account.ts';
import { isForeignArea, ownAreaPath } from './own-area.ts';
import { useEndSession } from './use-end-session.ts';
import { useRouteFocus } from './use-route-focus.ts';

/**
 * The client group's frame (spec §2): the studio's logo and name, the client's pages, Logout, and a
 * footer with the studio's contact details.
 */
export function ClientShell() {
  const params = useParams();
  const { company, roleId } = params;
  const base = `/${company}/${roleId}/client`;
  const account = useAccount();
  const endSession = useEndSession();
  const [loggingOut, setLoggingOut] = useState(false);
  const mainRef = useRouteFocus<HTMLDivElement>();
  const branding = usePublicCompany(company);
  // Private sessions are in the menu only when the studio offers some (issue 17 §3).
  const privateSessions = usePublicAppointmentTypes(company ?? '');
  const { pathname } = useLocation();
  const inSettings =
    pathname.startsWith(`${base}/settings`) && !pathname.startsWith(`${base}/settings/packages`);

  if (account.isPending || account.expired) return <PageLoader />;
  if (account.isError) {
    return (
      <Alert color="red" role="alert" m="md" title="Your account could not be loaded">
        {account.error.message} Reload the page to try again.
      </Alert>
    );
  }
  const { user } = account.data;
  const area = { companySlug: account.data.company.slug, roleId: user.roleId };
  if (!isClientRole(user.roleId) || isForeignArea(params, area)) {
    return <Navigate to={ownAreaPath(area)} replace />;
  }

  const logout = () => {
    setLoggingOut(true);
    void endSession({ callServer: true });
  };

  return (
    <>
      <Box component="header" className="client-header">
        <Container size="md" py="sm">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <CompanyBrand
              align="start"
              logoHeight={40}
              company={{ name: account.data.company.name, logoUrl: branding.data?.logoUrl ?? null }}
            />
            <Button variant="default" size="sm" onClick={logout} loading={loggingOut}>
              Logout
            </Button>
          </Group>
          <Group component="nav" aria-label="Client menu" gap="md" mt="xs" style={{ rowGap: 0 }}>
            {/* Marked by hand: a class page belongs to the calendar too. */}
            <Anchor
              component={Link}
              to={base}
              className="client-nav-link"
              aria-current={pathname === base || pathname.startsWith(`${base}/classes/`) ? 'page' : undefined}
            >
              Calendar
            </Anchor>
            {privateSessions.data && privateSessions.data.items.length > 0 ? (
              // The booking page is public (no shell): it has its own way back to the calendar.
              <Anchor component={Link} to={`${base}/app/appointments`} className="client-nav-link">
                Private sessions
              </Anchor>
            ) : null}
            <Anchor component={NavLink} to={`${base}/settings/packages`} className="client-nav-link">
              Packages
            </Anchor>
            {/* A plain link marked by hand: Packages is a settings page too, and has its own entry above. */}
            <Anchor
              component={Link}
              to={`${base}/settings`}
              className="client-nav-link"
              aria-current={inSettings ? 'page' : undefined}
            >
              Settings
            </Anchor>
            <Anchor component={NavLink} to={`${base}/profile/${user.id}`} className="client-nav-link">
              My Profile
            </Anchor>
          </Group>
        </Container>
      </Box>
      <Container size="md" py="lg" component="main" id="main" ref={mainRef} tabIndex={-1}>
        <Outlet />
      </Container>
      {branding.data ? <CompanyFooter company={branding.data} /> : null}
    </>
  );
}
