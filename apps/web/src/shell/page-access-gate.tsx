import { Box } from '@mantine/core';
import { Outlet, type Params } from 'react-router';
import { useRouteHandles } from '../app/app-router.tsx';
import { useMe } from '../features/accounts/api/get-me.ts';
import { ComingSoonPage } from './coming-soon-page.tsx';
import { pageAccess, pageTitleFor, whoMayUse } from './menu.ts';
import { NoAccessPage } from './no-access-page.tsx';
import { useAppBase, useIsSolo } from './use-app-base.ts';

/** A route's `handle`: which menu or settings item it belongs to, so the one gate can ask `me.can`. */
export interface PageAccessHandle {
  access: { area: 'menu' | 'settings'; key: string | ((params: Params) => string | undefined) };
}

function isAccessHandle(handle: unknown): handle is PageAccessHandle {
  return typeof handle === 'object' && handle !== null && 'access' in handle;
}

/**
 * Every admin page passes here first: a page the role may not use says so (and who may) before it
 * could say "Coming soon", built or not. The shell has loaded `me` before this renders; a full-screen
 * page outside the shell (`standalone`: the door screen, the kiosk) opens until `me` says otherwise (the
 * door screen must come back offline, from the service worker, without `me`).
 */
export function PageAccessGate({ standalone = false }: { standalone?: boolean }) {
  const matches = useRouteHandles();
  const me = useMe();
  const solo = useIsSolo();
  const base = useAppBase();
  const match = matches.findLast((candidate) => isAccessHandle(candidate.handle));
  if (!match || !me.data || !isAccessHandle(match.handle)) return <Outlet />;
  const { area, key: keyOf } = match.handle.access;
  const key = typeof keyOf === 'function' ? keyOf(match.params) : keyOf;
  if (!key) return <Outlet />;
  const access = pageAccess(key, area, solo, me.data.can);
  const title = pageTitleFor(key, area, solo);
  if (access === 'not-for-solo') {
    return <ComingSoonPage title={title} unavailable back={{ to: base, label: 'Back to the dashboard' }} />;
  }
  if (access === 'denied') {
    const refused = <NoAccessPage title={title} whoMay={whoMayUse(key, area)} dashboard={base} />;
    return standalone ? (
      <Box component="main" px="md">
        {refused}
      </Box>
    ) : (
      refused
    );
  }
  return <Outlet />;
}
