import { describe, it, expect } from 'vitest';
import type { z } from 'zod';
import type { Option } from './option.ts';
import { eventCategorySchema } from './event-categories.ts';
import { EVENT_CATEGORY_OPTIONS } from './event-category-labels.ts';
import {
  INCOME_BAND_TO_120K_OPTIONS,
  INCOME_BAND_TO_200K_OPTIONS,
  incomeBandTo120kSchema,
  incomeBandTo200kSchema,
} from './income-bands.ts';
import { AGE_OPTIONS, ageValueSchema } from './age-ranges.ts';
import {
  INDUSTRY_OPTIONS,
  RACE_ETHNICITY_OPTIONS,
  industrySchema,
  raceEthnicitySchema,
} from './demographics.ts';
import { PLANNING_UNIT_OPTIONS, planningUnitSchema } from './planning-units.ts';

const lists: [string, readonly Option[], z.ZodType][] = [
  ['event categories', EVENT_CATEGORY_OPTIONS, eventCategorySchema],
  ['income bands to $200k', INCOME_BAND_TO_200K_OPTIONS, incomeBandTo200kSchema],
  ['income bands to $120k', INCOME_BAND_TO_120K_OPTIONS, incomeBandTo120kSchema],
  ['age ranges', AGE_OPTIONS, ageValueSchema],
  ['race/ethnicity', RACE_ETHNICITY_OPTIONS, raceEthnicitySchema],
  ['industry', INDUSTRY_OPTIONS, industrySchema],
  ['planning units', PLANNING_UNIT_OPTIONS, planningUnitSchema],
];

describe.each(lists)('%s option list', (_name, list, schema) => {
  it('has no duplicate values', () => {
    const values = list.map((option) => option.value);
    expect(new Set(values).size).toBe(values.length);
  });

  it('has no duplicate labels', () => {
    const labels = list.map((option) => option.label);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('labels every value with readable text', () => {
    for (const option of list) {
      expect(option.label.trim()).not.toBe('');
      expect(option.label).not.toMatch(/_/);
    }
  });

  it('offers exactly the values its schema accepts', () => {
    for (const option of list) expect(schema.safeParse(option.value).success).toBe(true);
    expect(schema.safeParse('not-a-listed-value').success).toBe(false);
  });
});

describe('event categories', () => {
  it('keeps the spec ids in order with English labels', () => {
    expect(EVENT_CATEGORY_OPTIONS.map((option) => option.value)).toEqual([
      'FitnessAndWellness',
      'ArtsAndCulture',
      'BoardMeeting',
      'Ceremonies',
      'CommunityEvents',
      'VolunteerEvents',
      'BusinessSupport',
      'ResidentSupport',
      'Tours',
    ]);
    expect(EVENT_CATEGORY_OPTIONS[0]).toEqual({ value: 'FitnessAndWellness', label: 'Fitness & Wellness' });
  });
});

describe('income bands', () => {
  it('labels the list to $200k', () => {
    expect(INCOME_BAND_TO_200K_OPTIONS.map((option) => option.label)).toEqual([
      'Less than $25,000',
      '$25,000 – $49,999',
      '$50,000 – $99,999',
      '$100,000 – $199,999',
      '$200,000 or more',
    ]);
  });

  it('keeps the stored key between910000-120000 but labels it $91,000 – $120,000', () => {
    expect(INCOME_BAND_TO_120K_OPTIONS).toContainEqual({
      value: 'between910000-120000',
      label: '$91,000 – $120,000',
    });
    expect(INCOME_BAND_TO_120K_OPTIONS.map((option) => option.label)).toEqual([
      'Less than $30,000',
      '$31,000 – $60,000',
      '$61,000 – $90,000',
      '$91,000 – $120,000',
      '$120,000 or more',
    ]);
  });
});

describe('race/ethnicity and industry', () => {
  it('keeps the spec values', () => {
    expect(RACE_ETHNICITY_OPTIONS.map((option) => option.value)).toEqual([
      'asian_pacific',
      'african_american',
      'hispanic_latino',
      'native_american',
      'white_caucasian',
      'some_other',
      'prefer_not_to_respond',
    ]);
    expect(INDUSTRY_OPTIONS).toHaveLength(10);
  });

  it('labels industries in plain English', () => {
    expect(INDUSTRY_OPTIONS).toContainEqual({
      value: 'professionalNBusinessService',
      label: 'Professional & business services',
    });
    expect(INDUSTRY_OPTIONS).toContainEqual({ value: 'retail_goods', label: 'Retail goods' });
    expect(INDUSTRY_OPTIONS).toContainEqual({
      value: 'food_beverage_restaurant',
      label: 'Food, beverage & restaurants',
    });
  });
});

describe('planning units', () => {
  it('has the 25 letters A–Z without U, then Non-Atlanta and Don’t know', () => {
    expect(PLANNING_UNIT_OPTIONS).toHaveLength(27);
    const values = PLANNING_UNIT_OPTIONS.map((option) => option.value);
    expect(values).not.toContain('U');
    expect(values.slice(0, 25).join('')).toBe('ABCDEFGHIJKLMNOPQRSTVWXYZ');
    expect(PLANNING_UNIT_OPTIONS[0]).toEqual({ value: 'A', label: 'NPU A' });
    expect(PLANNING_UNIT_OPTIONS.slice(25)).toEqual([
      { value: 'non-atlanta', label: 'Non-Atlanta' },
      { value: 'dont-know', label: "Don't know" },
    ]);
  });
});
