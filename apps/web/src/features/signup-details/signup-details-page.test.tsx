import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SignupDetailsDto } from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch, type Call } from '../../test/render-page.tsx';
import { account } from '../schedule/schedule-test-fixtures.ts';
import { SignupDetailsPage } from './signup-details-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CLIENT_ID = 'cccccccccccccccccccccccc';
const client = { ...account, user: { ...account.user, id: CLIENT_ID, roleId: 'client' as const }, clientSignupDetailsId: null };
const nothing = { heardAbout: null, planningUnit: null, age: null, raceEthnicity: null, industry: null, incomeBandTo200k: null, incomeBandTo120k: null };
const empty: SignupDetailsDto = {
  id: null,
  clientId: CLIENT_ID,
  birthDate: null,
  address: { line1: null, line2: null, city: null, state: null, postalCode: null, country: null },
  emergencyContactName: null,
  emergencyContactPhone: null,
  heardAboutDetail: null,
  neighborhood: null,
  ...nothing,
  homeStudioId: null,
  homeStudioName: null,
  marketingEmails: false,
  labels: nothing,
  updatedAt: null,
};
const area = '/acme/client/client';
const page = `${area}/client-signup/edit/${CLIENT_ID}`;

function open(path: string, details: SignupDetailsDto, onPut: (call: Call) => ReturnType<typeof ok> = (call) => ok({ ...details, ...(call.body as object), id: CLIENT_ID })) {
  const calls = stubFetch((call) => {
    if (call.path === 'me') return ok(client);
    if (call.path === 'my/signup-details') return call.method === 'GET' ? ok(details) : onPut(call);
    return noStub(call);
  });
  const routes = [
    { path: `${area}/client-signup/edit/:clientSignupId`, element: <SignupDetailsPage /> },
    { path: area, element: <p>The calendar</p> },
    { path: `${area}/classes/details/:id`, element: <p>The class</p> },
  ];
  return { calls, ...renderRoutes(routes, path) };
}

/** Picks from the list this field opens (several lists share options such as "Prefer not to respond"). */
const choose = async (label: string | RegExp, option: string, typed?: string) => {
  const input = screen.getByLabelText(label, { selector: 'input' });
  fireEvent.click(input);
  if (typed) fireEvent.change(input, { target: { value: typed } });
  const list = await waitFor(() => {
    const found = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!found) throw new Error(`no list for ${String(label)}`);
    return found;
  });
  fireEvent.click(await within(list).findByRole('option', { name: option, hidden: true }));
};

describe('client sign-up details page', () => {
  it('after sign-up: asks about the client in groups, all optional, consent unticked; Save continues to the class they were booking', { timeout: 20_000 }, async () => {
    const next = `${area}/classes/details/dddddddddddddddddddddddd`;
    const { calls, router } = open(`${page}?welcome=1&next=${encodeURIComponent(next)}`, empty);
    expect(await screen.findByRole('heading', { level: 1, name: 'Tell Acme Yoga about you' })).toBeTruthy();
    await screen.findByRole('button', { name: 'Save' });
    for (const group of ['About you', 'Emergency contact', 'How you heard of us', 'About our community (optional)', 'Emails'])
      expect(screen.getByRole('heading', { level: 2, name: group })).toBeTruthy();
    expect(screen.getByText(/“Prefer not to respond” is fine/)).toBeTruthy();
    const consent = screen.getByRole('checkbox', { name: 'Send me Acme Yoga’s news and offers by email' }) as HTMLInputElement;
    expect(consent.checked).toBe(false);

    fireEvent.change(screen.getByLabelText('Birth date'), { target: { value: '1988-04-02' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Atlanta' } });
    await choose('Age range', 'Prefer not to respond');
    // The long lists are searchable: typing narrows the planning units to the one wanted.
    await choose(/Neighborhood planning unit/, 'Non-Atlanta', 'non');
    fireEvent.click(consent);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The class')).toBeTruthy();
    expect(router.state.location.pathname).toBe(next);
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({
      birthDate: '1988-04-02',
      address: { city: 'Atlanta', line1: '' },
      age: 'prefer_not_to_respond',
      planningUnit: 'non-atlanta',
      industry: null,
      marketingEmails: true,
    });
  });

  it('Skip for now goes to the calendar without saving; an address outside the company is not followed', async () => {
    const { calls } = open(`${page}?welcome=1&next=${encodeURIComponent('https://evil.example/')}`, empty);
    fireEvent.click(await screen.findByRole('button', { name: 'Skip for now' }));
    expect(await screen.findByText('The calendar')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('opened later: shows the saved answers with their labels, saves in place, and a bad date is named at its field', async () => {
    const saved: SignupDetailsDto = {
      ...empty,
      id: CLIENT_ID,
      birthDate: '1975-09-30',
      emergencyContactName: 'Sam Client',
      age: '45-54',
      industry: 'professionalNBusinessService',
      incomeBandTo120k: 'between910000-120000',
      planningUnit: 'M',
      marketingEmails: true,
      labels: { ...nothing, age: '45–54', industry: 'Professional & business services', incomeBandTo120k: '$91,000 – $120,000', planningUnit: 'NPU M' },
    };
    let first = true;
    const { calls } = open(page, saved, (call) => {
      if (first) {
        first = false;
        return { code: 400, body: { status: 0, message: 'birthDate: A birth date cannot be in the future', errors: { birthDate: 'A birth date cannot be in the future' } } };
      }
      return ok({ ...saved, ...(call.body as object) });
    });
    const value = (name: string | RegExp) => (screen.getByLabelText(name, { selector: 'input' }) as HTMLInputElement).value;
    await screen.findByRole('button', { name: 'Save' });
    expect(value('Age range')).toBe('45–54');
    expect(value('Industry you work in')).toBe('Professional & business services');
    expect(value('Yearly household income (earlier answer)')).toBe('$91,000 – $120,000');
    expect(value(/Neighborhood planning unit/)).toBe('NPU M');
    expect(value('Their name')).toBe('Sam Client');
    expect((screen.getByRole('checkbox', { name: /news and offers/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('button', { name: 'Skip for now' })).toBeNull();

    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    fireEvent.click(save);
    expect(await screen.findByText('A birth date cannot be in the future')).toBeTruthy();
    // Refused by the server: the focus goes up to the birth date, not left on Save below the form.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Birth date/)));
    fireEvent.click(save);
    // Said in the line that was already on the page, so it is announced.
    await waitFor(() => expect(status.textContent).toBe('Your details are saved.'));
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2);
  });
});
