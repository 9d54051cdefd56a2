import { describe, expect, it } from 'vitest';
import { isObjectId } from '@kinetic/shared';
import { generateId } from './ids.ts';

describe('id generator (spec §5)', () => {
  it('makes 24 lowercase hex characters the shared validator accepts', () => {
    const id = generateId();
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(isObjectId(id)).toBe(true);
  });

  it('orders ids by creation time', () => {
    const earlier = generateId(Date.parse('2026-01-01T00:00:00Z'));
    const later = generateId(Date.parse('2026-01-01T00:00:01Z'));
    expect(earlier < later).toBe(true);
  });

  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => generateId()));
    expect(ids.size).toBe(10_000);
  });
});
