import { Notifications } from '@mantine/notifications';
import { useMediaQuery } from '@mantine/hooks';
import { TOAST_AUTO_CLOSE_MS } from '@kinetic/shared';
import { usePageArea } from '../shell/page-area.ts';

/**
 * Toasts never cover the header or the menu. On wide screens they sit in the bottom right corner
 * (forms keep their buttons on the left). On an admin phone a toast spans the width, so at the bottom it
 * would hide what the user just acted on (Save and the "saved / Next" box by it): there it sits at the
 * top, just below the fixed admin header (60 px; `global.css`). The client pages' header is taller and
 * scrolls with the page, with the menu the client taps in it: there toasts sit at the bottom.
 *
 * Loaded on demand (`providers.tsx`) when the first toast is shown: the container and its transitions
 * are not part of the first paint.
 */
/** Room for a few wrapped lines on a phone (it is where the closing toast's height transition starts). */
const TOAST_MAX_HEIGHT = 480;

export function Toasts() {
  const wide = useMediaQuery('(min-width: 48em)') ?? false;
  const client = usePageArea() === 'client';
  const position = wide ? 'bottom-right' : client ? 'bottom-center' : 'top-center';
  // On a phone one toast at a time (the newest waits its turn): a stack of three covered the page's title.
  // A toast's words wrap, a long address too: Mantine cuts a word wider than the toast with "…", and
  // "We sent a link to nora.new@…" hid where the link went. Its height is not capped at Mantine's 200 px.
  return (
    <Notifications
      position={position}
      autoClose={TOAST_AUTO_CLOSE_MS}
      limit={wide ? 5 : 1}
      notificationMaxHeight={TOAST_MAX_HEIGHT}
      styles={{ notification: { overflowWrap: 'anywhere' } }}
    />
  );
}
