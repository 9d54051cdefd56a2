import { describe, expect, it } from 'vitest';
import { pageAreaFor } from './page-area.ts';

describe('pageAreaFor: the client pages get the client rules (44 px targets, toasts at the bottom)', () => {
  it.each([
    ['/acme/client/client', 'client'],
    ['/acme/client/client/settings/payment', 'client'],
    ['/acme/client/login', 'client'],
    ['/acme/client/client/client-signup', 'client'],
    ['/jo/solo-client/client/app/classes/details/0123456789abcdef01234567', 'client'],
    ['/login', 'other'],
    ['/app/settings/studios', 'other'],
    ['/acme/admin/app/calendar', 'other'],
    ['/jo/solo-instructor/app', 'other'],
    ['/confirm-email/abc', 'other'],
  ])('%s is %s', (path, area) => {
    expect(pageAreaFor(path)).toBe(area);
  });
});
