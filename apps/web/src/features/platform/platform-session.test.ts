import { describe, expect, it } from 'vitest';
import { isDocumentEntry } from '../../app/app-router.tsx';
import { openInNewRouteSet } from './platform-session.ts';

// The entry's key as the router reads it: an entry without one is "default", the first page's.
const keyOf = () => (window.history.state as { key?: string } | null)?.key ?? 'default';

describe('moving between the platform area and a company’s app', () => {
  it('is a navigation to the new set’s router, not the page the document was loaded on (so the focus moves to its main)', () => {
    openInNewRouteSet('/platform/companies/0123456789abcdef01234567');
    expect(window.location.pathname).toBe('/platform/companies/0123456789abcdef01234567');
    const first = keyOf();
    expect(isDocumentEntry({ key: first })).toBe(false);
    openInNewRouteSet('/app');
    const second = keyOf();
    expect(isDocumentEntry({ key: second })).toBe(false);
    // A reload keeps the entry's key: the next move still has a key of its own.
    expect(second).not.toBe(first);
  });
});
