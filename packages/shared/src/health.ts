import { z } from 'zod';

export const healthDto = z.object({
  database: z.enum(['up', 'down']),
  uptimeSeconds: z.number(),
});
export type HealthDto = z.infer<typeof healthDto>;
