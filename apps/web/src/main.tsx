import { startEarlyRequests } from './early-requests.ts';

// The client calendar's account and branding are asked for now, while the app downloads (early-requests.ts).
startEarlyRequests(location.pathname, import.meta.env.VITE_API_BASE ?? '/api/');

// The client group's first pages (the chunks build/first-paint-chunks.ts names) are fetched alongside the
// app, not after it has run and matched the route: one round trip less before they paint. Only a head
// start; the router still decides what the address shows.
const segments = location.pathname.split('/').filter(Boolean);
const firstPage = (): Promise<unknown>[] => {
  if (segments.at(-1) === 'login') return [import('./features/accounts/login-page.tsx')];
  if (segments.length === 7 && segments.slice(2, 6).join('/') === 'client/app/event/book-event') {
    return [import('./features/event-booking/event-page.tsx')];
  }
  if (segments.length === 3 && segments[2] === 'client') {
    return [
      import('./shell/client-shell.tsx'),
      import('./features/client-calendar/client-calendar-page.tsx'),
    ];
  }
  return [];
};

// React is evaluated first, in a task of its own (react-first.ts); then the app, which loads through a
// dynamic import so that its stylesheet is applied by script when the app mounts instead of being linked
// from the page, where it would block the first paint (index.html paints a "Loading…" line meanwhile). The
// built page preloads the chunks and the stylesheet (vite.config.ts), so waiting here delays no download.
void import('./react-first.ts').then(
  () => {
    void import('./mount.tsx');
    firstPage();
  },
  () => void import('./mount.tsx'),
);
