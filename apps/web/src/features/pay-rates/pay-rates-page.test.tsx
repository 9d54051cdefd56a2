import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { defaultCan, type PayRateListDto, type PayRateListItemDto } from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch, type Answer } from '../../test/render-page.tsx';
import {
  account,
  choiceAnswers,
  INSTRUCTOR_ID,
  SUBSTITUTE_ID,
  TEMPLATE_ID,
} from '../schedule/schedule-test-fixtures.ts';
import { PayRatesPage } from './pay-rates-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rate = (id: string, overrides: Partial<PayRateListItemDto>): PayRateListItemDto => ({
  id: id.padEnd(24, '0'),
  instructorId: INSTRUCTOR_ID,
  instructorName: 'Ines Instructor',
  templateId: null,
  templateName: null,
  service: 'class',
  effectiveFrom: '2026-07-01',
  kind: 'per_class',
  amount: 2500,
  peakAmount: null,
  baseAmount: 0,
  capAmount: null,
  status: 'past',
  createdAt: '2026-07-01T00:00:00.000Z',
  ...overrides,
});

const scheduled = rate('a1', { effectiveFrom: '2026-12-01', amount: 3000, status: 'scheduled' });
const inForce = rate('a2', {
  effectiveFrom: '2026-11-05',
  amount: 2800,
  peakAmount: 3200,
  status: 'in_force',
});
const past = rate('a3', {});
const override = rate('a4', {
  templateId: TEMPLATE_ID,
  templateName: 'Evening Flow',
  kind: 'per_attendee',
  amount: 300,
  baseAmount: 1000,
  capAmount: 4000,
  status: 'in_force',
});

const listOf = (items: PayRateListItemDto[], closedThrough: string | null = null): PayRateListDto => ({
  items,
  total: items.length,
  today: '2026-11-26',
  closedThrough,
  currency: 'USD',
});

function serve(
  write?: (method: string, path: string) => Answer | undefined,
  answers: { rates?: PayRateListDto; me?: typeof account } = {},
) {
  const reads: Record<string, Answer> = {
    ...choiceAnswers,
    me: ok(answers.me ?? account),
    'pay-rates': ok(answers.rates ?? listOf([scheduled, inForce, past, override])),
  };
  return stubFetch((call) =>
    call.method === 'GET'
      ? (reads[call.path] ?? noStub(call))
      : (write?.(call.method, call.path) ?? noStub(call)),
  );
}

const show = () => renderRoutes([{ path: '/', element: <PayRatesPage /> }], '/');

describe('Settings › Staff Payrates', () => {
  it('shows an appointment rate apart from classes (not as the rate for all classes), and edits it as Appointments', async () => {
    const appointments = rate('a5', {
      service: 'appointment',
      kind: 'hourly',
      amount: 4000,
      status: 'in_force',
    });
    const later = rate('a6', {
      service: 'appointment',
      effectiveFrom: '2026-12-01',
      amount: 4500,
      status: 'scheduled',
    });
    serve(undefined, { rates: listOf([later, appointments, past]) });
    show();
    const ines = within(await screen.findByRole('region', { name: 'Ines Instructor' }));
    expect(ines.getByText('Appointments: $40.00 an hour')).toBeTruthy();
    expect(ines.getByText('No rate for all classes in force today.')).toBeTruthy();
    const applies = within(ines.getByRole('table', { name: 'Ines Instructor’s rates' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(applies).toEqual(['Appointments', 'Appointments', 'All classes']);
    fireEvent.click(
      ines.getByRole('button', { name: 'Edit Ines Instructor’s rate from Dec 1, 2026 for appointments' }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    expect((dialog.getByLabelText('Applies to') as HTMLSelectElement).value).toBe('appointments');
  });

  it('says "per appointment" for a per-session appointment rate, as payroll does, in the summary, table and form', async () => {
    const appointments = rate('a7', {
      service: 'appointment',
      kind: 'per_class',
      amount: 4500,
      status: 'in_force',
    });
    const later = rate('a8', {
      service: 'appointment',
      kind: 'per_class',
      effectiveFrom: '2026-12-01',
      amount: 5000,
      status: 'scheduled',
    });
    serve(undefined, { rates: listOf([later, appointments, past]) });
    show();
    expect(await screen.findByText(/for the classes they teach and the appointments they give/)).toBeTruthy();
    const ines = within(await screen.findByRole('region', { name: 'Ines Instructor' }));
    expect(ines.getByText('Appointments: $45.00 per appointment')).toBeTruthy();
    const row = within(ines.getByRole('table', { name: 'Ines Instructor’s rates' })).getAllByRole('row')[2]!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1, 4)).toEqual(['Appointments', 'Per appointment', '$45.00 per appointment']);
    expect(ines.queryByText(/\$45\.00 per class/)).toBeNull();
    fireEvent.click(
      ines.getByRole('button', { name: 'Edit Ines Instructor’s rate from Dec 1, 2026 for appointments' }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('textbox', { name: /^Amount per appointment \(USD\)/ })).toBeTruthy();
    expect(dialog.getByRole('radio', { name: 'Per appointment' })).toBeTruthy();
  });

  it('shows each active instructor’s rate in force and their history, newest first, with its status', async () => {
    serve();
    show();
    const ines = within(await screen.findByRole('region', { name: 'Ines Instructor' }));
    expect(ines.getByText('In force: $32.00 per class in peak hours, $28.00 otherwise')).toBeTruthy();
    // A template's own rate in force is said beside it: those classes are not paid the general rate.
    expect(
      ines.getByText(
        'Evening Flow: $10.00 base + $3.00 per attendee, at most $40.00 (a class template’s own rate)',
      ),
    ).toBeTruthy();
    const rows = within(ines.getByRole('table', { name: 'Ines Instructor’s rates' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 5)
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Dec 1, 2026', 'All classes', 'Per class', '$30.00 per class', 'Scheduled'],
      [
        'Nov 5, 2026',
        'All classes',
        'Per class',
        '$32.00 per class in peak hours, $28.00 otherwise',
        'In force',
      ],
      ['Jul 1, 2026', 'All classes', 'Per class', '$25.00 per class', 'Past'],
      [
        'Jul 1, 2026',
        'Evening Flow',
        'Per attendee',
        '$10.00 base + $3.00 per attendee, at most $40.00',
        'In force',
      ],
    ]);
    // Only the rate still to come can be changed.
    expect(
      ines.getAllByRole('button', { name: /^Edit / }).map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Edit Ines Instructor’s rate from Dec 1, 2026']);
    expect(ines.getAllByRole('button', { name: /^Delete / })).toHaveLength(1);

    const sam = within(screen.getByRole('region', { name: 'Sam Substitute' }));
    expect(
      sam.getByText('No rate yet: their classes show on payroll without pay until one is set.'),
    ).toBeTruthy();
  });

  it('sets a new per-attendee rate for one template in cents; switching kind changes the fields', async () => {
    const calls = serve((method, path) =>
      method === 'POST' && path === 'pay-rates'
        ? {
            code: 201,
            body: {
              status: 1,
              data: {
                ...override,
                id: 'b1'.padEnd(24, '0'),
                instructorId: SUBSTITUTE_ID,
                effectiveFrom: '2026-12-01',
              },
            },
          }
        : undefined,
    );
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Set a new rate for Sam Substitute' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Set a new rate for Sam Substitute' }));
    expect((dialog.getByRole('combobox', { name: /^Instructor/ }) as HTMLSelectElement).value).toBe(
      SUBSTITUTE_ID,
    );
    expect((dialog.getByLabelText(/^From/) as HTMLInputElement).value).toBe('2026-11-26');
    expect(dialog.queryByRole('textbox', { name: /^Base for each class/ })).toBeNull();

    fireEvent.change(dialog.getByRole('combobox', { name: /^Applies to/ }), {
      target: { value: TEMPLATE_ID },
    });
    fireEvent.change(dialog.getByLabelText(/^From/), { target: { value: '2026-12-01' } });
    fireEvent.click(dialog.getByRole('radio', { name: 'Per attendee' }));
    fireEvent.change(dialog.getByRole('textbox', { name: /^Amount per attendee \(USD\)/ }), {
      target: { value: '3' },
    });
    fireEvent.change(dialog.getByRole('textbox', { name: /^Base for each class/ }), {
      target: { value: '10' },
    });
    fireEvent.change(dialog.getByRole('textbox', { name: /^Most for one class/ }), {
      target: { value: '40' },
    });
    expect(
      await dialog.findByText('$10.00 base + $3.00 per attendee, at most $40.00', { exact: false }),
    ).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Set the rate' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      instructorId: SUBSTITUTE_ID,
      templateId: TEMPLATE_ID,
      service: 'class',
      effectiveFrom: '2026-12-01',
      kind: 'per_attendee',
      amount: 300,
      peakAmount: null,
      baseAmount: 1000,
      capAmount: 4000,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      await screen.findByText(
        'Sam Substitute: $10.00 base + $3.00 per attendee, at most $40.00 from Dec 1, 2026 for Evening Flow.',
      ),
    ).toBeTruthy();
  });

  it('keeps a date inside closed payroll from being sent, and shows the server’s refusal at its field', async () => {
    const calls = serve(
      (method) =>
        method === 'POST'
          ? {
              code: 409,
              body: {
                status: 0,
                message: 'There is already a rate from 1 Dec 2026 for these classes.',
                errors: { effectiveFrom: 'There is already a rate from 1 Dec 2026 for these classes.' },
              },
            }
          : undefined,
      { rates: listOf([scheduled, inForce], '2026-10-31') },
    );
    show();
    expect(
      await screen.findByText('Payroll is closed up to Oct 31, 2026: new rates can start from Nov 1, 2026.'),
    ).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Set a new rate for Ines Instructor' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText(/^From/), { target: { value: '2026-10-15' } });
    fireEvent.change(dialog.getByRole('textbox', { name: /^Amount per class \(USD\)/ }), {
      target: { value: '30' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Set the rate' }));
    expect(
      await dialog.findByText('Payroll is closed up to Oct 31, 2026; rates can start from Nov 1, 2026.'),
    ).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    fireEvent.change(dialog.getByLabelText(/^From/), { target: { value: '2026-12-01' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Set the rate' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(
      await dialog.findAllByText('There is already a rate from 1 Dec 2026 for these classes.'),
    ).not.toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('edits a scheduled rate without its instructor, with a PUT', async () => {
    const calls = serve((method, path) =>
      method === 'PUT' && path === `pay-rates/${scheduled.id}`
        ? ok({ ...scheduled, amount: 3100 })
        : undefined,
    );
    show();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Edit Ines Instructor’s rate from Dec 1, 2026' }),
    );
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Edit Ines Instructor’s rate from Dec 1, 2026' }),
    );
    expect((dialog.getByRole('combobox', { name: /^Instructor/ }) as HTMLSelectElement).disabled).toBe(true);
    const amount = dialog.getByRole('textbox', { name: /^Amount per class \(USD\)/ }) as HTMLInputElement;
    expect(amount.value).toBe('30');
    fireEvent.change(amount, { target: { value: '31' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      templateId: null,
      service: 'class',
      effectiveFrom: '2026-12-01',
      kind: 'per_class',
      amount: 3100,
      peakAmount: null,
      baseAmount: 0,
      capAmount: null,
    });
  });

  it('says what is missing to a staff member who manages staff but cannot see financial data, and loads no rates', async () => {
    const me = {
      ...account,
      user: { ...account.user, roleId: 'staff' as const },
      can: { ...defaultCan('staff'), manageStaff: true, seeFinancials: false },
    };
    const calls = serve(undefined, { me });
    show();
    expect(
      await screen.findByText(/Pay rates need both “Manage staff” and “See financial data”/),
    ).toBeTruthy();
    expect(calls.some((call) => call.path === 'pay-rates')).toBe(false);
  });
});
