import { afterEach, describe, expect, it } from 'vitest';
import { canKeepCookies, cookieAttributes, readCookie, writeCookie } from './cookies.ts';

afterEach(() => {
  for (const name of ['user', 'token'])
    document.cookie = `${name}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
});

describe('cookies', () => {
  it('reads back what it wrote, URI-decoded', () => {
    writeCookie('user', '{"_id":"a b"}');
    expect(readCookie('user')).toBe('{"_id":"a b"}');
  });

  it('answers null for a malformed value instead of throwing', () => {
    document.cookie = 'user=%E0%A4%A; Path=/';
    document.cookie = 'token=fine; Path=/';
    expect(readCookie('user')).toBeNull();
    expect(readCookie('token')).toBe('fine');
  });
});

describe('cookie attributes', () => {
  it('top-level pages keep SameSite=Lax, Secure over https', () => {
    expect(cookieAttributes('http:', false, true)).toBe('Path=/; SameSite=Lax');
    expect(cookieAttributes('https:', false)).toBe('Path=/; SameSite=Lax; Secure');
  });

  it('a framed page over https writes SameSite=None; Secure; Partitioned (the widget on a studio site)', () => {
    expect(cookieAttributes('https:', true)).toBe('Path=/; SameSite=None; Secure; Partitioned');
  });

  it('a framed page over plain http stays Lax (None needs Secure)…', () => {
    expect(cookieAttributes('http:', true, false)).toBe('Path=/; SameSite=Lax');
    // …but loopback is a secure context (a widget tried on one's own machine).
    expect(cookieAttributes('http:', true, true)).toBe('Path=/; SameSite=None; Secure; Partitioned');
  });

  it('canKeepCookies answers true where cookies are kept and leaves no probe behind', () => {
    expect(canKeepCookies()).toBe(true);
    expect(readCookie('kinetic_probe')).toBeNull();
  });
});
