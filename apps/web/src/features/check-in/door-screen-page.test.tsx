import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { checkInCode, checkInStepAt, type DoorClassDto } from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch } from '../../test/render-page.tsx';
import { account, studio } from '../schedule/schedule-test-fixtures.ts';
import { DoorScreenPage } from './door-screen-page.tsx';

if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const SERIES = '6650f0a1b2c3d4e5f6a7b8c9';
const CLASS = '6650f0a1b2c3d4e5f6a7b8ca';
const STUDIO = '6650f0a1b2c3d4e5f6a7b8cb';
const minutes = (count: number) => new Date(Date.now() + count * 60_000).toISOString();

function doorClass(overrides: Partial<DoorClassDto> = {}): DoorClassDto {
  return {
    classInstanceId: CLASS,
    fitnessSessionId: SERIES,
    name: 'Power Yoga',
    startsAt: minutes(20),
    endsAt: minutes(80),
    timeZone: 'America/New_York',
    studioName: 'Midtown',
    roomName: 'Studio A',
    checkInOpensAt: minutes(-40),
    checkInClosesAt: minutes(50),
    checkedIn: 2,
    booked: 9,
    capacity: 12,
    secret: 'ab'.repeat(32),
    stepSeconds: 30,
    serverTime: new Date().toISOString(),
    company: 'acme',
    clientRoleId: 'client',
    ...overrides,
  };
}

function open(answer: { classInstance: DoorClassDto | null }) {
  stubFetch((call) => {
    if (call.path === 'me') return ok(account);
    if (call.path.startsWith('check-in/door?')) return ok(answer);
    return noStub(call);
  });
  renderRoutes([{ path: '/app/check-in/door', element: <DoorScreenPage /> }], `/app/check-in/door?studioId=${STUDIO}`);
}

describe('the door screen', () => {
  it('draws the current code of the class as a QR code, with the class and its counts', async () => {
    open({ classInstance: doorClass() });
    const qr = await screen.findByRole('img', { name: 'Check-in code for Power Yoga, changes every 30 seconds' });
    expect(screen.getByRole('heading', { level: 1, name: 'Power Yoga' })).toBeTruthy();
    expect(screen.getByTestId('door-counts').textContent).toBe('Checked in 2 / booked 9');
    const url = qr.getAttribute('data-code-url') ?? '';
    const step = Number(new URL(url).searchParams.get('t'));
    expect(Math.abs(step - checkInStepAt(Date.now()))).toBeLessThanOrEqual(1);
    expect(url).toBe(
      `${window.location.origin}/acme/client/client/app/check-in/${SERIES}?i=${CLASS}&c=${await checkInCode('ab'.repeat(32), SERIES, CLASS, step)}&t=${step}`,
    );
  });

  it('shows no code before check-in opens, and says when it opens', async () => {
    open({ classInstance: doorClass({ checkInOpensAt: minutes(30), startsAt: minutes(90) }) });
    await screen.findByText(/^Check-in opens at \d{2}:\d{2}$/);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('The code appears here when check-in opens.')).toBeTruthy();
    expect(screen.queryByText('Scan with your phone’s camera to check in.')).toBeNull();
  });

  it('says so when no class is coming up in the studio', async () => {
    open({ classInstance: null });
    await screen.findByRole('heading', { name: 'No class coming up here' });
    await waitFor(() => expect(screen.getByText('The code appears here when check-in opens.')).toBeTruthy());
    expect(screen.queryByText('Scan with your phone’s camera to check in.')).toBeNull();
  });

  it('once check-in has closed, asks no one to scan: late arrivals go to the front desk', async () => {
    open({ classInstance: doorClass({ startsAt: minutes(-35), endsAt: minutes(20), checkInOpensAt: minutes(-95), checkInClosesAt: minutes(-5) }) });
    await screen.findByText('Check-in has closed');
    expect(screen.getByText('Arriving late? Please see the front desk.')).toBeTruthy();
    expect(screen.queryByText('Scan with your phone’s camera to check in.')).toBeNull();
  });

  it('keeps the keyboard on the page: opened from the chooser the class name has the focus, back at the chooser its heading', async () => {
    stubFetch((call) => {
      if (call.path === 'me') return ok(account);
      if (call.path === 'studios?pageSize=100') return ok({ items: [studio], total: 1 });
      if (call.path.startsWith('check-in/door?')) return ok({ classInstance: doorClass() });
      return noStub(call);
    });
    renderRoutes([{ path: '/app/check-in/door', element: <DoorScreenPage /> }], '/app/check-in/door');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Studio' }).textContent).toContain('Midtown'));
    const openButton = screen.getByRole('button', { name: 'Open the door screen' });
    openButton.focus();
    fireEvent.click(openButton);
    const name = await screen.findByRole('heading', { level: 1, name: 'Power Yoga' });
    await waitFor(() => expect(document.activeElement).toBe(name));
    fireEvent.click(screen.getByRole('link', { name: 'Change studio' }));
    const chooser = await screen.findByRole('heading', { level: 1, name: 'Door screen' });
    await waitFor(() => expect(document.activeElement).toBe(chooser));
  });

  it('leaves the focus alone on the page the tablet loaded (no ring around the class name)', async () => {
    open({ classInstance: doorClass() });
    await screen.findByRole('img', { name: /^Check-in code for Power Yoga/ });
    expect(document.activeElement).toBe(document.body);
  });
});
