import { isFramed } from './widget-messages.ts';

export type CheckoutOpened = 'here' | 'new-tab' | 'top';

/**
 * Goes to Stripe Checkout. Stripe's page refuses to be framed, so inside the booking widget (a studio's
 * site framing our pages) it opens in a new tab, and the widget stays where it was on the studio's site;
 * `onBack` runs when the visitor returns to it (the page then reads the order again). Should the browser
 * refuse the new tab, the whole tab goes to Stripe instead (a frame may send its top page on in answer to
 * a click). At the top level it is an ordinary page load, and Stripe's return address brings the client back.
 */
export function openCheckout(url: string, onBack?: () => void, win: Window = window): CheckoutOpened {
  if (!isFramed(win)) {
    win.location.assign(url);
    return 'here';
  }
  const tab = win.open(url, '_blank');
  if (tab) {
    try {
      tab.opener = null; // Stripe's page gets no handle on ours
    } catch {
      // already without one
    }
    if (onBack) win.addEventListener('focus', () => onBack(), { once: true });
    return 'new-tab';
  }
  try {
    if (win.top) {
      win.top.location.href = url;
      return 'top';
    }
  } catch {
    // a browser refusing the frame its top page too: go in place, and Stripe says it cannot be framed
  }
  win.location.assign(url);
  return 'here';
}
