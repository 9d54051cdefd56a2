/** Issue 18 §2 (zod-free: the web's first paint reads these). */

/** The sentence a suspended company's people and public pages read. */
export const COMPANY_UNAVAILABLE_MESSAGE = 'This business is unavailable at the moment.';
/** `errors.reason` of that 403, so pages can tell it from other refusals. */
export const COMPANY_UNAVAILABLE_REASON = 'companyUnavailable';
