import { useEffect, useRef } from 'react';
import { Anchor, Box, Button, Container, Group, Text } from '@mantine/core';
import { Navigate, NavLink, Outlet, type RouteObject } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/client.ts';
import { DescendantRoutes } from '../../app/app-router.tsx';
import { clearSession, hasSession, readHostType } from '../../shell/session.ts';
import { useRouteFocus } from '../../shell/use-route-focus.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { platformLogout, usePlatformMe } from './api/platform-api.ts';
import { AuditLogPage } from './audit-log-page.tsx';
import { CompaniesPage } from './companies-page.tsx';
import { CompanyPage } from './company-page.tsx';
import { clearPlatformSession, openInNewRouteSet, readStoredPlatformSession } from './platform-session.ts';
import classes from './platform-area.module.css';

/** Ends the platform session here (and on the server when asked), then the login page. */
function useEndPlatformSession() {
  const queryClient = useQueryClient();
  return async (callServer: boolean) => {
    if (callServer) await platformLogout().catch(() => undefined);
    clearSession();
    clearPlatformSession();
    queryClient.clear();
    openInNewRouteSet('/login');
  };
}

function PlatformLayout() {
  const me = usePlatformMe();
  const endSession = useEndPlatformSession();
  const mainRef = useRouteFocus<HTMLElement>();
  const gone = me.error instanceof ApiError && me.error.statusCode === 401;
  const ended = useRef(false);
  useEffect(() => {
    if (gone && !ended.current) {
      ended.current = true;
      void endSession(false);
    }
  }, [gone, endSession]);
  const name = me.data?.email ?? readStoredPlatformSession()?.platformUser.email ?? '';

  return (
    <Box mih="100vh" bg="gray.0">
      <Box component="header" className={classes.header}>
        <Container size="xl" py="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="md" wrap="wrap">
              <Text fw={800} c="kinetic.8">
                Kinetic platform
              </Text>
              <Group component="nav" aria-label="Platform" gap="xs" wrap="wrap">
                <Anchor component={NavLink} to="/platform" end className={classes.navLink}>
                  Companies
                </Anchor>
                <Anchor component={NavLink} to="/platform/audit" className={classes.navLink}>
                  Audit log
                </Anchor>
              </Group>
            </Group>
            <Group gap="xs" wrap="wrap">
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Text>
              <Button variant="default" size="xs" onClick={() => void endSession(true)}>
                Log out
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>
      <main id="main" ref={mainRef} tabIndex={-1} className={classes.main}>
        <Container size="xl" py="md">
          {gone ? <PageLoader /> : <Outlet />}
        </Container>
      </main>
    </Box>
  );
}

const platformRouteTable: RouteObject[] = [
  {
    element: <PlatformLayout />,
    children: [
      { index: true, element: <CompaniesPage /> },
      { path: 'companies/:companyId', element: <CompanyPage /> },
      { path: 'audit', element: <AuditLogPage /> },
      { path: '*', element: <Navigate to="/platform" replace /> },
    ],
  },
];

/** Issue 18 §2: the platform (uber) area at `/platform`, for a platform session only. */
export function PlatformArea() {
  if (!hasSession() || readHostType() !== 'uber') return <Navigate to="/login" replace />;
  return <DescendantRoutes routes={platformRouteTable} />;
}
