import { z } from 'zod';

/** `GET /api/ready` (issue 18 §6): whether this process should be sent traffic, and if not, why. */
export const readinessDto = z.object({
  database: z.enum(['up', 'down']),
  /** The code's migrations against the database's record: `current` once the code's latest is applied. */
  migrations: z.object({
    status: z.enum(['current', 'behind', 'unknown']),
    applied: z.number().int(),
    expected: z.number().int(),
  }),
  /** `running` when this process runs the background jobs (pg-boss started), `not-run-here` otherwise. */
  jobs: z.enum(['running', 'not-run-here']),
});
export type ReadinessDto = z.infer<typeof readinessDto>;
