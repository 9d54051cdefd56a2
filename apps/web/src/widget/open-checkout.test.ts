import { describe, expect, it, vi } from 'vitest';
import { openCheckout } from './open-checkout.ts';

const STRIPE = 'https://checkout.stripe.com/c/pay/cs_test_1';

/** A window as the page sees it: at the top level, or framed by a studio's site. */
function aWindow({ framed, popupBlocked = false }: { framed: boolean; popupBlocked?: boolean }) {
  const top = { location: { href: 'https://studio.example/' } };
  const listeners: (() => void)[] = [];
  const tab = { opener: {} as unknown };
  const assign = vi.fn();
  const open = vi.fn(() => (popupBlocked ? null : tab));
  const fake: Record<string, unknown> = {
    location: { assign },
    open,
    addEventListener: vi.fn((_type: string, listener: () => void) => listeners.push(listener)),
  };
  fake.self = fake;
  fake.top = framed ? top : fake;
  const win = fake as unknown as Window & { location: { assign: typeof assign }; open: typeof open };
  return { win, top, tab, returnToPage: () => listeners.forEach((listener) => listener()) };
}

describe('openCheckout', () => {
  it('at the top level goes to Stripe in this tab', () => {
    const { win } = aWindow({ framed: false });
    expect(openCheckout(STRIPE, undefined, win)).toBe('here');
    expect(win.location.assign).toHaveBeenCalledWith(STRIPE);
    expect(win.open).not.toHaveBeenCalled();
  });

  it("inside the widget opens Stripe in a new tab, leaves the studio's page where it is, and reads again on return", () => {
    const { win, top, tab, returnToPage } = aWindow({ framed: true });
    const onBack = vi.fn();
    expect(openCheckout(STRIPE, onBack, win)).toBe('new-tab');
    expect(win.open).toHaveBeenCalledWith(STRIPE, '_blank');
    expect(tab.opener).toBeNull();
    expect(win.location.assign).not.toHaveBeenCalled();
    expect(top.location.href).toBe('https://studio.example/');
    expect(onBack).not.toHaveBeenCalled();
    returnToPage();
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('when the browser refuses the new tab, the whole tab goes to Stripe, never the frame', () => {
    const { win, top } = aWindow({ framed: true, popupBlocked: true });
    expect(openCheckout(STRIPE, undefined, win)).toBe('top');
    expect(top.location.href).toBe(STRIPE);
    expect(win.location.assign).not.toHaveBeenCalled();
  });
});
