export const COOKIE = {
  token: 'token',
  hostType: 'hosttype',
  user: 'user',
  dashboardToken: 'dashboardToken',
  isSpecial: 'isSpecial',
} as const;

export type CookieName = (typeof COOKIE)[keyof typeof COOKIE];

export const POST_LOGIN_REDIRECT_MS = 2000;
export const NOT_FOUND_LOADER_MS = 1500;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const SESSION_CHECK_INTERVAL_MS = 1000;

export const CALENDAR_KEY = 'CALENDAR';

/** Spec §9 lists this value without saying what it is for; kept so nothing that relies on it breaks. */
export const FIXED_VALUE_240 = 240;
