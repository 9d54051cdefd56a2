import { describe, expect, it } from 'vitest';
import { slugSchema } from '@kinetic/shared';
import { slugify } from './slugify.ts';

describe('slugify', () => {
  it('turns a business name into a valid web address', () => {
    expect(slugify("Jo's Yoga Studio")).toBe('jos-yoga-studio');
    expect(slugify('Café  Pilates — Zürich')).toBe('cafe-pilates-zurich');
    expect(slugify('24/7 Fitness')).toBe('fitness');
    expect(slugSchema.safeParse(slugify('The Barre Room, Atlanta!')).success).toBe(true);
  });

  it('never ends with a hyphen or grows past 40 characters', () => {
    const slug = slugify('a'.repeat(39) + ' b c d');
    expect(slug.length).toBeLessThanOrEqual(40);
    expect(slug.endsWith('-')).toBe(false);
  });
});
