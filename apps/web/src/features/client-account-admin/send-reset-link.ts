import type { ResetLinkDto } from '@kinetic/shared';
import { apiRequest } from '../../api/client.ts';

/**
 * `POST /api/clients/{clientId}/reset-link`: emails the client the normal password-reset link of their
 * client login. The server's sentence is shown as the success toast and also resolved (for a dialog
 * that says it in place); a refusal (rate limit, another company's client) rejects with an ApiError
 * whose message says why (also toasted).
 */
export const sendResetLink = (clientId: string): Promise<string> =>
  apiRequest<ResetLinkDto>(`clients/${encodeURIComponent(clientId)}/reset-link`, {
    method: 'POST',
    body: {},
  }).then((answer) => answer.message);
