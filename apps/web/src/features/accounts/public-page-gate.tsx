import type { ReactNode } from 'react';
import { Alert, Center } from '@mantine/core';
import { NotFoundPage } from '../not-found/not-found-page.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePublicPage } from './use-public-page.ts';

type Ready = Extract<ReturnType<typeof usePublicPage>, { status: 'ready' }>;

/** Renders a public page once its company is known; an unknown company is the not-found page. */
export function PublicPageGate({ children }: { children: (page: Ready) => ReactNode }) {
  const page = usePublicPage();
  if (page.status === 'loading') return <PageLoader />;
  if (page.status === 'not-found') return <NotFoundPage />;
  if (page.status === 'error') {
    return (
      <Center component="main" id="main" mih="60vh" p="md">
        <Alert color="red" role="alert" title="This page could not be opened">
          {page.message} Reload the page to try again.
        </Alert>
      </Center>
    );
  }
  return children(page);
}
