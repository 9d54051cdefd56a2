import { z } from 'zod';
import { toOptions } from './option.ts';

export const RACE_ETHNICITY_VALUES = [
  'asian_pacific',
  'african_american',
  'hispanic_latino',
  'native_american',
  'white_caucasian',
  'some_other',
  'prefer_not_to_respond',
] as const;

export const raceEthnicitySchema = z.enum(RACE_ETHNICITY_VALUES);
export type RaceEthnicity = z.infer<typeof raceEthnicitySchema>;

export const RACE_ETHNICITY_OPTIONS = toOptions<RaceEthnicity>(RACE_ETHNICITY_VALUES, {
  asian_pacific: 'Asian / Pacific Islander',
  african_american: 'Black / African American',
  hispanic_latino: 'Hispanic / Latino',
  native_american: 'Native American',
  white_caucasian: 'White / Caucasian',
  some_other: 'Some other race or ethnicity',
  prefer_not_to_respond: 'Prefer not to respond',
});

export const INDUSTRY_VALUES = [
  'professionalNBusinessService',
  'healthcare',
  'financial',
  'technology',
  'retail_goods',
  'food_beverage_restaurant',
  'manufacturing',
  'entertainment',
  'leisure',
  'other',
] as const;

export const industrySchema = z.enum(INDUSTRY_VALUES);
export type Industry = z.infer<typeof industrySchema>;

export const INDUSTRY_OPTIONS = toOptions<Industry>(INDUSTRY_VALUES, {
  professionalNBusinessService: 'Professional & business services',
  healthcare: 'Healthcare',
  financial: 'Financial services',
  technology: 'Technology',
  retail_goods: 'Retail goods',
  food_beverage_restaurant: 'Food, beverage & restaurants',
  manufacturing: 'Manufacturing',
  entertainment: 'Entertainment',
  leisure: 'Leisure',
  other: 'Other',
});
