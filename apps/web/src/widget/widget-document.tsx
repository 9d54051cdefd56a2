import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

const KEY = 'kinetic-widget-document';

/**
 * The widget's schedule addresses inside the main app: they are another page (widget.html, the widget's
 * own entry), so reaching one by the app's navigation (the class page's "All classes", a return after
 * logging in) loads that page. Should the same address come back here within seconds (a server or
 * worker answering it with the app's page), it offers a link instead of loading it again and again.
 */
export function WidgetDocument() {
  const { pathname, search, hash } = useLocation();
  const to = `${pathname}${search}${hash}`;
  const [looping, setLooping] = useState(false);
  useEffect(() => {
    let last: string | null = null;
    try {
      last = sessionStorage.getItem(KEY);
      sessionStorage.setItem(KEY, JSON.stringify({ to, at: Date.now() }));
    } catch {
      // No storage in this frame: load it anyway.
    }
    const previous = last ? (JSON.parse(last) as { to?: string; at?: number }) : null;
    if (previous?.to === to && Date.now() - (previous.at ?? 0) < 5_000) setLooping(true);
    else window.location.replace(to);
  }, [to]);
  return (
    <main id="main" style={{ padding: '1rem' }}>
      {looping ? (
        <p>
          <a href={to}>Open the schedule</a>
        </p>
      ) : (
        <p role="status">Loading the schedule…</p>
      )}
    </main>
  );
}
