import { useEffect } from 'react';

/** Every page names itself in the tab (WCAG 2.4.2). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Kinetic` : 'Kinetic';
  }, [title]);
}
