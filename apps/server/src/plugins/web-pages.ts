import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The booking widget's schedule, `/{company}/widget` and `/{company}/widget/{widgetStudioId}`: drawn by
 * the widget's own small entry (apps/web/widget.html, issue 12 §5), not the app. The web build's service
 * worker and its dev server use the same rule (apps/web/vite.config.ts `WIDGET_SCHEDULE`). Every other
 * address under the widget (its class page) is the app's.
 */
export const WIDGET_SCHEDULE = /^\/[^/]+\/widget(?:\/[^/]+)?\/?$/;

/**
 * Which document of the web build answers a page address: `widget.html` for the widget's schedule (when
 * the build has one), `index.html` for everything else.
 */
export function pageDocumentFor(webDist: string): (pathname: string) => 'index.html' | 'widget.html' {
  const hasWidget = existsSync(path.join(webDist, 'widget.html'));
  return (pathname) => (hasWidget && WIDGET_SCHEDULE.test(pathname) ? 'widget.html' : 'index.html');
}
