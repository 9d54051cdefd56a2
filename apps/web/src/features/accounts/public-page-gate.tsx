import type { ReactNode } from 'react';
import { Alert, Center } from '@mantine/core';
import { NotFoundPage } from '../not-found/not-found-page.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import type { PublicPrefix } from '../../shell/login-path.ts';
import { useCompanyRefusal, usePublicPage } from './use-public-page.ts';

type Ready = Extract<ReturnType<typeof usePublicPage>, { status: 'ready' }>;

/** A public page whose company could not be checked (not a 404: the server or the network failed). */
export function PublicPageError({ message }: { message: string }) {
  return (
    <Center component="main" id="main" mih="60vh" p="md">
      <Alert color="red" role="alert" title="This page could not be opened">
        {message} Reload the page to try again.
      </Alert>
    </Center>
  );
}

/** Renders a public page once its company is known; an unknown company is the not-found page. */
export function PublicPageGate({ children }: { children: (page: Ready) => ReactNode }) {
  const page = usePublicPage();
  if (page.status === 'loading') return <PageLoader />;
  if (page.status === 'not-found') return <NotFoundPage />;
  if (page.status === 'error') return <PublicPageError message={page.message} />;
  return children(page);
}

/**
 * Shows its children at once, before the company is checked (the login: issue 11 §7); a company that does
 * not exist, or does not take this role, becomes the not-found page once checkCompany says so. The check's
 * answer re-renders this gate only: the children are the same element, so React leaves them be.
 */
export function CompanyCheckGate({ prefix, children }: { prefix: PublicPrefix; children: ReactNode }) {
  const refused = useCompanyRefusal(prefix);
  if (refused?.status === 'not-found') return <NotFoundPage />;
  if (refused?.status === 'error') return <PublicPageError message={refused.message} />;
  return children;
}
