import type { NavigateFunction } from 'react-router';
import { isSameSite } from './config.ts';

/** Follows a computed destination: inside the app when it is on this site, otherwise with a page load. */
export async function followTarget(
  navigate: NavigateFunction,
  target: { to: string; external?: boolean },
): Promise<void> {
  if (!isSameSite(target.to)) {
    window.location.assign(target.to);
    return;
  }
  const url = new URL(target.to, window.location.origin);
  await navigate(`${url.pathname}${url.search}${url.hash}`, { replace: true });
}
