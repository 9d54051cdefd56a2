import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource/lato/400.css';
import '@fontsource/lato/700.css';
import './app/mantine-first-paint.css';
import './app/theme-variables.css';
import './app/global.css';
import { prefetchFirstPageData } from './app/first-page-data.ts';
import { Providers, queryClient } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';

prefetchFirstPageData(queryClient, location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
// A transition renders concurrently: React yields to the browser every few milliseconds instead of
// building the whole first page in one long task (which would hold up input and count as blocking time).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <AppRouter />
      </Providers>
    </StrictMode>,
  );
});
