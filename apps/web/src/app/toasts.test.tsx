import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from '@kinetic/shared';
import '../test/render-page.tsx';
import { setPageArea } from '../shell/page-area.ts';
import { showToast } from './show-toast.ts';
import { theme } from './theme.ts';
import { Toasts } from './toasts.tsx';

afterEach(() => {
  act(() => notifications.clean());
  cleanup();
  vi.useRealTimers();
  act(() => setPageArea('other'));
});

function renderToasts() {
  return render(
    <MantineProvider theme={theme}>
      <Toasts />
    </MantineProvider>,
  );
}

const rootOf = (toast: HTMLElement) => toast.closest('[data-position]')?.getAttribute('data-position');

describe('toasts', () => {
  it('on a client phone page they sit at the bottom, clear of the header and its menu; the admin keeps them at the top', () => {
    act(() => setPageArea('client'));
    renderToasts();
    act(() => showToast({ kind: 'success', message: 'Your details are saved.' }));
    expect(rootOf(screen.getByRole('alert'))).toBe('bottom-center');
    expect(document.documentElement.dataset.area).toBe('client');
    cleanup();
    act(() => notifications.clean());

    act(() => setPageArea('other'));
    renderToasts();
    act(() => showToast({ kind: 'success', message: 'Saved.' }));
    expect(rootOf(screen.getByRole('alert'))).toBe('top-center');
  });

  it('wraps its words, a long address too, instead of cutting them with "…"', () => {
    act(() => setPageArea('client'));
    renderToasts();
    const message = 'We sent a link to nora.new.with-a-long-address@example-studio.com. Your email changes when you open it.';
    act(() => showToast({ kind: 'success', message }));
    const toast = screen.getByRole('alert');
    // Mantine's description is `overflow: hidden; text-overflow: ellipsis`: an unbreakable address is cut
    // unless the toast lets any word break.
    const description = screen.getByText(message);
    expect(toast.contains(description)).toBe(true);
    expect(getComputedStyle(toast).overflowWrap).toBe('anywhere');
    expect(parseFloat(toast.style.maxHeight)).toBeGreaterThan(200);
  });

  it('closes after 5 s even while the pointer rests on it (a tap on a phone never "leaves")', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'Date'] });
    act(() => setPageArea('client'));
    renderToasts();
    act(() => showToast({ kind: 'error', message: 'The class is full.' }));
    const toast = screen.getByRole('alert');
    fireEvent.mouseEnter(toast);
    act(() => vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS - 500));
    expect(screen.queryByText('The class is full.')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1_000));
    // Then it slides away.
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.queryByText('The class is full.')).toBeNull();
  });
});
