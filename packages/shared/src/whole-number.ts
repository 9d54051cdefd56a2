import { z } from 'zod';
import { numberFieldSchema } from './validators.ts';

/**
 * A whole-number field (spec §5: empty allowed where optional, at least 0, at most 1e20) with a bound a
 * studio owner would recognise. Empty answers `empty` when the field is optional, else asks for a number.
 */
interface WholeNumberOptions {
  max: number;
  tooBig: string;
  /** The message when empty; without it the field is optional. */
  required?: string;
  /** What an empty optional field means. */
  empty?: number | null;
  min?: number;
  tooSmall?: string;
}

type Output<T> = z.ZodPipe<ReturnType<typeof numberFieldSchema>, z.ZodTransform<T, number | null>>;

export function wholeNumberField(options: WholeNumberOptions & { required: string }): Output<number>;
export function wholeNumberField(options: WholeNumberOptions & { empty: number }): Output<number>;
export function wholeNumberField(options: WholeNumberOptions): Output<number | null>;
export function wholeNumberField(options: WholeNumberOptions): Output<number | null> {
  const { max, tooBig, required, empty = null, min = 0, tooSmall } = options;
  return numberFieldSchema().transform((value, ctx) => {
    if (value === null) {
      if (required) {
        ctx.addIssue({ code: 'custom', message: required });
        return z.NEVER;
      }
      return empty;
    }
    if (!Number.isInteger(value)) {
      ctx.addIssue({ code: 'custom', message: 'Use a whole number' });
      return z.NEVER;
    }
    if (value < min) {
      ctx.addIssue({ code: 'custom', message: tooSmall ?? `Must be at least ${min}` });
      return z.NEVER;
    }
    if (value > max) {
      ctx.addIssue({ code: 'custom', message: tooBig });
      return z.NEVER;
    }
    return value;
  });
}
