import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FrontDeskDto } from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch, type Answer } from '../../test/render-page.tsx';
import { choiceAnswers, CLASS_ID, fullDetails, roster, STUDIO_ID } from '../schedule/schedule-test-fixtures.ts';
import { FrontDeskPage } from './front-desk-page.tsx';

/** The front desk (issue 13 §4): today's classes at the studio with counts; the open one shows its check-in list. */
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const LATER_ID = '777777777777777777777770';
const now = Date.now();
const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
const desk: FrontDeskDto = {
  studioId: STUDIO_ID,
  studioName: 'Midtown',
  timeZone: 'America/New_York',
  date: '2030-01-08',
  items: [
    {
      classInstanceId: CLASS_ID,
      name: 'Evening Flow',
      startsAt: at(20),
      endsAt: at(80),
      roomName: 'Studio A',
      status: 'scheduled',
      capacity: 15,
      booked: 2,
      checkedIn: 1,
      checkInOpensAt: at(-10),
      checkInClosesAt: at(50),
    },
    {
      classInstanceId: LATER_ID,
      name: 'Late Stretch',
      startsAt: at(240),
      endsAt: at(300),
      roomName: null,
      status: 'scheduled',
      capacity: 10,
      booked: 0,
      checkedIn: 0,
      checkInOpensAt: at(210),
      checkInClosesAt: at(270),
    },
  ],
};

function open() {
  const reads: Record<string, Answer> = {
    ...choiceAnswers,
    [`front-desk?studioId=${STUDIO_ID}`]: ok(desk),
    [`class-instances/${CLASS_ID}`]: ok({ ...fullDetails, startsAt: at(20), endsAt: at(80) }),
    [`class-instances/${CLASS_ID}/bookings`]: ok({ items: roster }),
  };
  const calls = stubFetch((call) => reads[call.path] ?? noStub(call));
  renderRoutes([{ path: '/app/front-desk', element: <FrontDeskPage /> }], '/app/front-desk');
  return calls;
}

describe('Front desk', () => {
  it('lists today’s classes with their counts and opens the one whose check-in is open', async () => {
    open();
    await screen.findByRole('heading', { level: 1, name: 'Front desk' });
    const list = within(await screen.findByRole('list', { name: 'Today at Midtown' }));
    const [flow, stretch] = list.getAllByRole('listitem').filter((item) => item.parentElement?.getAttribute('aria-label') === 'Today at Midtown');
    expect(flow?.textContent).toContain('1 checked in · 2 booked of 15 · Studio A');
    expect(stretch?.textContent).toContain('0 checked in · 0 booked of 10');
    // The open class shows its check-in list; the later one waits behind its button.
    expect(await within(flow as HTMLElement).findByRole('searchbox', { name: 'Find on the roster of Evening Flow' })).toBeTruthy();
    const hide = within(flow as HTMLElement).getByRole('button', { name: /^Hide the check-in list/ });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    const show = within(stretch as HTMLElement).getByRole('button', { name: /^Check in to Late Stretch at \d{2}:\d{2}$/ });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(hide);
    await waitFor(() => expect(screen.queryByRole('searchbox')).toBeNull());
    // Opened again by the person: the search takes the keyboard, ready for a name.
    fireEvent.click(within(flow as HTMLElement).getByRole('button', { name: /^Check in to Evening Flow at/ }));
    const search = await screen.findByRole('searchbox', { name: 'Find on the roster of Evening Flow' });
    await waitFor(() => expect(document.activeElement).toBe(search));
    expect(screen.getByRole('link', { name: 'Start kiosk mode' }).getAttribute('href')).toBe(`/app/kiosk?studioId=${STUDIO_ID}`);
  });

  it('when earlier classes come first, one button takes the keyboard to the open check-in list', async () => {
    const earlier = { ...desk.items[1]!, classInstanceId: LATER_ID, name: 'Early Riser', startsAt: at(-300), endsAt: at(-240), checkInOpensAt: at(-360), checkInClosesAt: at(-270) };
    const reads: Record<string, Answer> = {
      ...choiceAnswers,
      [`front-desk?studioId=${STUDIO_ID}`]: ok({ ...desk, items: [earlier, desk.items[0]] }),
      [`class-instances/${CLASS_ID}`]: ok({ ...fullDetails, startsAt: at(20), endsAt: at(80) }),
      [`class-instances/${CLASS_ID}/bookings`]: ok({ items: roster }),
    };
    stubFetch((call) => reads[call.path] ?? noStub(call));
    renderRoutes([{ path: '/app/front-desk', element: <FrontDeskPage /> }], '/app/front-desk');
    const go = await screen.findByRole('button', { name: /^Go to the check-in list of \d{2}:\d{2} Evening Flow$/ });
    const search = await screen.findByRole('searchbox', { name: 'Find on the roster of Evening Flow' });
    fireEvent.click(go);
    expect(document.activeElement).toBe(search);
  });

  it('offers no such button when the open class is the first of the day', async () => {
    open();
    await screen.findByRole('searchbox', { name: 'Find on the roster of Evening Flow' });
    expect(screen.queryByRole('button', { name: /^Go to the check-in list/ })).toBeNull();
  });
});
