import { describe, expect, it } from 'vitest';
import { checkInBody, checkInCode, checkInStepAt, checkInUrl, decodeEmailId, encodeEmailId } from './check-in.ts';

describe('check-in codes and addresses', () => {
  it('a step is 30 seconds; a code is 12 hex characters that change with the step, the class and the secret', async () => {
    expect(checkInStepAt(Date.UTC(2026, 10, 26, 18, 0, 0))).toBe(checkInStepAt(Date.UTC(2026, 10, 26, 18, 0, 29)));
    expect(checkInStepAt(Date.UTC(2026, 10, 26, 18, 0, 30))).toBe(checkInStepAt(Date.UTC(2026, 10, 26, 18, 0, 0)) + 1);
    const secret = '0f'.repeat(32);
    const series = '6650f0a1b2c3d4e5f6a7b8c9';
    const classId = '6650f0a1b2c3d4e5f6a7b8ca';
    const code = await checkInCode(secret, series, classId, 100);
    expect(code).toMatch(/^[0-9a-f]{12}$/);
    expect(await checkInCode(secret, series, classId, 101)).not.toBe(code);
    expect(await checkInCode(secret, series, '6650f0a1b2c3d4e5f6a7b8cb', 100)).not.toBe(code);
    expect(await checkInCode('0e'.repeat(32), series, classId, 100)).not.toBe(code);
  });

  it('the QR address is the client group’s check-in page with the class, code and step', () => {
    expect(checkInUrl('https://kinetic.example', { company: 'acme', roleId: 'client' }, 'aa', 'bb', 'c0de', 7)).toBe(
      'https://kinetic.example/acme/client/client/app/check-in/aa?i=bb&c=c0de&t=7',
    );
  });

  it('emailId carries any email through the address and back; junk reads as empty', () => {
    for (const email of ['bob@example.com', 'zoë+door@exämple.de'])
      expect(decodeEmailId(encodeEmailId(email))).toBe(email);
    expect(encodeEmailId('bob@example.com')).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeEmailId('%%%')).toBe('');
  });

  it('a check-in needs the code and its step, or a pass', () => {
    const ids = { fitnessSessionId: '6650f0a1b2c3d4e5f6a7b8c9', classInstanceId: '6650f0a1b2c3d4e5f6a7b8ca' };
    expect(checkInBody.safeParse(ids).success).toBe(false);
    expect(checkInBody.safeParse({ ...ids, code: 'ABCDEF012345', step: 5 }).data?.code).toBe('abcdef012345');
    expect(checkInBody.safeParse({ ...ids, pass: '1790000000.0123456789abcdef0123456789abcdef' }).success).toBe(true);
    expect(checkInBody.safeParse({ ...ids, code: 'abc', step: 5 }).success).toBe(false);
  });
});
