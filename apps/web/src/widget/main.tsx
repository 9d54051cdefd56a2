import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { WidgetApp } from './widget-app.tsx';
import { startFramedReports } from './widget-messages.ts';

/**
 * The booking widget's own entry (`widget.html`, issue 12 §5): React, a tiny router and plain elements,
 * no Mantine, React Router or TanStack Query, and nothing of the admin or client areas. The class page
 * and everything after it (log in, sign up, booking, buying) are the main app's pages, opened in the frame.
 */
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <WidgetApp />
  </StrictMode>,
);
// Inside a studio's site: the height on every change (the iframe grows with the list), and whether
// cookies are refused (the site then offers the booking page in a new tab).
startFramedReports();
