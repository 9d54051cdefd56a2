import { describe, expect, it } from 'vitest';
import { DEFAULT_EVENTS_PAGE_TEMPLATE } from './config.ts';
import { decideSessionWatch, type SessionWatchInput } from './session-watcher.ts';

const ID = '0123456789abcdef01234567';
const input = (extra: Partial<SessionWatchInput>): SessionWatchInput => ({
  hasToken: true,
  hasUser: true,
  isSpecial: null,
  embedded: false,
  pathname: '/app',
  classInstanceId: null,
  eventsPageTemplate: DEFAULT_EVENTS_PAGE_TEMPLATE,
  ...extra,
});

describe('session watcher (spec §8)', () => {
  it('keeps a whole session and an absent one', () => {
    expect(decideSessionWatch(input({}))).toEqual({ kind: 'keep' });
    expect(decideSessionWatch(input({ hasToken: false, hasUser: false }))).toEqual({ kind: 'keep' });
  });

  it('a token without a user sends the visitor to the login page of the URL', () => {
    expect(decideSessionWatch(input({ hasUser: false, pathname: '/app/calendar' }))).toEqual({
      kind: 'login',
      to: '/login',
    });
  });

  it('a user without a token does the same, solo-instructor and solo-client aware', () => {
    const broken = { hasToken: false };
    expect(decideSessionWatch(input({ ...broken, pathname: '/jo/solo-instructor/app' }))).toEqual({
      kind: 'login',
      to: '/jo/solo-instructor/login',
    });
    expect(decideSessionWatch(input({ ...broken, pathname: '/jo/solo-client/client' }))).toEqual({
      kind: 'login',
      to: '/jo/solo-client/client/app/login',
    });
    expect(decideSessionWatch(input({ ...broken, pathname: '/acme/client/client' }))).toEqual({
      kind: 'login',
      to: '/acme/client/login',
    });
  });

  it('in an embedded event view the top window goes to the events page of the stored class instance', () => {
    expect(
      decideSessionWatch(
        input({
          hasUser: false,
          embedded: true,
          pathname: '/jo/solo-client/client/app/classes/details/x',
          classInstanceId: ID,
        }),
      ),
    ).toEqual({ kind: 'top-window', url: `/jo/solo-client/client/app/event/book-event/${ID}` });
  });

  it('with the isSpecial cookie equal to "1" the page reloads instead', () => {
    expect(decideSessionWatch(input({ hasUser: false, isSpecial: '1' }))).toEqual({ kind: 'reload' });
    expect(
      decideSessionWatch(input({ hasToken: false, isSpecial: '1', embedded: true, pathname: '/jo/x' })),
    ).toEqual({
      kind: 'reload',
    });
    expect(decideSessionWatch(input({ hasUser: false, isSpecial: '0' }))).toMatchObject({ kind: 'login' });
  });

  it("the embedded branch uses the session's company when known and the URL's (decoded once) otherwise", () => {
    const embedded = { hasUser: false, embedded: true, classInstanceId: ID };
    expect(
      decideSessionWatch(input({ ...embedded, pathname: '/other/solo-client/client', sessionCompany: 'jo' })),
    ).toEqual({ kind: 'top-window', url: `/jo/solo-client/client/app/event/book-event/${ID}` });
    expect(decideSessionWatch(input({ ...embedded, pathname: '/caf%C3%A9/solo-client/client' }))).toEqual({
      kind: 'top-window',
      url: `/caf%C3%A9/solo-client/client/app/event/book-event/${ID}`,
    });
  });

  it('a framed page outside /{company}/solo-client/ is just a page: its login', () => {
    const embedded = { hasUser: false, embedded: true, classInstanceId: ID, sessionCompany: 'acme' };
    expect(decideSessionWatch(input({ ...embedded, pathname: '/app/calendar' }))).toEqual({
      kind: 'login',
      to: '/login',
    });
    expect(decideSessionWatch(input({ ...embedded, pathname: '/acme/client/client' }))).toEqual({
      kind: 'login',
      to: '/acme/client/login',
    });
  });
});
