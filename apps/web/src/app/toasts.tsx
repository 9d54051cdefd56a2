import { Notifications } from '@mantine/notifications';
import { useMediaQuery } from '@mantine/hooks';
import { TOAST_AUTO_CLOSE_MS } from '@kinetic/shared';

/**
 * Toasts never cover the header or the menu button. On wide screens they sit in the bottom right corner
 * (forms keep their buttons on the left). On phones a toast spans the width, so at the bottom it would
 * hide what the user just acted on (Save and the "saved / Next" box by it) for five seconds: there it
 * sits at the top, just below the admin header (60 px; `global.css`).
 *
 * Loaded on demand (`providers.tsx`) when the first toast is shown: the container and its transitions
 * are not part of the first paint.
 */
export function Toasts() {
  const wide = useMediaQuery('(min-width: 48em)') ?? false;
  // On a phone one toast at a time (the newest waits its turn): a stack of three covered the page's title.
  return (
    <Notifications position={wide ? 'bottom-right' : 'top-center'} autoClose={TOAST_AUTO_CLOSE_MS} limit={wide ? 5 : 1} />
  );
}
