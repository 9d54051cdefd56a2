import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { addClass, classTomorrow, send } from './support/classes.ts';
import { createCompany, expectNoHorizontalScroll, fillLogin, PASSWORD, snap } from './support/journeys.ts';

const browser = await launchBrowser();

/**
 * Every control a finger can reach on the page, with the box it is tapped by, that is under 44 × 44 px.
 * A class card's link is tapped by its card (the link covers it), a checkbox or radio by its label row,
 * a password field by its box; links inside a sentence are WCAG's inline exception and are skipped.
 */
async function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const selector =
      'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=switch], [tabindex]:not([tabindex="-1"])';
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      let target: Element = element;
      if (element.tagName === 'A' && getComputedStyle(element, '::after').position === 'absolute')
        target = element.closest('li') ?? element;
      if (element.matches('.mantine-PasswordInput-innerInput'))
        target = element.closest('.mantine-PasswordInput-input') ?? element;
      if (element.matches('input[type=checkbox], input[type=radio]'))
        target =
          element.closest(
            '.mantine-Checkbox-body, .mantine-Radio-body, .mantine-Switch-body, .mantine-SegmentedControl-control',
          ) ?? element;
      if (element.tagName === 'A' && element.closest('p') && !element.classList.contains('tap-link')) {
        const sentence = element.closest('p')?.textContent?.trim() ?? '';
        if (sentence !== element.textContent?.trim()) continue;
      }
      const box = target.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      if (box.width < 43.5 || box.height < 43.5)
        found.push(
          `${element.tagName.toLowerCase()} "${(element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
    }
    return found;
  });
}

/**
 * Every checkbox, radio and switch whose box does not sit beside its label on one row: the label starts
 * to the right of the box, and the box is centred on the label's first 44 px row (not above the label,
 * nor beside its description).
 */
async function controlsNotBesideLabels(page: Page): Promise<{ count: number; wrong: string[] }> {
  return page.evaluate(() => {
    const wrong: string[] = [];
    const roots = Array.from(
      document.querySelectorAll('.mantine-Checkbox-root, .mantine-Radio-root, .mantine-Switch-root'),
    );
    for (const root of roots) {
      const box = root
        .querySelector('.mantine-Checkbox-inner, .mantine-Radio-inner, .mantine-Switch-track')
        ?.getBoundingClientRect();
      const label = root
        .querySelector('.mantine-Checkbox-label, .mantine-Radio-label, .mantine-Switch-label')
        ?.getBoundingClientRect();
      if (!box || !label) continue;
      const name = (root.textContent ?? '').trim().slice(0, 40);
      const middle = box.top + box.height / 2;
      if (label.left < box.right)
        wrong.push(
          `"${name}": the label starts at ${Math.round(label.left)}, left of the box's end ${Math.round(box.right)}`,
        );
      else if (middle < label.top || middle > label.top + 44)
        wrong.push(
          `"${name}": the box's middle ${Math.round(middle)} is off the label's first row (${Math.round(label.top)}–${Math.round(label.top + 44)})`,
        );
    }
    return { count: roots.length, wrong };
  });
}

async function check(page: Page, shot: string): Promise<void> {
  await snap(page, shot);
  await expectNoHorizontalScroll(page);
  await expect(smallTapTargets(page)).resolves.toEqual([]);
  await expectNoSeriousA11yViolations(page);
}

async function signUpClient(page: Page, slug: string, name: string): Promise<string> {
  const email = `${name.toLowerCase()}-${slug}@e2e.test`;
  const signup = await page.request.post('/api/signup/client', {
    data: { company: slug, roleId: 'client', name, email, phone: '', password: PASSWORD },
  });
  expect(signup.status(), await signup.text()).toBe(200);
  return email;
}

describe('client usability (issue 11 §7, new-user findings)', () => {
  it('a deep link survives the login at 360 px; an address on another site is ignored; taps are 44 px; a card opens with one tap', async () => {
    const { page: owner, context: ownerContext } = await newPage(browser);
    const company = await createCompany(owner);
    await owner.goto('/login');
    await fillLogin(owner, company.email, PASSWORD);
    await owner.waitForURL((url) => url.pathname.includes('/app'));
    const { classId } = await classTomorrow(owner);
    const email = await signUpClient(owner, company.slug, 'Dana');

    // Signed out, the client opens Settings › Payment from a link (written with the group's `app/`, as
    // the spec writes the solo-client group): log in, and land there.
    const { page, context } = await newPage(browser, { width: 360, height: 740 });
    await page.goto(`/${company.slug}/client/client/app/settings/payment`);
    await page.waitForURL((url) => url.pathname === `/${company.slug}/client/login`);
    expect(new URL(page.url()).searchParams.get('next')).toBe(
      `/${company.slug}/client/client/settings/payment`,
    );
    await check(page, 'deep-link-login');
    await fillLogin(page, email, PASSWORD);
    await page.waitForURL((url) => url.pathname === `/${company.slug}/client/client/settings/payment`);
    await page.getByRole('heading', { level: 1, name: 'Payment' }).waitFor();
    await check(page, 'deep-link-payment');

    // The timetable: a tap on a card's corner, away from the class's name, opens the class.
    await page
      .getByRole('navigation', { name: 'Client menu' })
      .getByRole('link', { name: 'Calendar' })
      .click();
    const card = page.getByRole('listitem').filter({ hasText: 'Morning Mobility' });
    await card.waitFor();
    await check(page, 'timetable-day-list');
    await card.scrollIntoViewIfNeeded();
    const box = await card.boundingBox();
    if (!box) throw new Error('The class card has no box');
    await page.mouse.click(box.x + box.width - 8, box.y + box.height - 8);
    await page.waitForURL(
      (url) => url.pathname === `/${company.slug}/client/client/classes/details/${classId}`,
    );
    await page.getByRole('heading', { level: 1, name: 'Morning Mobility' }).waitFor();
    // The studio's zone is named only when this browser's clock differs, and never as "America/New_York".
    await expect(page.getByText('America/New_York').count()).resolves.toBe(0);
    const sameClock = await page.evaluate(() => {
      const offset = (timeZone: string) =>
        new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'longOffset' }).format(new Date());
      return offset('America/New_York') === offset(Intl.DateTimeFormat().resolvedOptions().timeZone);
    });
    await expect(page.getByText(/the studio’s time: Eastern (Standard|Daylight) Time/).count()).resolves.toBe(
      sameClock ? 0 : 1,
    );
    await check(page, 'class-page');

    // Logged out, a login link that names another site lands on the calendar, not there.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === `/${company.slug}/client/login`);
    for (const next of ['https://evil.example/', '//evil.example/steal']) {
      await page.goto(`/${company.slug}/client/login?next=${encodeURIComponent(next)}`);
      await fillLogin(page, email, PASSWORD);
      await page.waitForURL((url) => url.pathname === `/${company.slug}/client/client`);
      expect(new URL(page.url()).host).toBe(new URL(owner.url()).host);
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === `/${company.slug}/client/login`);
    }
    await context.close();

    // The team's deep links work the same way: the owner's session ends, the login returns to the page.
    await ownerContext.clearCookies();
    await owner.goto('/app/settings/studios');
    await owner.waitForURL((url) => url.pathname === '/login');
    await fillLogin(owner, company.email, PASSWORD);
    await owner.waitForURL((url) => url.pathname === '/app/settings/studios');
    await ownerContext.close();
  }, 120_000);

  it('the week grid shows the seven days side by side at 1280 px, and one day a row at 360 px', async () => {
    const { page: owner, context: ownerContext } = await newPage(browser);
    const company = await createCompany(owner);
    await owner.goto('/login');
    await fillLogin(owner, company.email, PASSWORD);
    await owner.waitForURL((url) => url.pathname.includes('/app'));
    await classTomorrow(owner);
    const email = await signUpClient(owner, company.slug, 'Wes');
    await ownerContext.close();

    for (const width of [1280, 1024, 360]) {
      const { page, context } = await newPage(browser, { width, height: 800 });
      await page.goto(`/${company.slug}/client/client?layout=week`);
      await fillLogin(page, email, PASSWORD);
      await page.waitForURL(
        (url) =>
          url.pathname === `/${company.slug}/client/client` && url.searchParams.get('layout') === 'week',
      );
      const days = page.getByTestId('week-grid').getByRole('region');
      await days.first().waitFor();
      const tops = await days.evaluateAll((sections) =>
        sections.map((section) => Math.round(section.getBoundingClientRect().top)),
      );
      expect(tops).toHaveLength(7);
      const perRow = tops.filter((top) => top === tops[0]).length;
      expect(perRow).toBe(width >= 1024 ? 7 : 1);
      await check(page, 'week-grid');
      await context.close();
    }
  }, 120_000);

  it('checkboxes, radios and switches sit beside their labels at 360 and 1280 px, each row 44 px tall', async () => {
    const { page: owner, context: ownerContext } = await newPage(browser);
    const company = await createCompany(owner);
    await owner.goto('/login');
    await fillLogin(owner, company.email, PASSWORD);
    await owner.waitForURL((url) => url.pathname.includes('/app'));
    await send(owner, 'put', '/api/waiver', {
      title: 'Liability waiver',
      text: 'I take part in classes at my own risk and tell the instructor about any injury before class.',
      terms: [
        { value: 'risk', label: 'I take part at my own risk' },
        { value: 'injury', label: 'I will tell the instructor about any injury or condition before class' },
      ],
      askToSignAgain: true,
    });
    await send(owner, 'post', '/api/packages', {
      kind: 'class-pack',
      name: 'Five Pack',
      description: 'Five classes.',
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
    const email = await signUpClient(owner, company.slug, 'Rosa');
    await ownerContext.close();

    const area = `/${company.slug}/client/client`;
    for (const width of [360, 1280]) {
      const { page, context } = await newPage(browser, { width, height: 800 });
      await page.goto(`/${company.slug}/client/login`);
      await fillLogin(page, email, PASSWORD);
      await page.waitForURL((url) => url.pathname === area);
      const pages: [string, string, () => Promise<void>][] = [
        [
          'signup-details',
          `${area}/client-signup/edit/mine`,
          () => page.getByRole('checkbox', { name: /news and offers by email/ }).waitFor(),
        ],
        [
          'waiver-terms',
          `${area}/settings/waiver`,
          () => page.getByRole('radio', { name: 'Type my name as my signature' }).waitFor(),
        ],
        [
          'notification-switches',
          `${area}/settings/notifications`,
          () => page.getByRole('switch', { name: 'News and offers' }).waitFor(),
        ],
        [
          'buy-dialog',
          `${area}/settings/packages`,
          async () => {
            await page.getByRole('button', { name: 'Buy Five Pack' }).click();
            await page.getByRole('radio', { name: /^Pay at the studio/ }).waitFor();
            await page.waitForFunction(() =>
              document.getAnimations().every((animation) => animation.playState !== 'running'),
            );
          },
        ],
      ];
      for (const [shot, path, ready] of pages) {
        await page.goto(path);
        await ready();
        const { count, wrong } = await controlsNotBesideLabels(page);
        expect(count, shot).toBeGreaterThan(0);
        expect(wrong, shot).toEqual([]);
        await check(page, `controls-${shot}`);
      }
      await context.close();
    }
  }, 120_000);

  it('the calendar: filters fold behind “Filters” at 360 px so a class is on the first screen; one instructor is no filter; a class under way says Started', async () => {
    const { page: owner, context: ownerContext } = await newPage(browser);
    const company = await createCompany(owner);
    await owner.goto('/login');
    await fillLogin(owner, company.email, PASSWORD);
    await owner.waitForURL((url) => url.pathname.includes('/app'));
    const setup = await classTomorrow(owner);
    await addClass(owner, setup, { name: 'Strength Lab', time: '18:00', capacity: 8, dropInPrice: 0 });
    const token = (await ownerContext.cookies()).find((cookie) => cookie.name === 'token')?.value;
    const started = await owner.request.get(`/api/class-instances/${setup.classId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const startsAt = Date.parse(((await started.json()) as { data: { startsAt: string } }).data.startsAt);
    const email = await signUpClient(owner, company.slug, 'Sol');
    await ownerContext.close();

    for (const width of [360, 1280]) {
      const { page, context } = await newPage(browser, { width, height: 740 });
      // Ten minutes into Morning Mobility (the browser's clock only; the server keeps its own).
      await page.clock.setFixedTime(new Date(startsAt + 10 * 60_000));
      await page.goto(`/${company.slug}/client/login`);
      await fillLogin(page, email, PASSWORD);
      await page.waitForURL((url) => url.pathname === `/${company.slug}/client/client`);
      const mobility = page.getByRole('listitem').filter({ hasText: 'Morning Mobility' });
      await mobility.getByText('Started').waitFor();
      await expect(mobility.getByText(/places? left/).count()).resolves.toBe(0);
      await page
        .getByRole('listitem')
        .filter({ hasText: 'Strength Lab' })
        .getByText('8 places left')
        .waitFor();
      // Ines teaches everything, at the one studio: no Instructor or Studio filter to choose from.
      await expect(page.getByRole('combobox', { name: 'Instructor' }).count()).resolves.toBe(0);
      await expect(page.getByRole('combobox', { name: 'Studio' }).count()).resolves.toBe(0);
      const toggle = page.getByRole('button', { name: /^Filters/ });
      const classFilter = page.getByRole('combobox', { name: 'Class' });
      if (width < 768) {
        await expect(classFilter.isVisible()).resolves.toBe(false);
        // The first class is on the first screen, without scrolling.
        const bottom = await mobility.evaluate((card) => card.getBoundingClientRect().bottom);
        expect(bottom).toBeLessThanOrEqual(740);
        await check(page, 'calendar-filters-folded');
        await toggle.click();
        await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
      } else {
        await expect(toggle.isVisible()).resolves.toBe(false);
      }
      // The filters are the device's own pickers (native selects), 44 px tall; the first choice is "all".
      await expect(classFilter.evaluate((select) => select.tagName)).resolves.toBe('SELECT');
      await expect(
        classFilter.evaluate((select) => Math.round(select.getBoundingClientRect().height)),
      ).resolves.toBe(44);
      await expect(classFilter.locator('option').allTextContents()).resolves.toEqual([
        'All classes',
        'Morning Mobility',
        'Strength Lab',
      ]);
      await classFilter.selectOption({ label: 'Strength Lab' });
      await mobility.waitFor({ state: 'detached' });
      if (width < 768) await page.getByRole('button', { name: 'Filters (1 on)' }).waitFor();
      await check(page, width < 768 ? 'calendar-filters-open' : 'calendar-filters-inline');
      // By keyboard: the view switch and every filter are reached with Tab, show a ring, and work with the
      // arrow keys (a radio group; a closed select steps through its choices).
      const show = page.getByRole('radiogroup', { name: 'Show' });
      await show.getByRole('radio', { name: 'Timetable' }).focus();
      const ring = async () =>
        page.evaluate(() => {
          const focused = document.activeElement as HTMLElement;
          const drawn = focused.matches('input[type=radio]')
            ? (focused.nextElementSibling as HTMLElement)
            : focused;
          const style = getComputedStyle(drawn);
          return `${style.outlineStyle} ${style.outlineWidth}`;
        });
      const reached: string[] = [];
      for (let step = 0; step < 8; step += 1) {
        await page.keyboard.press('Tab');
        const name = await page.evaluate(() => {
          const focused = document.activeElement as HTMLInputElement;
          return `${focused.tagName} ${(focused.labels?.[0]?.textContent ?? focused.textContent ?? '').trim()}`;
        });
        reached.push(name);
        if (name.startsWith('SELECT')) await expect(ring(), name).resolves.toBe('solid 2px');
        if (name === 'SELECT Time of day') break;
      }
      expect(reached).toEqual(
        expect.arrayContaining(['INPUT Day by day', 'SELECT Class', 'SELECT Time of day']),
      );
      await page.keyboard.press('ArrowDown');
      await page.waitForURL((url) => url.searchParams.get('time') === 'morning');
      if (width < 768) await page.getByRole('button', { name: 'Filters (2 on)' }).waitFor();
      await page.keyboard.press('ArrowUp');
      await page.waitForURL((url) => !url.searchParams.has('time'));
      await show.getByRole('radio', { name: 'Timetable' }).focus();
      await page.keyboard.press('ArrowRight');
      await page.waitForURL((url) => url.searchParams.get('view') === 'mine');
      await page.getByRole('heading', { name: 'Coming up' }).waitFor();
      await expect(
        show
          .getByRole('radio', { name: 'My bookings' })
          .evaluate((radio) => radio === document.activeElement),
      ).resolves.toBe(true);
      await expect(ring()).resolves.toBe('solid 2px');
      await page.keyboard.press('ArrowLeft');
      await page.waitForURL((url) => !url.searchParams.has('view'));
      await page.getByRole('listitem').filter({ hasText: 'Strength Lab' }).waitFor();

      // Back at this week "Previous week" greys out; the keyboard is moved on to "Next week".
      await page.getByRole('button', { name: 'Next week' }).click();
      await page.waitForURL((url) => url.searchParams.has('from'));
      await page.getByRole('button', { name: 'Previous week' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => !url.searchParams.has('from'));
      await page.getByRole('button', { name: 'Previous week', disabled: true }).waitFor();
      await expect(
        page
          .getByRole('button', { name: 'Next week' })
          .evaluate((element) => element === document.activeElement),
      ).resolves.toBe(true);
      await context.close();
    }
  }, 120_000);

  it('Account details at 360 and 1280 px keeps the keyboard’s place and says each result by its form, one at a time, with no toast', async () => {
    const { page: owner, context: ownerContext } = await newPage(browser);
    const company = await createCompany(owner);
    await ownerContext.close();

    for (const width of [360, 1280]) {
      const { page, context } = await newPage(browser, { width, height: 740 });
      const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
      const hasFocus = (locator: Locator) =>
        locator.evaluate((element) => element === document.activeElement);
      const toasts = page.locator('.mantine-Notification-root');

      // Client sign-up sent empty: the focus goes to the first field, not the button.
      await page.goto(`/${company.slug}/client/client/client-signup`);
      const create = page.getByRole('button', { name: 'Create the account' });
      await create.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => hasFocus(page.getByRole('textbox', { name: /^Your name/ }))).toBe(true);
      await snap(page, 'signup-refused-focus');
      const email = `nora-${width}-${company.slug}@e2e.test`;
      await page.getByRole('textbox', { name: /^Your name/ }).fill('Nora New');
      await page.getByRole('textbox', { name: /^Email/ }).fill(email);
      await page.getByLabel(/^Password/).fill(PASSWORD);
      await create.click();
      await page.getByRole('button', { name: 'Skip for now' }).click();
      await page.waitForURL((url) => url.pathname === `/${company.slug}/client/client`);
      await page.goto(`/${company.slug}/client/client/settings/account-details`);

      // Edit name and phone: starts at Name; saved with Enter, the focus goes to what it says.
      await page.getByRole('button', { name: 'Edit name and phone' }).click();
      const name = page.getByRole('textbox', { name: /^Name/ });
      await expect.poll(() => hasFocus(name)).toBe(true);
      await page.getByRole('textbox', { name: 'Phone' }).fill('4045550123');
      await page.keyboard.press('Enter');
      await expect.poll(focusedText).toBe('Your details are saved.');

      // Change email: starts at New email; a wrong password takes the focus; sent, the line says where.
      await page.getByRole('button', { name: 'Change email' }).click();
      const newEmail = page.getByRole('textbox', { name: /^New email/ });
      await expect.poll(() => hasFocus(newEmail)).toBe(true);
      await expect(page.getByText('Your details are saved.').count()).resolves.toBe(0);
      const address = `nora.new.with-a-long-address-${width}-${company.slug}@e2e.test`;
      await newEmail.fill(address);
      const password = page.getByLabel(/^Your password/);
      await password.fill('not-my-password-1');
      await page.getByRole('button', { name: 'Send the link' }).click();
      // After the server has checked the password (a slow hash on purpose: more than poll's 1 s on a busy machine).
      await expect.poll(() => hasFocus(password), { timeout: 10_000 }).toBe(true);
      await password.fill(PASSWORD);
      await page.getByRole('button', { name: 'Send the link' }).click();
      const sent = `We sent a link to ${address}. Your email changes when you open it; until then, keep using ${email}.`;
      await expect.poll(focusedText, { timeout: 10_000 }).toBe(sent);
      // All of it on screen: the address wraps, nothing is cut.
      const line = page.getByRole('status').filter({ hasText: 'We sent a link to' });
      await expect(line.evaluate((element) => element.scrollWidth <= element.clientWidth)).resolves.toBe(
        true,
      );
      await check(page, 'account-details-email-sent');
      await expect(toasts.count()).resolves.toBe(0);

      // The password: a wrong current one takes the focus; changed, its own line says so, the earlier goes.
      const current = page.getByLabel(/^Current password/);
      await current.fill('not-my-password-1');
      await expect(page.getByText(sent).count()).resolves.toBe(0);
      await page.getByLabel(/^New password/).fill('kinetic-e2e-2');
      await page.getByLabel(/^Repeat the new password/).fill('kinetic-e2e-2');
      await page.getByRole('button', { name: 'Change the password' }).click();
      await page.getByText('The current password is incorrect.').waitFor();
      await expect.poll(() => hasFocus(current), { timeout: 5_000 }).toBe(true);
      await current.fill(PASSWORD);
      await page.getByRole('button', { name: 'Change the password' }).click();
      const changed = 'Your password has been changed. Use the new one the next time you log in.';
      await expect.poll(focusedText).toBe(changed);
      await expect(page.getByRole('status').filter({ hasText: changed }).isVisible()).resolves.toBe(true);
      await expect(toasts.count()).resolves.toBe(0);
      await check(page, 'account-details-password-changed');

      // Delete my account: confirmed, its button is gone and the answer has the focus; kept, likewise.
      await page.getByRole('button', { name: 'Delete my account…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.getByLabel(/^Password/).fill('kinetic-e2e-2');
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await expect
        .poll(focusedText)
        .toMatch(/^Your account is to be deleted on .+\. Until then you can keep it\.$/);
      await expect(page.getByText(changed).count()).resolves.toBe(0);
      await dialog.waitFor({ state: 'detached' });
      await check(page, 'account-details-deletion-asked');
      await page.getByRole('button', { name: 'Keep my account' }).click();
      await expect.poll(focusedText).toBe('You keep your account: nothing will be deleted.');
      await page.getByRole('button', { name: 'Delete my account…' }).waitFor();
      await expect(toasts.count()).resolves.toBe(0);
      await context.close();
    }
  }, 120_000);
});
