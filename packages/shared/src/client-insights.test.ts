import { describe, expect, it } from 'vitest';
import { clientInsightsQuery, publishedCount, publishedShare } from './client-insights.ts';

describe('client insights: published counts', () => {
  it('never publishes a count under 5, and rounds the rest to the nearest 5 (never below 5)', () => {
    expect([0, 1, 2, 3, 4].map(publishedCount)).toEqual([null, null, null, null, null]);
    expect([5, 6, 7, 8, 12, 13, 100_002].map(publishedCount)).toEqual([5, 5, 5, 10, 10, 15, 100_000]);
  });

  it('so no two published counts differ by 1 to 4', () => {
    const published = Array.from({ length: 200 }, (_, n) => publishedCount(n)).filter((n) => n !== null);
    for (const a of published) for (const b of published) expect(Math.abs(a - b) % 5).toBe(0);
  });

  it('computes shares from published counts only', () => {
    expect(publishedShare(20, 25)).toBe(80);
    expect(publishedShare(null, 25)).toBeNull();
    expect(publishedShare(5, null)).toBeNull();
  });

  it('refuses a period that ends before it starts or is longer than three years, naming `to`', () => {
    const issues = (query: object) =>
      clientInsightsQuery.safeParse(query).error?.issues.map((issue) => issue.path.join('.'));
    expect(issues({ from: '2026-02-01', to: '2026-01-01' })).toEqual(['to']);
    expect(issues({ from: '2020-01-01', to: '2026-01-01' })).toEqual(['to']);
    expect(issues({ from: '2026-02-30', to: '2026-03-01' })).toEqual(['from']);
    expect(clientInsightsQuery.safeParse({ from: '2026-01-01', to: '2026-01-01' }).success).toBe(true);
  });
});
