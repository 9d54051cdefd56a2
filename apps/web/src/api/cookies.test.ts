import { afterEach, describe, expect, it } from 'vitest';
import { readCookie, writeCookie } from './cookies.ts';

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
