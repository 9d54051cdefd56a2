import type { ClientDto, NewClientBody } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

/**
 * Creates a client on the spot (name, email, phone), e.g. someone who walked in. Silent: the booking that
 * follows says what happened (a green "client created" over a refused check-in read as success).
 */
export const createClient = (body: NewClientBody) =>
  apiRequest<ClientDto>('clients', { method: 'POST', body, inlineErrors: true, silent: true });
