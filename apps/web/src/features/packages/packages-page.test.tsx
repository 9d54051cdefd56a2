import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PackageDto } from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch, withoutHeaders, type Answer } from '../../test/render-page.tsx';
import { choiceAnswers } from '../schedule/schedule-test-fixtures.ts';
import { CopyMembershipPage, NewClassPackPage, NewMembershipPage } from './package-edit-page.tsx';
import { PackagesPage } from './packages-page.tsx';

// Mantine's autosize Textarea listens for web fonts, which jsdom does not have.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MEMBERSHIP_ID = 'aaaaaaaaaaaaaaaaaaaaaaa1';
const membership: PackageDto = {
  id: MEMBERSHIP_ID,
  kind: 'membership',
  name: '8 Classes a Month',
  description: null,
  price: 10900,
  currency: 'USD',
  taxRateId: null,
  introOffer: false,
  offPeakOnly: false,
  templateIds: [],
  studioIds: [],
  period: 'month',
  classLimit: 8,
  autoRenew: true,
  commitmentPeriods: 3,
  signupFee: 0,
  credits: null,
  expiryDays: null,
  expiryFrom: null,
  archived: false,
  activeHolders: 4,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const pack: PackageDto = {
  ...membership,
  id: 'aaaaaaaaaaaaaaaaaaaaaaa2',
  kind: 'class-pack',
  name: 'Intro: 3 for $39',
  price: 3900,
  period: null,
  classLimit: null,
  autoRenew: false,
  commitmentPeriods: 0,
  credits: 3,
  expiryDays: 30,
  expiryFrom: 'first-use',
  introOffer: true,
  activeHolders: 1,
};

function serve(post?: (path: string, body: unknown) => Answer | undefined) {
  const reads: Record<string, Answer> = {
    ...choiceAnswers,
    'company/details': ok({ currency: 'USD' }),
    'tax-rates': ok({
      items: [
        {
          id: 'bbbbbbbbbbbbbbbbbbbbbbb1',
          name: 'Sales tax',
          ratePpm: 89_000,
          inclusive: false,
          createdAt: '',
        },
      ],
      total: 1,
    }),
    'packages?kind=membership&status=active&pageSize=100': ok({ items: [membership], total: 1 }),
    'packages?kind=class-pack&status=active&pageSize=100': ok({ items: [pack], total: 1 }),
    [`packages/${MEMBERSHIP_ID}`]: ok(membership),
  };
  return stubFetch((call) =>
    call.method === 'GET'
      ? (reads[call.path] ?? noStub(call))
      : (post?.(call.path, call.body) ?? noStub(call)),
  );
}

const routes = [
  { path: '/app/settings/packages', element: <PackagesPage /> },
  { path: '/app/settings/packages/class-pack', element: <NewClassPackPage /> },
  { path: '/app/settings/packages/membership', element: <NewMembershipPage /> },
  { path: '/app/settings/packages/membership/copy/:membershipId', element: <CopyMembershipPage /> },
];

describe('Settings › Packages', () => {
  it('lists memberships and class packs with their terms in words and the company currency', async () => {
    serve();
    renderRoutes(routes, '/app/settings/packages');
    const memberships = within(await screen.findByRole('region', { name: 'Memberships' }));
    expect(await memberships.findByText('8 Classes a Month')).toBeTruthy();
    expect(
      memberships.getByText('$109.00 a month · 8 classes a month · 3-month commitment · renews by itself'),
    ).toBeTruthy();
    expect(memberships.getByText('4 clients hold it')).toBeTruthy();
    const packs = within(screen.getByRole('region', { name: 'Class packs' }));
    expect(await packs.findByText('3 classes · $39.00 · expire 30 days after the first class')).toBeTruthy();
    expect(packs.getByText('Intro offer')).toBeTruthy();
    expect(packs.getByRole('link', { name: 'Copy Intro: 3 for $39' }).getAttribute('href')).toBe(
      `/app/settings/packages/class-pack/copy/${pack.id}`,
    );
  });

  it('archive: the package leaves the list, the result is announced, focus goes to the next package, else the heading', async () => {
    const second: PackageDto = { ...membership, id: 'aaaaaaaaaaaaaaaaaaaaaaa3', name: 'Unlimited Monthly' };
    const archived = new Set<string>();
    stubFetch((call) => {
      if (call.method === 'POST' && call.path.endsWith('/archive')) {
        const id = call.path.split('/')[1] as string;
        archived.add(id);
        return ok({ ...membership, id, archived: true });
      }
      const onSale = [membership, second].filter((item) => !archived.has(item.id));
      const reads: Record<string, Answer> = {
        ...choiceAnswers,
        'packages?kind=membership&status=active&pageSize=100': ok({ items: onSale, total: onSale.length }),
        'packages?kind=class-pack&status=active&pageSize=100': ok({ items: [pack], total: 1 }),
      };
      return reads[call.path] ?? noStub(call);
    });
    renderRoutes(routes, '/app/settings/packages');
    const memberships = within(await screen.findByRole('region', { name: 'Memberships' }));
    const archive = async (name: string) => {
      const trigger = await memberships.findByRole('button', { name: `Archive ${name}` });
      trigger.focus();
      fireEvent.click(trigger);
      fireEvent.click(await screen.findByRole('button', { name: 'Stop selling it' }));
      await waitFor(() => expect(memberships.queryByText(name)).toBeNull());
    };
    await archive('8 Classes a Month');
    expect(screen.getByText('8 Classes a Month archived: clients who hold it keep it.')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(memberships.getByRole('link', { name: 'Edit Unlimited Monthly' })),
    );
    // The last one: focus goes to the section's heading.
    await archive('Unlimited Monthly');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Memberships' })),
    );
  });

  it('adds a class pack: the price in cents, empty expiry as never, the chosen tax', async () => {
    const calls = serve((path) =>
      path === 'packages' ? { code: 201, body: { status: 1, data: pack } } : undefined,
    );
    renderRoutes(routes, '/app/settings/packages/class-pack');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), {
      target: { value: 'Five Pack' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^Price/ }), { target: { value: '95' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Classes/ }), { target: { value: '5' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Expire after/ }), { target: { value: '' } });
    // "No tax" is a choice of its own (the keyboard can go back to it), shown until a rate is chosen.
    expect(screen.getByDisplayValue('No tax')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add class pack' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(withoutHeaders(calls.find((call) => call.method === 'POST') as never)).toMatchObject({
      path: 'packages',
      body: {
        kind: 'class-pack',
        name: 'Five Pack',
        price: 9500,
        credits: 5,
        expiryDays: null,
        expiryFrom: 'purchase',
        taxRateId: null,
      },
    });
  });

  it('copy makes a new, unsaved membership with the copied terms, saved with POST', async () => {
    const calls = serve((path) =>
      path === 'packages' ? { code: 201, body: { status: 1, data: membership } } : undefined,
    );
    renderRoutes(routes, `/app/settings/packages/membership/copy/${MEMBERSHIP_ID}`);
    const name = (await screen.findByRole('textbox', { name: 'Name' })) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('8 Classes a Month (copy)'));
    fireEvent.click(screen.getByRole('button', { name: 'Add membership' }));
    await waitFor(() => expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(1));
    const sent = calls.find((call) => call.method !== 'GET');
    expect(sent?.method).toBe('POST');
    expect(sent?.body).toMatchObject({
      kind: 'membership',
      name: '8 Classes a Month (copy)',
      price: 10900,
      classLimit: 8,
      commitmentPeriods: 3,
    });
  });

  it('shows the server’s refusal at the field it names, and puts focus there', async () => {
    serve(() => ({
      code: 400,
      body: { status: 0, message: 'Check the highlighted fields.', errors: { name: 'Name the package' } },
    }));
    renderRoutes(routes, '/app/settings/packages/class-pack');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: 'Pack' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Price/ }), { target: { value: '10' } });
    const submit = screen.getByRole('button', { name: 'Add class pack' });
    submit.focus();
    fireEvent.click(submit);
    expect(await screen.findByText('Name the package')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(name));
  });

  it('a membership with mistakes: every field says its problem, and focus goes to the first of them, not the button', async () => {
    const calls = serve();
    renderRoutes(routes, '/app/settings/packages/membership');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), { target: { value: '8 Classes a Month' } });
    // The price left empty, and a class limit of 0.
    fireEvent.change(screen.getByRole('textbox', { name: /^Classes per month/ }), { target: { value: '0' } });
    const submit = screen.getByRole('button', { name: 'Add membership' });
    submit.focus();
    fireEvent.click(submit);
    const price = screen.getByRole('textbox', { name: /^Price per month/ });
    await waitFor(() => expect(document.activeElement).toBe(price));
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: /^Classes per month/ }).getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });
});
