import { describe, expect, it } from 'vitest';
import { eventPageId } from './first-page-data.ts';

const segments = (pathname: string) => pathname.split('/').filter(Boolean);

describe('eventPageId: the event page the app opens on, whose event is asked for before the first render', () => {
  it('reads the event id of the client group’s event page, for any company and client role', () => {
    expect(eventPageId(segments('/demo/client/client/app/event/book-event/abc123'))).toBe('abc123');
    expect(eventPageId(segments('/jo/solo-client/client/app/event/book-event/e1'))).toBe('e1');
  });

  it('is null for the rest of the flow and other pages', () => {
    for (const path of [
      '/demo/client/client/app/book-event/account-details/abc123',
      '/demo/client/client/app/event/booked-event/abc123',
      '/demo/client/client/app/events',
      '/demo/client/client',
      '/demo/client/login',
      '/demo/client/client/app/event/book-event',
    ]) {
      expect(eventPageId(segments(path)), path).toBeNull();
    }
  });
});
