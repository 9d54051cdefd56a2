import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource/lato/400.css';
import '@fontsource/lato/700.css';
import './app/mantine-first-paint.css';
import './app/theme-variables.css';
import './app/global.css';
import { prefetchFirstPageData } from './app/first-page-data.ts';
import { Providers, queryClient } from './app/providers.tsx';
import { AppRouter, nextTask, preloadFirstPage } from './app/router.tsx';
import { warmDateFormats } from './features/schedule/class-labels.ts';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
// A transition renders concurrently: React yields to the browser every few milliseconds instead of
// building the whole first page in one long task (which would hold up input and count as blocking time).
const render = () =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <Providers>
          <AppRouter />
        </Providers>
      </StrictMode>,
    );
  });
// The first render waits for the address's route modules and first answers (both already on their way), so
// the page draws whole instead of a loader first; never longer than 3 s (a slow answer then shows the loader
// as before). A module that fails to load is the router's to report (its error page), once rendered.
// Evaluating the app, asking for the first answers, creating the router and matching the address are
// separate tasks, each short: run together they were one long task that a phone could not answer input in.
const firstPage = nextTask().then(() => {
  const firstPageData = prefetchFirstPageData(queryClient, location.pathname);
  return nextTask()
    .then(() => Promise.all([preloadFirstPage(), firstPageData]))
    .then(() => nextTask())
    .then(() => {
      // Pages write dates on their first render (the calendar, an event); a login writes none.
      if (!location.pathname.endsWith('/login')) warmDateFormats();
    });
});
const atMost = new Promise((resolve) => setTimeout(resolve, 3000));
void Promise.race([firstPage, atMost]).then(render, render);
