import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { addClass, api, classTomorrow, send, tokenOf } from './support/classes.ts';
import { expectNoHorizontalScroll, fillLogin, signedInOwner, snap, waitForMail } from './support/journeys.ts';

const browser = await launchBrowser();

/**
 * A studio with two classes tomorrow (Morning Mobility at 10:00, Evening Flow at 18:00, both free) and a
 * client who booked Evening Flow themself and cancelled it; answers the client's id and email.
 */
async function studioWithClient(page: Page) {
  const setup = await classTomorrow(page);
  const evening = await addClass(page, setup, {
    name: 'Evening Flow',
    time: '18:00',
    capacity: 10,
    dropInPrice: 0,
  });
  const email = `cleo-${Date.now().toString(36)}@e2e.test`;
  const company = (await api<{ company: { slug: string } }>(page, 'get', '/api/me', await tokenOf(page)))
    .company;
  const signup = await page.request.post('/api/signup/client', {
    data: {
      company: company.slug,
      roleId: 'client',
      name: 'Cleo Client',
      email,
      phone: '(404) 555-1234',
      password: 'cleo-e2e-pass-1',
    },
  });
  expect(signup.status(), await signup.text()).toBe(200);
  const session = ((await signup.json()) as { data: { token: string; user: { _id: string } } }).data;
  const booking = await api<{ id: string }>(
    page,
    'post',
    `/api/class-instances/${evening}/bookings`,
    session.token,
    {},
  );
  await api(page, 'post', `/api/bookings/${booking.id}/cancel`, session.token, {});
  return { clientId: session.user._id, email, setup };
}

describe('the client profile (issue 14 §2)', () => {
  it('an admin sees bookings with their history, adds a note and books the client into a class', async () => {
    const { page, context } = await newPage(browser);
    await signedInOwner(page);
    const { clientId } = await studioWithClient(page);
    await page.goto(`/app/clients/profile/${clientId}/${clientId}`);
    await page.getByRole('heading', { level: 1, name: 'Cleo Client' }).waitFor();

    // Bookings: the class they booked and cancelled themself, with who did what.
    const upcoming = page.getByRole('region', { name: 'Upcoming bookings (1)' });
    const evening = upcoming.getByRole('listitem', { name: /^Evening Flow, / });
    await evening.getByText('Cancelled by the client').first().waitFor();
    await evening.getByText(/^Booked by the client, /).waitFor();
    await evening.getByText(/^Cancelled by the client, /).waitFor();

    // A note, by keyboard.
    const notes = page.getByRole('region', { name: 'Notes' });
    await notes.getByRole('textbox', { name: 'New note' }).fill('Prefers the back row.');
    await notes.getByRole('button', { name: 'Add note' }).press('Enter');
    await notes
      .getByRole('listitem', { name: /^Note by Olive Owner, / })
      .getByText('Prefers the back row.')
      .waitFor();
    await notes.getByText('Note added.').waitFor();

    // Book them into tomorrow's Morning Mobility.
    await page.getByRole('button', { name: 'Book into a class' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book Cleo Client into a class' });
    await dialog.getByRole('combobox', { name: 'Day' }).click();
    await page.getByRole('option', { name: 'Tomorrow' }).click();
    await snap(page, 'client-profile-book-dialog');
    await dialog.getByRole('radio', { name: /Morning Mobility/ }).check();
    await dialog.getByRole('button', { name: 'Book Cleo Client' }).click();
    await dialog.getByText(/^Cleo Client is booked into Morning Mobility at /).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    const booked = page
      .getByRole('region', { name: 'Upcoming bookings (2)' })
      .getByRole('listitem', { name: /^Morning Mobility, / });
    await booked.getByText(/^Booked by Olive Owner, /).waitFor();

    await expectNoSeriousA11yViolations(page);
    await snap(page, 'client-profile');
    // At 360 px, loaded afresh (no toasts sliding in from the side).
    await page.setViewportSize({ width: 360, height: 800 });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Cleo Client' }).waitFor();
    await page.getByRole('region', { name: 'Notes' }).getByText('Prefers the back row.').waitFor();
    await snap(page, 'client-profile');
    await expectNoHorizontalScroll(page);
    // The booking dialog at 360 px, by keyboard: it opens with the focus in Day, Escape closes it and
    // the focus returns to the button.
    const book = page.getByRole('button', { name: 'Book into a class' });
    await book.focus();
    await page.keyboard.press('Enter');
    const dialogAt360 = page.getByRole('dialog', { name: 'Book Cleo Client into a class' });
    await dialogAt360.getByRole('radio').first().waitFor();
    // The dialog takes the focus once it has opened (Mantine's transition), into Day.
    await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') !== null, undefined, {
      timeout: 5_000,
    });
    expect(
      await dialogAt360
        .getByRole('combobox', { name: 'Day' })
        .evaluate((input) => input === document.activeElement),
    ).toBe(true);
    await snap(page, 'client-profile-book-dialog');
    await expectNoHorizontalScroll(page);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.activeElement?.textContent === 'Book into a class');
    await context.close();
  });

  it('an instructor sees the profile without any money, and the account answers them 403', async () => {
    const { page, context } = await newPage(browser);
    await signedInOwner(page);
    const { clientId } = await studioWithClient(page);
    // The owner sells nothing here; what matters is that money never reaches an instructor's page.
    const email = `ines-${Date.now().toString(36)}@e2e.test`;
    const person = await send<{ id: string }>(page, 'post', '/api/instructors', {
      name: 'Ines Invited',
      email,
      phone: null,
      bio: null,
      photo: null,
      active: true,
    });
    await send(page, 'post', `/api/instructors/${person.id}/invitation`, {});
    const token = /\/resetPassword\/([A-Za-z0-9_-]+)/.exec(await waitForMail(email))?.[1];
    const chosen = await page.request.post('/api/resetpassword', {
      data: { token, password: 'teaching-pass-42', confirmPassword: 'teaching-pass-42' },
    });
    expect(chosen.status(), await chosen.text()).toBe(200);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await fillLogin(page, email, 'teaching-pass-42');
    await page.waitForURL((url) => url.pathname.startsWith('/app'));

    await page.goto(`/app/clients/profile/${clientId}/${clientId}`);
    await page.getByRole('heading', { level: 1, name: 'Cleo Client' }).waitFor();
    await page.getByRole('region', { name: 'Notes' }).waitFor();
    expect(await page.getByRole('region', { name: 'Orders & payments' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Sell' }).count()).toBe(0);
    expect(await page.getByText('$').count()).toBe(0);
    const account = await page.request.get(`/api/clients/${clientId}/account`, {
      headers: { authorization: `Bearer ${await tokenOf(page)}` },
    });
    expect(account.status()).toBe(403);
    const profile = await page.request.get(`/api/clients/${clientId}/profile`, {
      headers: { authorization: `Bearer ${await tokenOf(page)}` },
    });
    expect(((await profile.json()) as { data: { money: unknown } }).data.money).toBeNull();
    await snap(page, 'client-profile-instructor');
    await context.close();
  });
});
