import { z } from 'zod';
import type { Option } from './option.ts';

// Atlanta's Neighborhood Planning Units run A to Z but have no U.
export const NPU_LETTERS = [
  'A',
  'B',
  'C',
  'D',
  'E',
  'F',
  'G',
  'H',
  'I',
  'J',
  'K',
  'L',
  'M',
  'N',
  'O',
  'P',
  'Q',
  'R',
  'S',
  'T',
  'V',
  'W',
  'X',
  'Y',
  'Z',
] as const;

export const PLANNING_UNIT_VALUES = [...NPU_LETTERS, 'non-atlanta', 'dont-know'] as const;

export const planningUnitSchema = z.enum(PLANNING_UNIT_VALUES);
export type PlanningUnit = z.infer<typeof planningUnitSchema>;

export const PLANNING_UNIT_OPTIONS: readonly Option<PlanningUnit>[] = [
  ...NPU_LETTERS.map((letter) => ({ value: letter, label: `NPU ${letter}` })),
  { value: 'non-atlanta', label: 'Non-Atlanta' },
  { value: 'dont-know', label: "Don't know" },
];
