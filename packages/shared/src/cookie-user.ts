import type { CookieUserDto } from './auth.ts';
import { isObjectId } from './object-id.ts';

// The web app reads the `user` cookie on every page before anything else, so this check has no zod (a
// module that builds a schema would bring zod along: docs/architecture.md, "Client bundle"). It answers
// what `cookieUserDto.safeParse` answers (cookie-user.test.ts holds the two together).

const NULLABLE_IDS = ['companyId', 'soloInstructorId', 'clientSignupDetailsId'] as const;

/** The `user` cookie's object as `cookieUserDto` reads it (ids lower-cased, other keys dropped), or null. */
export function parseCookieUser(value: unknown): CookieUserDto | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  if (!isObjectId(record._id)) return null;
  const user: CookieUserDto = {
    _id: record._id.toLowerCase(),
    companyId: null,
    soloInstructorId: null,
    clientSignupDetailsId: null,
  };
  for (const key of NULLABLE_IDS) {
    const id = record[key];
    if (id === null) continue;
    if (!isObjectId(id)) return null;
    user[key] = id.toLowerCase();
  }
  return user;
}
