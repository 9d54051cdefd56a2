import { z } from 'zod';
import { labelOf, toOptions } from './option.ts';

export const AGE_VALUES = [
  '<18',
  '18-24',
  '25-34',
  '35-44',
  '45-54',
  '55-64',
  '65+',
  'prefer_not_to_respond',
] as const;

export const ageValueSchema = z.enum(AGE_VALUES);
export type AgeValue = z.infer<typeof ageValueSchema>;

/** The spec lists `<45-54` beside `45-54` for the same range; answers may be stored under either. */
export const LEGACY_AGE_VALUES = { '<45-54': '45-54' } as const satisfies Record<string, AgeValue>;

export const AGE_OPTIONS = toOptions<AgeValue>(AGE_VALUES, {
  '<18': 'Under 18',
  '18-24': '18–24',
  '25-34': '25–34',
  '35-44': '35–44',
  '45-54': '45–54',
  '55-64': '55–64',
  '65+': '65 and over',
  prefer_not_to_respond: 'Prefer not to respond',
});

export function normaliseAgeValue(stored: string): string {
  return Object.hasOwn(LEGACY_AGE_VALUES, stored)
    ? LEGACY_AGE_VALUES[stored as keyof typeof LEGACY_AGE_VALUES]
    : stored;
}

export function ageLabel(stored: string | null | undefined): string {
  return labelOf(AGE_OPTIONS, stored == null ? stored : normaliseAgeValue(stored));
}

/** Accepts the legacy key as well and yields the one offered value, for reading old answers. */
export const storedAgeValueSchema = z
  .enum([...AGE_VALUES, '<45-54'])
  .transform((value) => normaliseAgeValue(value) as AgeValue);
