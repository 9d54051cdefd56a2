import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { KioskDto } from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch, type Answer } from '../../test/render-page.tsx';
import { choiceAnswers, STUDIO_ID } from '../schedule/schedule-test-fixtures.ts';
import { KioskPage } from './kiosk-page.tsx';

/** Kiosk mode (issue 13 §5): a client types their email or phone and reads one sentence about themselves. */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const kiosk: KioskDto = {
  studioName: 'Midtown',
  timeZone: 'America/New_York',
  classes: [{ name: 'Power Yoga', startsAt: new Date().toISOString(), roomName: 'Studio A' }],
};
const nora = { displayName: 'Nora K.', className: 'Power Yoga', startsAt: kiosk.classes[0]!.startsAt };

function open(checkIns: Answer[]) {
  const calls = stubFetch((call) => {
    if (call.method === 'POST' && call.path === 'kiosk/check-ins') return checkIns.shift() ?? noStub(call);
    if (call.path === `kiosk?studioId=${STUDIO_ID}`) return ok(kiosk);
    return choiceAnswers[call.path as keyof typeof choiceAnswers] ?? noStub(call);
  });
  renderRoutes([{ path: '/app/kiosk', element: <KioskPage /> }], `/app/kiosk?studioId=${STUDIO_ID}`);
  return calls;
}

async function checkIn(identifier: string) {
  const field = await screen.findByRole('textbox', { name: 'Your email or phone number' });
  fireEvent.change(field, { target: { value: identifier } });
  fireEvent.click(screen.getByRole('button', { name: 'Check in' }));
}

describe('Kiosk', () => {
  it('welcomes a client once, and tells them they are already in when they try again', async () => {
    const calls = open([ok({ ...nora, alreadyCheckedIn: false }), ok({ ...nora, alreadyCheckedIn: true })]);
    await screen.findByRole('heading', { level: 1, name: 'Check in at Midtown' });
    await checkIn('nora@example.com');
    expect(
      (await screen.findByText('Welcome, Nora K. You are checked in to Power Yoga.')).getAttribute('role'),
    ).toBe('status');
    await checkIn('nora@example.com');
    await screen.findByText('Nora K. You are already checked in to Power Yoga.');
    expect(screen.queryByText(/Welcome/)).toBeNull();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { studioId: STUDIO_ID, identifier: 'nora@example.com' },
      { studioId: STUDIO_ID, identifier: 'nora@example.com' },
    ]);
  });
});
