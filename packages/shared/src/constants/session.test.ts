import { describe, it, expect } from 'vitest';
import {
  CALENDAR_KEY,
  COOKIE,
  FIXED_VALUE_240,
  NOT_FOUND_LOADER_MS,
  POST_LOGIN_REDIRECT_MS,
  SESSION_CHECK_INTERVAL_MS,
  TOAST_AUTO_CLOSE_MS,
} from './session.ts';
import { CLIENT_REPORT_FILE_NAME, CLIENT_REPORT_REQUEST_DEFAULTS } from './client-report.ts';

describe('session constants', () => {
  it('names the cookies', () => {
    expect(COOKIE).toEqual({
      token: 'token',
      hostType: 'hosttype',
      user: 'user',
      dashboardToken: 'dashboardToken',
      isSpecial: 'isSpecial',
    });
    expect(new Set(Object.values(COOKIE)).size).toBe(Object.keys(COOKIE).length);
  });

  it('keeps the spec timings', () => {
    expect(POST_LOGIN_REDIRECT_MS).toBe(2000);
    expect(NOT_FOUND_LOADER_MS).toBe(1500);
    expect(TOAST_AUTO_CLOSE_MS).toBe(5000);
    expect(SESSION_CHECK_INTERVAL_MS).toBe(1000);
  });

  it('keeps the fixed values', () => {
    expect(CALENDAR_KEY).toBe('CALENDAR');
    expect(FIXED_VALUE_240).toBe(240);
  });
});

describe('client report', () => {
  it('requests the first page of 10, sorted by first name ascending, as solo', () => {
    expect(CLIENT_REPORT_REQUEST_DEFAULTS).toEqual({
      isSolo: true,
      currentPage: 0,
      itemsPerPage: 10,
      searchString: '',
      orderBy: 'First Name',
      orderDirection: 'asc',
    });
    expect(CLIENT_REPORT_FILE_NAME).toBe('client-report.csv');
  });
});
