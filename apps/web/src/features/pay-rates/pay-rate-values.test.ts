import { describe, expect, it } from 'vitest';
import type { PayRateDto } from '@kinetic/shared';
import {
  afterDeletingRate,
  APPOINTMENTS_CHOICE,
  payRateFormErrors,
  toPayRateBody,
  toPayRateFormValues,
  toPayRateUpdateBody,
  type PayRateFormValues,
} from './pay-rate-values.ts';

const INSTRUCTOR = 'dddddddddddddddddddddddd';
const context = { closedThrough: null, locale: 'en-GB' };

const values = (overrides: Partial<PayRateFormValues> = {}): PayRateFormValues => ({
  ...toPayRateFormValues(undefined, 'GBP', { instructorId: INSTRUCTOR, today: '2026-11-26' }),
  amount: 25,
  ...overrides,
});

describe('pay rate form rules', () => {
  it('starts a new rate today, per class, for all classes, with nothing else filled', () => {
    expect(toPayRateFormValues(undefined, 'GBP', { instructorId: '', today: '2026-11-26' })).toEqual({
      instructorId: '',
      templateId: '',
      effectiveFrom: '2026-11-26',
      kind: 'per_class',
      amount: '',
      peakAmount: '',
      baseAmount: '',
      capAmount: '',
    });
  });

  it('an appointment rate is sent as service appointment with no template, and edited as Appointments', () => {
    const body = toPayRateBody(
      values({ templateId: APPOINTMENTS_CHOICE, kind: 'hourly', amount: 40 }),
      'GBP',
    );
    expect(body).toMatchObject({ service: 'appointment', templateId: null, kind: 'hourly', amount: 4000 });
    expect(toPayRateUpdateBody(values({ templateId: APPOINTMENTS_CHOICE }), 'GBP')).toMatchObject({
      service: 'appointment',
      templateId: null,
    });
    const saved = {
      ...body,
      id: 'a'.repeat(24),
      service: 'appointment',
      peakAmount: null,
      capAmount: null,
    } as PayRateDto;
    expect(toPayRateFormValues(saved, 'GBP', { instructorId: '', today: '2026-11-26' }).templateId).toBe(
      APPOINTMENTS_CHOICE,
    );
    expect(toPayRateBody(values(), 'GBP').service).toBe('class');
  });

  it('sends whole pence, empty optional amounts as none, and all classes as no template', () => {
    expect(toPayRateBody(values({ amount: 25.5, peakAmount: 30 }), 'GBP')).toEqual({
      instructorId: INSTRUCTOR,
      templateId: null,
      service: 'class',
      effectiveFrom: '2026-11-26',
      kind: 'per_class',
      amount: 2550,
      peakAmount: 3000,
      baseAmount: 0,
      capAmount: null,
    });
    expect(toPayRateBody(values({ amount: 3000 }), 'JPY').amount).toBe(3000);
  });

  it('drops a base and cap typed for per attendee once the kind is changed to another', () => {
    const perAttendee = values({ kind: 'per_attendee', amount: 3, baseAmount: 10, capAmount: 40 });
    expect(toPayRateBody(perAttendee, 'GBP')).toMatchObject({ baseAmount: 1000, capAmount: 4000 });
    expect(toPayRateBody({ ...perAttendee, kind: 'hourly' }, 'GBP')).toMatchObject({
      baseAmount: 0,
      capAmount: null,
    });
    expect(payRateFormErrors({ ...perAttendee, kind: 'hourly' }, 'GBP', context)).toEqual({});
  });

  it('asks for the instructor and the amount, and a cap no lower than the base, at their fields', () => {
    expect(payRateFormErrors(values({ instructorId: '', amount: '' }), 'GBP', context)).toEqual({
      instructorId: 'Choose the instructor',
      amount: 'Enter the amount',
    });
    expect(
      payRateFormErrors(
        values({ kind: 'per_attendee', amount: 3, baseAmount: 10, capAmount: 9 }),
        'GBP',
        context,
      ),
    ).toEqual({ capAmount: 'The cap cannot be less than the base amount' });
  });

  it('refuses a start on or before the end of closed payroll, naming the first day allowed', () => {
    const closed = { closedThrough: '2026-10-31', locale: 'en-GB' };
    expect(payRateFormErrors(values({ effectiveFrom: '2026-10-31' }), 'GBP', closed)).toEqual({
      effectiveFrom: 'Payroll is closed up to 31 Oct 2026; rates can start from 1 Nov 2026.',
    });
    expect(payRateFormErrors(values({ effectiveFrom: '2026-11-01' }), 'GBP', closed)).toEqual({});
  });

  it('shows a saved rate in pounds and sends an edit without its instructor', () => {
    const saved: PayRateDto = {
      id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      instructorId: INSTRUCTOR,
      templateId: 'bbbbbbbbbbbbbbbbbbbbbbbb',
      service: 'class',
      effectiveFrom: '2026-12-01',
      kind: 'per_attendee',
      amount: 350,
      peakAmount: null,
      baseAmount: 0,
      capAmount: 4000,
      createdAt: '2026-11-01T00:00:00.000Z',
    };
    const form = toPayRateFormValues(saved, 'GBP', { instructorId: '', today: '2026-11-26' });
    expect(form).toMatchObject({
      amount: 3.5,
      baseAmount: '',
      capAmount: 40,
      peakAmount: '',
      templateId: saved.templateId,
    });
    expect(toPayRateUpdateBody(form, 'GBP')).not.toHaveProperty('instructorId');
    expect(toPayRateUpdateBody(form, 'GBP')).toMatchObject({ amount: 350, capAmount: 4000, baseAmount: 0 });
  });
});

describe('what deleting a scheduled rate leaves', () => {
  const rate = (
    id: string,
    effectiveFrom: string,
    extra: Partial<PayRateDto> & { templateName?: string } = {},
  ) => ({
    id,
    templateId: null,
    effectiveFrom,
    kind: 'per_class' as const,
    amount: 2500,
    peakAmount: null,
    baseAmount: 0,
    capAmount: null,
    ...extra,
  });

  it('names the earlier rate for the same classes that applies again', () => {
    const later = rate('b', '2026-12-07', { amount: 3000 });
    const text = afterDeletingRate(later, [later, rate('a', '2026-07-01')], 'Nina New', 'USD', 'en-US');
    expect(text).toContain('From Dec 7, 2026 on, Nina New’s classes keep the rate before it:');
    expect(text).toContain('25.00');
  });

  it("sends a template's own rate back to the rate for all classes, not to an earlier rate of another template", () => {
    const spin = rate('s', '2026-11-30', { templateId: 't1', templateName: 'Spin', amount: 3500 });
    const other = rate('o', '2026-07-01', { templateId: 't2', templateName: 'Barre' });
    expect(afterDeletingRate(spin, [spin, other, rate('g', '2026-11-30')], 'Nina New', 'USD', 'en-US')).toBe(
      'From Nov 30, 2026 on, Nina New’s Spin classes are paid at their rate for all classes.',
    );
  });

  it('says the classes go unpaid when no rate for all classes is left', () => {
    const only = rate('g', '2026-11-30');
    expect(afterDeletingRate(only, [only], 'Nina New', 'USD', 'en-US')).toBe(
      'Nina New has no rate for all classes from Nov 30, 2026 on: those classes show on payroll without pay until a rate is set.',
    );
  });
});
