import { useEffect, useRef, useState } from 'react';
import { Alert, AppShell, Burger, Group, Image, ScrollArea, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { PageLoader } from '../ui/page-loader.tsx';
import { AccountHeader } from './account-header.tsx';
import { AdminNav } from './admin-nav.tsx';
import { isClientRole } from '@kinetic/shared';
import { isForeignArea, ownAreaPath } from './own-area.ts';
import { useAccount } from './use-account.ts';
import { useAppBase, useIsSolo } from './use-app-base.ts';
import { useEndSession } from './use-end-session.ts';
import { useRouteFocus } from './use-route-focus.ts';
import { SupportSessionBanner } from '../features/platform/support-session-banner.tsx';

/** The company-admin and solo-instructor application frame (spec §2). */
export function AdminShell() {
  const [opened, setOpened] = useState(false);
  const burgerRef = useRef<HTMLButtonElement>(null);
  // The menu closes when a navigation happens, not when an item is chosen: a navigation the
  // "Leave without saving?" question stops (Stay) leaves the menu open, with focus back on the item.
  const { key: locationKey } = useLocation();
  const [shownKey, setShownKey] = useState(locationKey);
  if (shownKey !== locationKey) {
    setShownKey(locationKey);
    setOpened(false);
  }
  // Below the `sm` breakpoint a closed menu is only moved off screen; inert keeps it out of the tab order.
  const narrow = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [loggingOut, setLoggingOut] = useState(false);
  const base = useAppBase();
  const solo = useIsSolo();
  const account = useAccount();
  const endSession = useEndSession();
  const params = useParams();
  const mainRef = useRouteFocus<HTMLElement>();

  // Escape closes the open menu on a narrow screen and puts focus back on the menu button. A dialog on
  // top (the unsaved-changes question) answers Escape itself.
  useEffect(() => {
    if (!opened || !narrow) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (event.target instanceof Element && event.target.closest('[role="dialog"]')) return;
      setOpened(false);
      burgerRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [opened, narrow]);

  if (account.isPending || account.expired) return <PageLoader />;
  if (account.isError) {
    return (
      <Alert color="red" role="alert" m="md" title="Your account could not be loaded">
        {account.error.message} Reload the page to try again.
      </Alert>
    );
  }
  const { user, company } = account.data;
  const area = { companySlug: company.slug, roleId: user.roleId };
  // Clients have no admin app; another company's (or another kind of role's) address is not this session's.
  if (isClientRole(user.roleId) || isForeignArea(params, area)) {
    return <Navigate to={ownAreaPath(area)} replace />;
  }

  const logout = () => {
    setLoggingOut(true);
    void endSession({ callServer: true });
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              ref={burgerRef}
              opened={opened}
              onClick={() => setOpened((current) => !current)}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? 'Close the menu' : 'Open the menu'}
              aria-expanded={opened}
              aria-controls="admin-navigation"
            />
            {company.logoUrl ? <Image src={company.logoUrl} alt="" h={32} w="auto" fit="contain" /> : null}
            <Text fw={700} truncate>
              {company.name}
            </Text>
          </Group>
          <AccountHeader
            userName={user.name}
            accountPath={`${base}/account`}
            onLogout={logout}
            loggingOut={loggingOut}
          />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar id="admin-navigation" aria-label="Main menu" p="xs" inert={narrow && !opened}>
        <AppShell.Section grow component={ScrollArea}>
          <AdminNav base={base} solo={solo} can={account.data.can} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id="main" ref={mainRef} tabIndex={-1}>
        <SupportSessionBanner companyId={company.id} />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
