import { useState } from 'react';
import { Alert, Anchor, Box, Button, Container, Group, Text } from '@mantine/core';
import { NavLink, Outlet, useParams } from 'react-router';
import { PageLoader } from '../ui/page-loader.tsx';
import { useAccount } from './use-account.ts';
import { useEndSession } from './use-end-session.ts';

/** The client group's frame (spec §2): the studio's name, the client's pages and Logout. */
export function ClientShell() {
  const { company, roleId } = useParams();
  const base = `/${company}/${roleId}/client`;
  const account = useAccount();
  const endSession = useEndSession();
  const [loggingOut, setLoggingOut] = useState(false);

  if (account.isPending || account.expired) return <PageLoader />;
  if (account.isError) {
    return (
      <Alert color="red" role="alert" m="md" title="Your account could not be loaded">
        {account.error.message} Reload the page to try again.
      </Alert>
    );
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
            <Text fw={700} truncate>
              {account.data.company.name}
            </Text>
            <Button variant="default" size="sm" onClick={logout} loading={loggingOut}>
              Logout
            </Button>
          </Group>
          <Group component="nav" aria-label="Client menu" gap="md" mt="xs">
            <Anchor component={NavLink} to={base} end className="client-nav-link">
              Calendar
            </Anchor>
            <Anchor component={NavLink} to={`${base}/settings/account-details`} className="client-nav-link">
              Account details
            </Anchor>
          </Group>
        </Container>
      </Box>
      <Container size="md" py="lg" component="main" id="main">
        <Outlet />
      </Container>
    </>
  );
}
