import { describe, it, expect } from 'vitest';
import { labelOf, toOptions } from './option.ts';

describe('labelOf', () => {
  const list = toOptions(['a', 'b'] as const, { a: 'Apple', b: 'Banana' });

  it('returns the label of a listed value', () => {
    expect(labelOf(list, 'b')).toBe('Banana');
  });

  it('returns an unknown value as it is', () => {
    expect(labelOf(list, 'cherry')).toBe('cherry');
  });

  it('returns an empty string for a missing value', () => {
    expect(labelOf(list, null)).toBe('');
    expect(labelOf(list, undefined)).toBe('');
  });
});

describe('toOptions', () => {
  it('keeps the order of the values', () => {
    expect(toOptions(['b', 'a'] as const, { a: 'A', b: 'B' })).toEqual([
      { value: 'b', label: 'B' },
      { value: 'a', label: 'A' },
    ]);
  });
});
