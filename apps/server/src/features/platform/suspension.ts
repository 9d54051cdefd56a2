import { COMPANY_UNAVAILABLE_MESSAGE, COMPANY_UNAVAILABLE_REASON } from '@kinetic/shared';
import { HttpError } from '../../plugins/errors.ts';

/**
 * A suspended company (issue 18 §2): its logins are refused and its public pages answer this 403, which
 * the web shows as the sentence instead of the page. `errors.reason` tells it from other refusals.
 */
export const companyUnavailable = (): HttpError =>
  new HttpError(403, COMPANY_UNAVAILABLE_MESSAGE, { reason: COMPANY_UNAVAILABLE_REASON });

/** Refuses a suspended company (a row read with its `suspendedAt`). */
export function assertCompanyAvailable(company: { suspendedAt: Date | null }): void {
  if (company.suspendedAt) throw companyUnavailable();
}
