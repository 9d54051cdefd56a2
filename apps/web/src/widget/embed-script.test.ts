import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The script exactly as GET /embed.js serves it, run as if a studio's page had loaded it. */
const source = readFileSync(
  path.join(import.meta.dirname, '../../../server/src/features/embed/embed-script.js'),
  'utf8',
);
const KINETIC = 'https://kinetic.example';

function embed(attributes: Record<string, string> = { 'data-company': 'demo' }) {
  document.body.innerHTML = '<p id="before">Book with us</p>';
  const script = document.createElement('script');
  script.setAttribute('src', `${KINETIC}/embed.js`);
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  document.body.appendChild(script);
  document.body.appendChild(Object.assign(document.createElement('p'), { id: 'after' }));
  new Function('document', 'window', source)({ currentScript: script }, window);
  const frame = document.querySelector('iframe') as HTMLIFrameElement;
  const link = document.querySelector('a') as HTMLAnchorElement;
  const post = (data: unknown, origin = KINETIC, source: unknown = frame.contentWindow) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
  return { script, frame, link, post };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('embed.js', () => {
  it('inserts a titled, full-width iframe to the widget right after its script tag', () => {
    const { script, frame, link } = embed({ 'data-company': 'demo', 'data-studio': 'abc 1' });
    expect(script.nextElementSibling?.contains(frame)).toBe(true);
    expect(frame.src).toBe(`${KINETIC}/demo/widget/abc%201`);
    expect(frame.title).toBe('Book a class');
    expect(frame.style.width).toBe('100%');
    expect(link.href).toBe(`${KINETIC}/demo/widget/abc%201`);
    expect(link.target).toBe('_blank');
    expect(link.closest('p')?.hidden).toBe(true);
  });

  it('grows and shrinks the iframe to the height the widget posts', () => {
    const { frame, post } = embed();
    post({ kinetic: 'widget', type: 'height', height: 912.4 });
    expect(frame.style.height).toBe('913px');
    post({ kinetic: 'widget', type: 'height', height: 300 });
    expect(frame.style.height).toBe('300px');
  });

  it('ignores messages from another origin, another window, or not from the widget', () => {
    const { frame, post } = embed();
    const start = frame.style.height;
    post({ kinetic: 'widget', type: 'height', height: 2000 }, 'https://evil.example');
    post({ kinetic: 'widget', type: 'height', height: 2000 }, KINETIC, window);
    post({ type: 'height', height: 2000 });
    post({ kinetic: 'widget', type: 'height', height: 'tall' });
    expect(frame.style.height).toBe(start);
  });

  it('shows the "Open the booking page" link when the widget says storage is blocked', () => {
    const { link, post } = embed();
    post({ kinetic: 'widget', type: 'height', height: 500 });
    expect(link.closest('p')?.hidden).toBe(true);
    post({ kinetic: 'widget', type: 'storage-blocked' });
    expect(link.closest('p')?.hidden).toBe(false);
  });

  it('shows the link when the widget never speaks, not when it does', () => {
    const silent = embed();
    vi.advanceTimersByTime(15_000);
    expect(silent.link.closest('p')?.hidden).toBe(false);

    const speaking = embed();
    speaking.post({ kinetic: 'widget', type: 'height', height: 500 });
    vi.advanceTimersByTime(15_000);
    expect(speaking.link.closest('p')?.hidden).toBe(true);
  });

  it('does nothing without data-company', () => {
    embed({});
    expect(document.querySelector('iframe')).toBeNull();
  });
});
