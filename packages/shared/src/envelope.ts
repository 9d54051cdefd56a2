import { z } from 'zod';

/** The spec's response envelope on success: `status` is truthy, `message` is shown as a toast. */
export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal(1), message: z.string().optional(), data });

export const messageEnvelope = z.object({ status: z.literal(1), message: z.string().optional() });

export const failureEnvelope = z.object({
  status: z.literal(0),
  message: z.string(),
  /** One message per invalid field, for forms that show errors next to their inputs. */
  errors: z.record(z.string(), z.string()).optional(),
});

export type FailureEnvelope = z.infer<typeof failureEnvelope>;
export type SuccessEnvelope<T> = { status: 1; message?: string; data: T };
