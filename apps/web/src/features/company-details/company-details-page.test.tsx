import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { defaultCan, type AccountDto, type CompanyDetailsDto } from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch, type Answer, type Call } from '../../test/render-page.tsx';
import { CompanyDetailsPage } from './company-details-page.tsx';

const ID = '0123456789abcdef01234567';

const account: AccountDto = {
  user: { id: ID, name: 'Olive Owner', email: 'olive@example.com', phone: null, roleId: 'admin' },
  company: { id: ID, slug: 'acme', name: 'Acme Yoga', kind: 'company', logoUrl: null, locale: 'en-US' },
  hostType: 'company',
  onBoardingData: [],
  can: defaultCan('admin'),
};

const details: CompanyDetailsDto = {
  id: ID,
  slug: 'acme',
  kind: 'company',
  name: 'Acme Yoga',
  email: 'hello@acme.example',
  phone: '(404) 555-0100',
  address: {
    line1: '100 Peachtree St',
    line2: null,
    city: 'Atlanta',
    state: 'GA',
    postalCode: '30303',
    country: 'United States',
  },
  timeZone: 'America/New_York',
  currency: 'USD',
  orderCount: 0,
  logo: null,
  logoUrl: null,
  locale: 'en-US',
};

/** GET /api/me and GET /api/company/details answered; `save` answers PUT /api/company/details. */
function serve(save: (call: Call) => Answer = noStub) {
  return stubFetch((call) => {
    if (call.method === 'GET' && call.path === 'me') return ok(account);
    if (call.method === 'GET' && call.path === 'company/details') return ok(details);
    if (call.method === 'PUT' && call.path === 'company/details') return save(call);
    return noStub(call);
  });
}

function open() {
  renderRoutes(
    [{ path: '/app/settings/companyDetails', element: <CompanyDetailsPage /> }],
    '/app/settings/companyDetails',
  );
}

// The form's first render (time-zone and currency lists) takes seconds on a busy machine: the queries
// that wait for it, and each test, get room for that instead of the 1 s / 5 s defaults.
const SLOW = { timeout: 15_000 };

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const nameField = async () =>
  (await screen.findByRole('textbox', { name: 'Business name' }, SLOW)) as HTMLInputElement;
/** A Select's input (its option list is labelled by the same label). */
const selectInput = (label: RegExp) =>
  screen
    .getAllByLabelText(label)
    .find((node): node is HTMLInputElement => node instanceof HTMLInputElement) ??
  document.createElement('input');
const saveButton = () => screen.getByRole('button', { name: 'Save' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Settings › Company Details (spec §4 Company store transitions)', { timeout: 40_000 }, () => {
  it('Company store: request — the page shows its loader while the details are on their way', async () => {
    let answerDetails: (answer: Answer) => void = () => {};
    const pending = new Promise<Answer>((resolve) => {
      answerDetails = resolve;
    });
    const calls = stubFetch((call) => {
      if (call.method === 'GET' && call.path === 'me') return ok(account);
      if (call.method === 'GET' && call.path === 'company/details') return pending;
      return noStub(call);
    });
    open();
    // The account has arrived and the details were asked for: only that request is still open.
    await waitFor(() => expect(calls.some((call) => call.path === 'company/details')).toBe(true), SLOW);
    expect(screen.getByTestId('page-loader')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Business name' })).toBeNull();

    answerDetails(ok(details));
    expect((await nameField()).value).toBe('Acme Yoga');
    expect(screen.queryByTestId('page-loader')).toBeNull();
  });

  it('the currency is fixed once the studio has sold something, and says why', async () => {
    stubFetch((call) => {
      if (call.method === 'GET' && call.path === 'me') return ok(account);
      if (call.method === 'GET' && call.path === 'company/details') return ok({ ...details, orderCount: 3 });
      return noStub(call);
    });
    open();
    await nameField();
    const currency = selectInput(/^Currency/);
    expect(currency.readOnly).toBe(true);
    expect(screen.getByText('Fixed since your first sale: your 3 orders are in USD')).toBeTruthy();
    // It looks fixed: filled, no dropdown arrow, unlike the live fields beside it; still in the tab order.
    const look = (input: HTMLInputElement) => input.closest('[data-variant]')?.getAttribute('data-variant');
    const arrow = (input: HTMLInputElement) =>
      input.parentElement?.querySelector('[class*="chevron" i]') ?? null;
    expect(look(currency)).toBe('filled');
    expect(arrow(currency)).toBeNull();
    const timeZone = selectInput(/^Time zone/);
    expect(look(timeZone)).toBe('default');
    expect(arrow(timeZone)).not.toBeNull();
    expect(currency.tabIndex).toBe(0);
    expect(currency.getAttribute('aria-describedby')).toBeTruthy();
  });

  it('before the first sale the currency looks and works like the other fields', async () => {
    stubFetch((call) => {
      if (call.method === 'GET' && call.path === 'me') return ok(account);
      if (call.method === 'GET' && call.path === 'company/details') return ok({ ...details, orderCount: 0 });
      return noStub(call);
    });
    open();
    await nameField();
    const currency = selectInput(/^Currency/);
    expect(currency.readOnly).toBe(false);
    expect(currency.closest('[data-variant]')?.getAttribute('data-variant')).toBe('default');
  });

  it('Company store: success — the saved details fill the fields', async () => {
    serve();
    open();
    expect((await nameField()).value).toBe('Acme Yoga');
    expect(field('Email').value).toBe('hello@acme.example');
    expect(field('Phone').value).toBe('(404) 555-0100');
    expect(field('Street address').value).toBe('100 Peachtree St');
    expect(field('Apartment, suite or floor').value).toBe('');
    expect(field('City').value).toBe('Atlanta');
    expect(field('State or region').value).toBe('GA');
    expect(field('Postal code').value).toBe('30303');
    expect(field('Country').value).toBe('United States');
    expect(selectInput(/^Time zone/).value).toBe('America/New York');
    expect(selectInput(/^Currency/).value).toMatch(/^USD — /);
    expect(selectInput(/^Prices written as/).value).toBe('American English — $1,234.50');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Company store: done — after Save the page says the details are saved and keeps the new values', async () => {
    const calls = serve((call) => {
      const body = call.body as { name: string; address: { city: string } };
      return ok({ ...details, name: body.name, address: { ...details.address, city: body.address.city } });
    });
    open();
    fireEvent.change(await nameField(), { target: { value: 'Acme Yoga & Pilates' } });
    fireEvent.change(field('City'), { target: { value: 'Decatur' } });
    fireEvent.click(saveButton());

    const saved = await screen.findByRole('status', {}, SLOW);
    expect(within(saved).getByText('Company Details saved')).toBeTruthy();
    expect(within(saved).getByText('Your changes are saved.')).toBeTruthy();
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0]?.body).toMatchObject({
      name: 'Acme Yoga & Pilates',
      email: 'hello@acme.example',
      phone: '(404) 555-0100',
      address: { line1: '100 Peachtree St', city: 'Decatur', state: 'GA' },
      timeZone: 'America/New_York',
      currency: 'USD',
      locale: 'en-US',
    });
    expect(field('Business name').value).toBe('Acme Yoga & Pilates');
    expect(field('City').value).toBe('Decatur');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Company store: fail — a failed load says the details could not be loaded, with the server’s message', async () => {
    stubFetch((call) => {
      if (call.method === 'GET' && call.path === 'me') return ok(account);
      if (call.method === 'GET' && call.path === 'company/details') {
        return { code: 500, body: { status: 0, message: 'The company record is unavailable.' } };
      }
      return noStub(call);
    });
    open();
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(within(alert).getByText('The details could not be loaded')).toBeTruthy();
    expect(within(alert).getByText('The company record is unavailable.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Business name' })).toBeNull();
    expect(screen.queryByTestId('page-loader')).toBeNull();
  });

  it('Company store: fail — a failed save shows the server’s field message at the field and keeps what was typed', async () => {
    serve(() => ({
      code: 400,
      body: {
        status: 0,
        message: 'Check the details and try again.',
        errors: { name: 'Another business already uses this name' },
      },
    }));
    open();
    fireEvent.change(await nameField(), { target: { value: 'Zen Den' } });
    fireEvent.change(field('City'), { target: { value: 'Decatur' } });
    fireEvent.click(saveButton());

    const input = field('Business name');
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'), SLOW);
    const describedBy = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(describedBy).toContain('Another business already uses this name');
    expect(input.value).toBe('Zen Den');
    expect(field('City').value).toBe('Decatur');
    const submitAlert = screen.getByRole('alert', { name: /That did not work/ });
    expect(within(submitAlert).getByText('Check the details and try again.')).toBeTruthy();
    expect(screen.queryByText('Company Details saved')).toBeNull();
  });

  it('Company store: reset — a later successful save clears the error', async () => {
    let attempts = 0;
    serve((call) => {
      attempts += 1;
      if (attempts === 1) {
        return {
          code: 400,
          body: {
            status: 0,
            message: 'Check the details and try again.',
            errors: { name: 'Another business already uses this name' },
          },
        };
      }
      return ok({ ...details, name: (call.body as { name: string }).name });
    });
    open();
    fireEvent.change(await nameField(), { target: { value: 'Zen Den' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('Check the details and try again.', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Another business already uses this name')).toBeTruthy();

    fireEvent.change(field('Business name'), { target: { value: 'Zen Den Atlanta' } });
    fireEvent.click(saveButton());

    const saved = await screen.findByRole('status', {}, SLOW);
    expect(within(saved).getByText('Company Details saved')).toBeTruthy();
    expect(attempts).toBe(2);
    expect(screen.queryByText('Check the details and try again.')).toBeNull();
    expect(screen.queryByText('Another business already uses this name')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field('Business name').getAttribute('aria-invalid')).not.toBe('true');
    expect(field('Business name').value).toBe('Zen Den Atlanta');
  });
});
