import { canKeepCookies } from '../api/cookies.ts';

/**
 * What the widget tells the page that embeds it (apps/server/src/features/embed/embed-script.js reads
 * these): its document height on every size change, and that the browser refuses it storage (the page
 * then offers the booking page in a new tab).
 */
export type WidgetMessage =
  { kinetic: 'widget'; type: 'height'; height: number } | { kinetic: 'widget'; type: 'storage-blocked' };

/** Whether this document is shown inside another page's frame. */
export function isFramed(win: Window = window): boolean {
  try {
    return win.self !== win.top;
  } catch {
    return true;
  }
}

type Observe = (target: Element, onResize: () => void) => () => void;

const resizeObserver: Observe = (target, onResize) => {
  const observer = new ResizeObserver(onResize);
  observer.observe(target);
  return () => observer.disconnect();
};

/**
 * Posts `target`'s height (the widget's content, not the frame's viewport, so it can shrink too) now and
 * on every size change, once per distinct height. Answers the stop.
 */
export function startHeightReports(
  target: Element,
  post: (message: WidgetMessage) => void,
  observe: Observe = resizeObserver,
): () => void {
  let last = -1;
  const report = () => {
    const height = Math.ceil(target.getBoundingClientRect().height);
    if (height === last || height <= 0) return;
    last = height;
    post({ kinetic: 'widget', type: 'height', height });
  };
  report();
  return observe(target, report);
}

/** To the embedding page: the height is no secret, and the widget cannot know which site frames it. */
export const postToParent = (message: WidgetMessage) => window.parent.postMessage(message, '*');

/**
 * Inside a frame (the widget on a studio's site, and the log in and sign-up it opens), from the first
 * page on: says when the browser refuses this frame its cookies (the embedding page then links to the
 * booking page in a new tab) and reports the app's height on every size change, so the iframe grows and
 * shrinks with its content and nothing scrolls inside it. Answers the stop (nothing at the top level).
 */
export function startFramedReports(): (() => void) | undefined {
  if (!isFramed()) return undefined;
  if (!canKeepCookies()) postToParent({ kinetic: 'widget', type: 'storage-blocked' });
  const root = document.getElementById('root');
  if (!root) return undefined;
  // Its own formatting context: the pages' first and last margins count in its height.
  root.style.display = 'flow-root';
  return startHeightReports(root, postToParent);
}
