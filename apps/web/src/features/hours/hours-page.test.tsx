import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { defaultCan, type AccountDto, type HoursDto } from '@kinetic/shared';
import {
  noStub,
  ok,
  renderRoutes,
  stubFetch,
  withoutHeaders,
  type Answer,
  type Call,
} from '../../test/render-page.tsx';
import { HoursPage } from './hours-page.tsx';

const ID = '0123456789abcdef01234567';

const account: AccountDto = {
  user: { id: ID, name: 'Olive Owner', email: 'olive@example.com', phone: null, roleId: 'admin' },
  company: { id: ID, slug: 'acme', name: 'Acme Yoga', kind: 'company', logoUrl: null, locale: 'en-US' },
  hostType: 'company',
  onBoardingData: [],
  can: defaultCan('admin'),
};

const hours = (peakHour: HoursDto['peakHour'], nonPeakHour: HoursDto['nonPeakHour'] = {}): HoursDto => ({
  peakHour,
  nonPeakHour,
  isPeakNonPeakAllowed: '1',
});

/** GET /api/me and GET /api/hours answered; `other` answers the rest. */
function serve(initial: HoursDto, other: (call: Call) => Answer = noStub) {
  return stubFetch((call) => {
    if (call.method === 'GET' && call.path === 'me') return ok(account);
    if (call.method === 'GET' && call.path === 'hours') return ok(initial);
    return other(call);
  });
}

function open() {
  renderRoutes([{ path: '/app/settings/hours', element: <HoursPage /> }], '/app/settings/hours');
}

// Fourteen day rows of Mantine controls take a while to render on a busy machine: the queries that
// wait for them, and each test, get room for that instead of the 1 s / 5 s defaults.
const SLOW = { timeout: 15_000 };

const rangesText = async (id: string) => (await screen.findByTestId(id, {}, SLOW)).textContent;
const status = () =>
  screen
    .getAllByRole('status')
    .map((node) => node.textContent)
    .join(' | ');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Settings › Peak/Non Peak Hours (spec §4 Hours transitions)', { timeout: 40_000 }, () => {
  it('Hours: request sets loading — the page shows its loader until the hours arrive', async () => {
    let answerHours: (answer: Answer) => void = () => {};
    const pending = new Promise<Answer>((resolve) => {
      answerHours = resolve;
    });
    const calls = stubFetch((call) => {
      if (call.method === 'GET' && call.path === 'me') return ok(account);
      if (call.method === 'GET' && call.path === 'hours') return pending;
      return noStub(call);
    });
    open();
    // The account has arrived and the hours were asked for: only the hours request is still open.
    await waitFor(() => expect(calls.some((call) => call.path === 'hours')).toBe(true), SLOW);
    expect(screen.getByTestId('page-loader')).toBeTruthy();
    expect(screen.queryByTestId('ranges-peak-monday')).toBeNull();

    answerHours(ok(hours({ monday: [{ start: '17:00', end: '20:00' }] })));
    expect(await rangesText('ranges-peak-monday')).toBe('17:00–20:00');
    expect(screen.queryByTestId('page-loader')).toBeNull();
  });

  it('Hours: success stores data — every day shows the ranges the server saved', async () => {
    serve(
      hours(
        {
          monday: [
            { start: '06:00', end: '08:00' },
            { start: '17:00', end: '20:00' },
          ],
        },
        { wednesday: [{ start: '10:00', end: '12:00' }] },
      ),
    );
    open();
    expect(await rangesText('ranges-peak-monday')).toBe('06:00–08:00, 17:00–20:00');
    expect(screen.getByTestId('ranges-non-peak-wednesday').textContent).toBe('10:00–12:00');
    expect(screen.getByTestId('ranges-peak-tuesday').textContent).toBe('No peak hours');
    expect(screen.getByTestId('ranges-non-peak-monday').textContent).toBe('No non-peak hours');
    expect(screen.queryByText('No hours yet')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Hours: fail stores the error — the page says the hours could not be loaded, with the server’s message', async () => {
    stubFetch((call) => {
      if (call.method === 'GET' && call.path === 'me') return ok(account);
      if (call.method === 'GET' && call.path === 'hours') {
        return { code: 500, body: { status: 0, message: 'The hours store is not answering.' } };
      }
      return noStub(call);
    });
    open();
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(within(alert).getByText('The hours could not be loaded')).toBeTruthy();
    expect(within(alert).getByText('The hours store is not answering.')).toBeTruthy();
    expect(screen.queryByTestId('ranges-peak-monday')).toBeNull();
    expect(screen.queryByTestId('page-loader')).toBeNull();
  });

  it('Hours: reset clears — "Try again" after a failure loads the hours and the error is gone', async () => {
    let hoursCalls = 0;
    stubFetch((call) => {
      if (call.method === 'GET' && call.path === 'me') return ok(account);
      if (call.method === 'GET' && call.path === 'hours') {
        hoursCalls += 1;
        return hoursCalls === 1
          ? { code: 503, body: { status: 0, message: 'Try again in a moment.' } }
          : ok(hours({ friday: [{ start: '18:00', end: '21:00' }] }));
      }
      return noStub(call);
    });
    open();
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(within(alert).getByText('Try again in a moment.')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await rangesText('ranges-peak-friday')).toBe('18:00–21:00');
    expect(hoursCalls).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('The hours could not be loaded')).toBeNull();
  });

  it('Hours: adding merges lists per day — Add sends only the new ranges and the page shows the merged day', async () => {
    const merged = hours({
      monday: [
        { start: '06:00', end: '08:00' },
        { start: '17:00', end: '20:00' },
      ],
    });
    const calls = serve(
      {
        peakHour: { monday: [{ start: '06:00', end: '08:00' }] },
        nonPeakHour: {},
        isPeakNonPeakAllowed: '0',
      },
      (call) => (call.method === 'POST' && call.path === 'hours' ? ok(merged) : noStub(call)),
    );
    open();
    expect(await rangesText('ranges-peak-monday')).toBe('06:00–08:00');

    fireEvent.click(screen.getByRole('button', { name: 'Add peak hours on Monday' }));
    fireEvent.change(await screen.findByLabelText('Monday, range 1, start', {}, SLOW), {
      target: { value: '17:00' },
    });
    fireEvent.change(screen.getByLabelText('Monday, range 1, end'), { target: { value: '20:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to Monday' }));

    await waitFor(() => expect(status()).toContain('Monday peak hours saved.'), SLOW);
    expect(calls.filter((call) => call.method === 'POST').map(withoutHeaders)).toEqual([
      {
        method: 'POST',
        path: 'hours',
        body: { band: 'peak', day: 'monday', ranges: [{ start: '17:00', end: '20:00' }] },
      },
    ]);
    expect(screen.getByTestId('ranges-peak-monday').textContent).toBe('06:00–08:00, 17:00–20:00');
    // The editor closed: Monday reads as text again with its Edit button.
    expect(screen.queryByLabelText('Monday, range 1, start')).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Monday peak hours' })).toBeTruthy();
  });

  it('Hours: adding sets isPeakNonPeakAllowed to "1" — the "No hours yet" prompt goes for good once hours are added', async () => {
    const calls = serve({ peakHour: {}, nonPeakHour: {}, isPeakNonPeakAllowed: '0' }, (call) => {
      if (call.method === 'POST' && call.path === 'hours') {
        return ok(hours({}, { thursday: [{ start: '09:00', end: '11:00' }] }));
      }
      // The server keeps the flag when the only day is deleted again.
      if (call.method === 'DELETE' && call.path === 'hours/non-peak/thursday') return ok(hours({}, {}));
      return noStub(call);
    });
    open();
    expect(await screen.findByText('No hours yet', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add non-peak hours on Thursday' }));
    fireEvent.change(await screen.findByLabelText('Thursday, range 1, start', {}, SLOW), {
      target: { value: '09:00' },
    });
    fireEvent.change(screen.getByLabelText('Thursday, range 1, end'), { target: { value: '11:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to Thursday' }));

    await waitFor(() => expect(status()).toContain('Thursday non-peak hours saved.'), SLOW);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      band: 'non-peak',
      day: 'thursday',
      ranges: [{ start: '09:00', end: '11:00' }],
    });
    expect(screen.getByTestId('ranges-non-peak-thursday').textContent).toBe('09:00–11:00');
    expect(screen.queryByText('No hours yet')).toBeNull();

    // With no range left but isPeakNonPeakAllowed "1", the first-time prompt stays away.
    fireEvent.click(screen.getByRole('button', { name: 'Delete Thursday non-peak hours' }));
    await waitFor(() => expect(status()).toContain('Thursday non-peak hours deleted.'), SLOW);
    expect(screen.getByTestId('ranges-non-peak-thursday').textContent).toBe('No non-peak hours');
    expect(screen.queryByText('No hours yet')).toBeNull();
  });

  it('Hours: editing replaces a day’s times — Save sends the whole new list by PUT and the day shows it', async () => {
    const calls = serve(
      hours({ monday: [{ start: '17:00', end: '20:00' }], tuesday: [{ start: '06:00', end: '08:00' }] }),
      (call) =>
        call.method === 'PUT' && call.path === 'hours'
          ? ok(
              hours({
                monday: [{ start: '17:00', end: '21:00' }],
                tuesday: [{ start: '06:00', end: '08:00' }],
              }),
            )
          : noStub(call),
    );
    open();
    expect(await rangesText('ranges-peak-monday')).toBe('17:00–20:00');

    fireEvent.click(screen.getByRole('button', { name: 'Edit Monday peak hours' }));
    const start = await screen.findByLabelText('Monday, range 1, start', {}, SLOW);
    expect((start as HTMLInputElement).value).toBe('17:00');
    fireEvent.change(screen.getByLabelText('Monday, range 1, end'), { target: { value: '21:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Monday' }));

    await waitFor(() => expect(status()).toContain('Monday peak hours saved.'), SLOW);
    expect(calls.filter((call) => call.method !== 'GET').map(withoutHeaders)).toEqual([
      {
        method: 'PUT',
        path: 'hours',
        body: { band: 'peak', day: 'monday', ranges: [{ start: '17:00', end: '21:00' }] },
      },
    ]);
    expect(screen.getByTestId('ranges-peak-monday').textContent).toBe('17:00–21:00');
    expect(screen.getByTestId('ranges-peak-tuesday').textContent).toBe('06:00–08:00');
  });

  it('Hours: deleting removes a day’s entry — DELETE /api/hours/peak/tuesday, then Tuesday reads "No peak hours"', async () => {
    const calls = serve(
      hours({ monday: [{ start: '17:00', end: '20:00' }], tuesday: [{ start: '06:00', end: '08:00' }] }),
      (call) =>
        call.method === 'DELETE' && call.path === 'hours/peak/tuesday'
          ? ok(hours({ monday: [{ start: '17:00', end: '20:00' }] }))
          : noStub(call),
    );
    open();
    expect(await rangesText('ranges-peak-tuesday')).toBe('06:00–08:00');

    fireEvent.click(screen.getByRole('button', { name: 'Delete Tuesday peak hours' }));

    await waitFor(() => expect(status()).toContain('Tuesday peak hours deleted.'), SLOW);
    expect(calls.filter((call) => call.method !== 'GET').map(withoutHeaders)).toEqual([
      { method: 'DELETE', path: 'hours/peak/tuesday', body: undefined },
    ]);
    expect(screen.getByTestId('ranges-peak-tuesday').textContent).toBe('No peak hours');
    expect(screen.queryByRole('button', { name: 'Delete Tuesday peak hours' })).toBeNull();
    expect(screen.getByTestId('ranges-peak-monday').textContent).toBe('17:00–20:00');
  });
});
