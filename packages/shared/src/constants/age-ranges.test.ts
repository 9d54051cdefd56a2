import { describe, it, expect } from 'vitest';
import { AGE_OPTIONS, ageLabel, normaliseAgeValue, storedAgeValueSchema } from './age-ranges.ts';

describe('age ranges', () => {
  it('offers one 45–54 choice, stored as 45-54', () => {
    const matches = AGE_OPTIONS.filter((option) => option.label.includes('45'));
    expect(matches).toEqual([{ value: '45-54', label: '45–54' }]);
    expect(AGE_OPTIONS.map((option) => option.value)).not.toContain('<45-54');
  });

  it('labels every range', () => {
    expect(AGE_OPTIONS.map((option) => option.label)).toEqual([
      'Under 18',
      '18–24',
      '25–34',
      '35–44',
      '45–54',
      '55–64',
      '65 and over',
      'Prefer not to respond',
    ]);
  });

  it('normalises the legacy <45-54 key and leaves other values alone', () => {
    expect(normaliseAgeValue('<45-54')).toBe('45-54');
    expect(normaliseAgeValue('45-54')).toBe('45-54');
    expect(normaliseAgeValue('<18')).toBe('<18');
    expect(normaliseAgeValue('toString')).toBe('toString');
  });

  it('labels either 45–54 key the same', () => {
    expect(ageLabel('<45-54')).toBe('45–54');
    expect(ageLabel('45-54')).toBe('45–54');
    expect(ageLabel('65+')).toBe('65 and over');
    expect(ageLabel('unknown')).toBe('unknown');
    expect(ageLabel(null)).toBe('');
  });

  it('reads stored answers, turning the legacy key into the offered one', () => {
    expect(storedAgeValueSchema.parse('<45-54')).toBe('45-54');
    expect(storedAgeValueSchema.parse('<18')).toBe('<18');
    expect(storedAgeValueSchema.safeParse('46-55').success).toBe(false);
  });
});
