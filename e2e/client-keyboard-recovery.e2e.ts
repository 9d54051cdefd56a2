import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { classTomorrow, send } from './support/classes.ts';
import { createCompany, expectNoHorizontalScroll, fillLogin, PASSWORD, snap } from './support/journeys.ts';

/*
 * Found by trying the client area as a new client, by keyboard on a phone: where the keyboard lands
 * when something goes wrong (a refused waiver, a class link that leads nowhere, a page that fails to load).
 */

const browser = await launchBrowser();

const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    return (
      element.getAttribute('aria-label') ??
      (element as HTMLInputElement).labels?.[0]?.textContent ??
      element.textContent ??
      ''
    );
  });

describe('client area: the keyboard is never left on <body> when something goes wrong', () => {
  it('a refused waiver, a pack bought, a class link that leads nowhere and a page that fails to load each keep the keyboard in place at 360 px', async () => {
    const { page: owner } = await newPage(browser);
    const company = await createCompany(owner);
    await owner.goto('/login');
    await fillLogin(owner, company.email, PASSWORD);
    await owner.waitForURL((url) => url.pathname.includes('/app'));
    await classTomorrow(owner);
    await send(owner, 'post', '/api/packages', {
      kind: 'class-pack',
      name: 'Five Pack',
      description: '',
      price: 9000,
      taxRateId: null,
      introOffer: false,
      offPeakOnly: false,
      templateIds: [],
      studioIds: [],
      credits: 5,
      expiryDays: 60,
      expiryFrom: 'purchase',
    });
    await send(owner, 'put', '/api/waiver', {
      title: 'Liability waiver',
      text: 'I take part at my own risk.',
      terms: [{ label: 'I am 18 or older' }, { label: 'I will tell the instructor about injuries' }],
      askToSignAgain: true,
    });

    // The admin writes terms by keyboard: Add term goes straight into the new term, Delete to its neighbour.
    await owner.goto('/app/settings/clientWaiver');
    const add = owner.getByRole('button', { name: 'Add term' });
    await add.focus();
    await owner.keyboard.press('Enter');
    // The new term takes the focus once it is drawn; typing starts there.
    await expect
      .poll(() => owner.getByRole('textbox', { name: 'Term 3' }).evaluate((field) => field === document.activeElement))
      .toBe(true);
    await owner.keyboard.type('I have read the policies');
    await expect(owner.getByRole('textbox', { name: 'Term 3' }).inputValue()).resolves.toBe(
      'I have read the policies',
    );
    await owner.getByRole('button', { name: 'Delete term 3' }).focus();
    await owner.keyboard.press('Enter');
    await expect.poll(() => focused(owner)).toBe('Term 2');

    const { page } = await newPage(browser, { width: 360, height: 740 });
    const email = `kim-${company.slug}@e2e.test`;
    const signup = await page.request.post('/api/signup/client', {
      data: {
        company: company.slug,
        roleId: 'client',
        name: 'Kim Keys',
        email,
        phone: '',
        password: PASSWORD,
      },
    });
    expect(signup.status()).toBe(200);
    await page.goto(`/${company.slug}/client/login`);
    await fillLogin(page, email, PASSWORD);
    await page.waitForURL((url) => url.pathname === `/${company.slug}/client/client`);

    // Sign pressed with one term left unticked: the keyboard goes up to that term, not the top of the page.
    await page.goto(`/${company.slug}/client/client/settings/waiver`);
    await page.getByRole('checkbox', { name: 'I am 18 or older' }).check();
    await page.getByRole('button', { name: 'Sign the waiver' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Tick every term to sign').waitFor();
    await expect.poll(() => focused(page)).toBe('I will tell the instructor about injuries');
    await expect(
      page.evaluate(() => document.activeElement?.getBoundingClientRect().top ?? -1),
    ).resolves.toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Space');
    // Then the signature: the box is read with what is missing.
    await page.getByRole('button', { name: 'Sign the waiver' }).focus();
    await page.keyboard.press('Enter');
    const box = page.getByRole('img', { name: 'Signature box: draw your signature here' });
    await expect.poll(() => box.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect(
      box.getAttribute('aria-describedby').then((id) => page.locator(`[id="${id}"]`).textContent()),
    ).resolves.toBe('Draw your signature in the box, or choose “Type my name”');
    await snap(page, 'waiver-refused-focus');
    await expectNoSeriousA11yViolations(page);

    // A pack bought by keyboard: the view and the keyboard go up to the line saying it is theirs (on a phone
    // the Buy button pressed is a screen or more below it), not back to Buy.
    await page.goto(`/${company.slug}/client/client/settings/packages`);
    await page.getByRole('button', { name: 'Buy Five Pack' }).focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('dialog', { name: 'Buy Five Pack' })
      .getByRole('button', { name: 'Buy for $90.00' })
      .focus();
    await page.keyboard.press('Enter');
    const bought = page.getByText('Five Pack is yours now; pay $90.00 at the studio.');
    await bought.waitFor();
    await expect.poll(() => bought.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.waitForTimeout(300);
    await expect.poll(() => bought.evaluate((element) => element === document.activeElement)).toBe(true);
    const top = await bought.evaluate((element) => element.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(740);
    await snap(page, 'pack-bought-focus');

    // A cut class link: a page with its heading, in a client's words.
    await page.goto(`/${company.slug}/client/client/classes/details/6b0747cdf121d6d2`);
    await page.getByRole('heading', { level: 1, name: 'This class could not be found' }).waitFor();
    await expect(page.getByText(/classInstanceId|Must be a valid id/).count()).resolves.toBe(0);
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    await snap(page, 'class-not-found');

    // A page whose code cannot be fetched (a new version deployed meanwhile): the Oops page has the keyboard.
    await page.getByRole('link', { name: 'Back to the calendar' }).click();
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
    await page.route(/\/assets\/my-profile-page-[^/]+\.js$/, (route) => route.abort());
    await page.getByRole('link', { name: 'My Profile' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Oops! Something went wrong.' }).waitFor();
    await expect.poll(() => focused(page)).toBe('Oops! Something went wrong.');
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(page)).toBe('Reload the page');
  });
});
