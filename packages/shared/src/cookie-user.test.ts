import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cookieUserDto } from './auth.ts';
import { parseCookieUser } from './cookie-user.ts';

const ID = '65a1f0c2b3d4e5f60718293a';
const UPPER_ID = '65A1F0C2B3D4E5F60718293B';

function viaZod(value: unknown) {
  const parsed = cookieUserDto.safeParse(value);
  return parsed.success ? parsed.data : null;
}

describe('parseCookieUser', () => {
  it('reads a client cookie, lower-casing ids and dropping other keys', () => {
    expect(
      parseCookieUser({
        _id: UPPER_ID,
        companyId: ID,
        soloInstructorId: null,
        clientSignupDetailsId: null,
        x: 1,
      }),
    ).toEqual({
      _id: UPPER_ID.toLowerCase(),
      companyId: ID,
      soloInstructorId: null,
      clientSignupDetailsId: null,
    });
  });

  it.each([
    ['not an object', 'user'],
    ['null', null],
    ['an array', [ID]],
    ['a bad _id', { _id: 'abc', companyId: null, soloInstructorId: null, clientSignupDetailsId: null }],
    ['a missing key', { _id: ID, companyId: null, soloInstructorId: null }],
    [
      'an undefined id',
      { _id: ID, companyId: undefined, soloInstructorId: null, clientSignupDetailsId: null },
    ],
    ['a numeric id', { _id: ID, companyId: 5, soloInstructorId: null, clientSignupDetailsId: null }],
  ])('refuses %s, as the schema does', (_label, value) => {
    expect(parseCookieUser(value)).toBeNull();
    expect(viaZod(value)).toBeNull();
  });

  it('answers what cookieUserDto answers, for any object', () => {
    const id = fc.oneof(
      fc.constant(ID),
      fc.constant(UPPER_ID),
      fc.constant(null),
      fc.constant(undefined),
      fc.string(),
      fc.integer(),
      fc.stringMatching(/^[0-9a-fA-F]{23,25}$/),
    );
    fc.assert(
      fc.property(
        fc.record(
          { _id: id, companyId: id, soloInstructorId: id, clientSignupDetailsId: id, other: fc.anything() },
          { requiredKeys: [] },
        ),
        (value) => {
          expect(parseCookieUser(value)).toEqual(viaZod(value));
        },
      ),
    );
  });
});
