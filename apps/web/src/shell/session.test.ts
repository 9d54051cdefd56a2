import { afterEach, describe, expect, it } from 'vitest';
import { readCookie } from '../api/cookies.ts';
import { BOOKING_INTENT_STORAGE_KEY, readBookingIntent, storeBookingIntent } from './booking-intent.ts';
import { clearBrokenSession, clearSession } from './session.ts';

const ID = '0123456789abcdef01234567';
const ALL = ['token', 'user', 'hosttype', 'dashboardToken', 'isSpecial'];
function setAll() {
  for (const name of ALL) document.cookie = `${name}=1; Path=/`;
}
afterEach(() => {
  for (const name of ALL) document.cookie = `${name}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
  localStorage.clear();
});

describe('ending a session', () => {
  it('the watcher clears token, user, hosttype and the dashboard copy of the token, but keeps isSpecial', () => {
    setAll();
    clearBrokenSession();
    for (const name of ['token', 'user', 'hosttype', 'dashboardToken']) expect(readCookie(name)).toBeNull();
    expect(readCookie('isSpecial')).toBe('1');
  });

  it('a logout clears every session cookie and the booking intent', () => {
    setAll();
    storeBookingIntent({ classInstanceId: ID, details: true, event: false });
    clearSession();
    for (const name of ALL) expect(readCookie(name)).toBeNull();
    expect(localStorage.getItem(BOOKING_INTENT_STORAGE_KEY)).toBeNull();
    expect(readBookingIntent().classInstanceId).toBeNull();
  });
});
