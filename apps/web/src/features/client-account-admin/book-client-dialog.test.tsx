import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ClassInstanceDto, PaymentOptionsDto } from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch, type Answer, type Call } from '../../test/render-page.tsx';
import { COMPANY_ID, details, studio } from '../schedule/schedule-test-fixtures.ts';
import { BookClientDialog } from './book-client-dialog.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CLIENT_ID = '777777777777777777777777';
const DAY = 86_400_000;
const HOUR = 3_600_000;
const inDays = (days: number, hours = 0) => new Date(Date.now() + days * DAY + hours * HOUR);

const classAt = (id: string, name: string, startsAt: Date, booked = 0): ClassInstanceDto => {
  const { description: _d, dropInPrice: _p, currency: _c, rules: _r, series: _s, ...item } = details;
  return {
    ...item,
    id,
    templateName: name,
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + HOUR).toISOString(),
    capacity: 10,
    bookedCount: booked,
  };
};

// Three and four days ahead: on New York's calendar neither is today or tomorrow.
const flow = classAt('a'.repeat(24), 'Evening Flow', inDays(3));
const yoga = classAt('b'.repeat(24), 'Power Yoga', inDays(4));
const dayLabel = (instant: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'short',
    timeZone: 'America/New_York',
  }).format(instant);

const options: PaymentOptionsDto = {
  currency: 'USD',
  dropInPrice: 2000,
  best: { kind: 'class-pack', clientPackageId: 'p'.repeat(24), label: 'Uses 1 credit of 10-Class Pack' },
  packages: [
    {
      clientPackageId: 'p'.repeat(24),
      name: '10-Class Pack',
      kind: 'class-pack',
      remaining: 7,
      usable: true,
      problem: null,
    },
  ],
};

function serve(post: (call: Call) => Answer) {
  return stubFetch((call) => {
    if (call.method === 'POST') return post(call);
    if (call.path === 'studios?pageSize=100') return ok({ items: [studio], total: 1 });
    if (call.path.startsWith('class-instances?')) return ok({ items: [flow, yoga] });
    if (call.path.startsWith(`class-instances/${yoga.id}/payment-options?clientId=${CLIENT_ID}`))
      return ok(options);
    return noStub(call);
  });
}

const open = (onClose = () => {}) =>
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <BookClientDialog
            companyId={COMPANY_ID}
            clientId={CLIENT_ID}
            clientName="Cleo Client"
            opened
            onClose={onClose}
          />
        ),
      },
    ],
    '/',
  );

const booking = (status: string) => ({ body: { status: 1, data: { id: 'x'.repeat(24), status } } });

describe('Book a client into a class', () => {
  it("offers the studio's days with classes, says how the place is paid, and books with the client and a key", async () => {
    const calls = serve(() => booking('booked'));
    open();
    const dialog = within(await screen.findByRole('dialog', { name: 'Book Cleo Client into a class' }));
    const day = dialog.getByRole('combobox', { name: 'Day' }) as HTMLInputElement;
    await waitFor(() => expect(day.value).toBe(dayLabel(new Date(flow.startsAt))));
    // The first day lists its class only.
    expect(await dialog.findByRole('radio', { name: /Evening Flow/ })).toBeTruthy();
    expect(dialog.queryByRole('radio', { name: /Power Yoga/ })).toBeNull();

    fireEvent.click(day);
    fireEvent.click(
      await screen.findByRole('option', { name: dayLabel(new Date(yoga.startsAt)), hidden: true }),
    );
    const radio = await dialog.findByRole('radio', {
      name: /Power Yoga · Midtown · Ines Instructor · 10 places left/,
    });
    fireEvent.click(radio);
    expect(await dialog.findByText('Pay with')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Book Cleo Client' }));
    expect(await dialog.findByText(/^Cleo Client is booked into Power Yoga at /)).toBeTruthy();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => [call.path, call.body])).toEqual([
      [`class-instances/${yoga.id}/bookings`, { clientId: CLIENT_ID, clientPackageId: 'p'.repeat(24) }],
    ]);
    expect(posts[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Done' })));
  });

  it('asks before booking a client who has not signed the waiver, then books them anyway for this class', async () => {
    let tries = 0;
    const calls = serve(() => {
      tries += 1;
      return tries === 1
        ? {
            code: 409,
            body: {
              status: 0,
              message: 'Cleo Client has not signed the current waiver.',
              errors: { overrideWaiver: 'Book anyway to let them in for this class' },
            },
          }
        : booking('booked');
    });
    open();
    const dialog = within(await screen.findByRole('dialog', { name: 'Book Cleo Client into a class' }));
    fireEvent.click(await dialog.findByRole('radio', { name: /Evening Flow/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Book Cleo Client' }));
    expect(await dialog.findByText('Cleo Client has not signed the current waiver.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Book Cleo Client anyway' }));
    expect(await dialog.findByText(/^Cleo Client is booked into Evening Flow at /)).toBeTruthy();
    const bodies = calls.filter((call) => call.method === 'POST').map((call) => call.body);
    expect(bodies[1]).toMatchObject({ clientId: CLIENT_ID, overrideWaiver: true });
  });
});
