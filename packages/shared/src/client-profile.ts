import { z } from 'zod';

/** `POST /api/clients/{clientId}/reset-link`: the sentence the team sees (also the toast). */
export const resetLinkDto = z.object({ message: z.string() });
export type ResetLinkDto = z.infer<typeof resetLinkDto>;
