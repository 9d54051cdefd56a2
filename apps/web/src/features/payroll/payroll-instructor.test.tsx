import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { PayrollLineDto } from '@kinetic/shared';
import { theme } from '../../app/theme.ts';
import '../../test/render-page.tsx';
import { PayrollInstructor } from './payroll-instructor.tsx';

afterEach(cleanup);

const line = (day: number, overrides: Partial<PayrollLineDto> = {}): PayrollLineDto => ({
  kind: 'class',
  service: 'class',
  instructorId: 'a'.repeat(24),
  instructorName: 'Ines Instructor',
  classInstanceId: String(day).padStart(24, '0'),
  className: `Evening Flow ${day}`,
  startsAt: `2026-10-${String(day).padStart(2, '0')}T22:00:00.000Z`,
  localDate: `2026-10-${String(day).padStart(2, '0')}`,
  localTime: '18:00',
  studioName: 'Midtown',
  substituteFor: null,
  attendees: 8,
  minutes: 60,
  rateId: 'r'.repeat(24),
  rateSummary: '$25.00 per class',
  amount: 2500,
  adjustsPeriod: null,
  note: null,
  noRate: false,
  ...overrides,
});

function show(lines: PayrollLineDto[], narrow: boolean) {
  render(
    <MantineProvider theme={theme}>
      <PayrollInstructor
        instructor={{
          instructorId: 'a'.repeat(24),
          instructorName: 'Ines Instructor',
          classes: lines.length,
          subtotal: lines.reduce((sum, each) => sum + each.amount, 0),
          lines,
        }}
        currency="USD"
        locale="en-US"
        narrow={narrow}
      />
    </MantineProvider>,
  );
}

describe('an instructor’s payroll lines', () => {
  it('on a phone, folds a long list behind a button that says what it holds and what needs a look', () => {
    show([1, 2, 3, 4].map((day) => line(day)).concat(line(5, { noRate: true, amount: 0 })), true);
    expect(screen.getByText('5 classes · Subtotal $100.00')).toBeTruthy();
    expect(screen.getByText('1 class without a rate')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Ines Instructor’s lines' })).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Show the 5 lines' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const list = screen.getByRole('list', { name: 'Ines Instructor’s lines' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-controls')).toBe(list.id);
    fireEvent.click(screen.getByRole('button', { name: 'Hide the lines' }));
    expect(screen.queryByRole('list', { name: 'Ines Instructor’s lines' })).toBeNull();
  });

  it('marks an appointment line and counts appointments apart from classes', () => {
    show(
      [
        line(1),
        line(2, {
          service: 'appointment',
          className: 'Private Pilates',
          rateSummary: '$40.00 an hour',
          amount: 4000,
        }),
        line(3, { service: 'appointment', className: 'Assessment', noRate: true, amount: 0 }),
        line(4),
      ],
      true,
    );
    expect(screen.getByText('2 classes · 2 appointments · Subtotal $90.00')).toBeTruthy();
    expect(screen.getByText('1 appointment without a rate')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show the 4 lines' }));
    const pilates = screen.getByText('Private Pilates').closest('li')!;
    expect(within(pilates).getByText('Appointment')).toBeTruthy();
    expect(within(screen.getByText('Evening Flow 1').closest('li')!).queryByText('Appointment')).toBeNull();
  });

  it('shows a short list on a phone, and every line in the wide table, without a button', () => {
    show([line(1), line(2), line(3)], true);
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    show(
      [1, 2, 3, 4, 5].map((day) => line(day)),
      false,
    );
    expect(screen.getAllByRole('row')).toHaveLength(7);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
