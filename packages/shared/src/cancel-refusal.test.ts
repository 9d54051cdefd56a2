import { describe, expect, it } from 'vitest';
import { cancelRefusal, type CancelRuleHeld } from './orders.ts';

const today = '2026-11-25';
const membership: CancelRuleHeld = {
  terms: { kind: 'membership' },
  status: 'active',
  paidUntil: '2026-12-25',
  endsOn: null,
  cancellableFrom: null,
};

describe('cancelRefusal: the commitment rule the server applies and the desk dialog offers', () => {
  it('no commitment, or one that has ended: now and at the end of the paid period', () => {
    for (const cancellableFrom of [null, today, '2026-11-01']) {
      const held = { ...membership, cancellableFrom };
      expect(cancelRefusal(held, 'now', today)).toBeNull();
      expect(cancelRefusal(held, 'period-end', today)).toBeNull();
    }
  });

  it('a commitment running: not now; at the end of the period only when it runs to the commitment’s end', () => {
    const longer = { ...membership, cancellableFrom: '2027-02-25' };
    expect(cancelRefusal(longer, 'now', today)).toBe('commitment');
    expect(cancelRefusal(longer, 'period-end', today)).toBe('period-before-commitment');
    expect(cancelRefusal(longer, 'now', today, { waiveCommitment: true })).toBeNull();
    const sameDay = { ...membership, cancellableFrom: '2026-12-25' };
    expect(cancelRefusal(sameDay, 'now', today)).toBe('commitment');
    expect(cancelRefusal(sameDay, 'period-end', today)).toBeNull();
  });

  it('at the end of the period: only an active membership with a paid period to run that does not already end', () => {
    expect(cancelRefusal({ ...membership, status: 'paused' }, 'period-end', today)).toBe('paused');
    expect(cancelRefusal({ ...membership, paidUntil: today }, 'period-end', today)).toBe('no-paid-period');
    expect(cancelRefusal({ ...membership, endsOn: '2026-12-25' }, 'period-end', today)).toBe('already-ends');
    expect(cancelRefusal({ ...membership, terms: { kind: 'class-pack' } }, 'period-end', today)).toBe(
      'not-a-membership',
    );
    expect(
      cancelRefusal({ ...membership, status: 'cancelled' }, 'now', today, { waiveCommitment: true }),
    ).toBe('already-cancelled');
  });
});
