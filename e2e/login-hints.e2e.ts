import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser.ts';
import { fillLogin, PASSWORD, snap, uniqueCompany } from './support/journeys.ts';

const browser = await launchBrowser();

async function companyWithClient(page: Page) {
  const company = uniqueCompany('company');
  const signup = await page.request.post('/api/signup/company', {
    data: company,
    headers: { 'x-forwarded-for': '198.51.100.211' },
  });
  expect(signup.status(), await signup.text()).toBe(200);
  const clientEmail = `hint-${company.slug}@e2e.test`;
  const client = await page.request.post('/api/signup/client', {
    data: { company: company.slug, roleId: 'client', name: 'Cleo Client', email: clientEmail, phone: '', password: PASSWORD },
    headers: { 'x-forwarded-for': '198.51.100.212' },
  });
  expect(client.status(), await client.text()).toBe(200);
  return { ...company, clientEmail };
}

describe('a login page that is not yours says which one is (issue 6)', () => {
  it('a client at /login and an owner at the client login are sent, by link, to their own page', async () => {
    const { page, context } = await newPage(browser, { width: 360 });
    const company = await companyWithClient(page);

    await page.goto('/login');
    await fillLogin(page, company.clientEmail, PASSWORD);
    const alert = page.getByRole('alert');
    await alert.getByText(`This is the team login. Clients of ${company.companyName} log in at`).waitFor();
    await snap(page, 'login-hint');
    // The link reads as part of the sentence: the same font size.
    const link = alert.getByRole('link', { name: `/${company.slug}/client/login` });
    const sizes = await link.evaluate((a) => [getComputedStyle(a).fontSize, getComputedStyle(a.parentElement!).fontSize]);
    expect(sizes[0]).toBe(sizes[1]);
    await alert.getByRole('link', { name: `/${company.slug}/client/login` }).click();
    await page.waitForURL((url) => url.pathname === `/${company.slug}/client/login`);
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();

    await fillLogin(page, company.email, PASSWORD);
    await page
      .getByRole('alert')
      .getByText(`This is the client login. The ${company.companyName} team logs in at /${company.slug}/admin/login.`)
      .waitFor();
    await expect(page.getByRole('alert').getByRole('link', { name: `/${company.slug}/admin/login` }).isVisible()).resolves.toBe(true);

    // Someone without the password learns nothing.
    await fillLogin(page, company.email, 'not-the-password-9');
    await page.getByRole('alert').getByText('The email or password is incorrect.').waitFor();
    await expect(page.getByRole('alert').getByRole('link').count()).resolves.toBe(0);
    await context.close();
  });
});

describe('password fields (issue 6)', () => {
  it('show the same focus ring as other fields, and Tab reaches the show-password button', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/login');
    const email = page.getByRole('textbox', { name: 'Email' });
    await email.focus();
    await page.keyboard.press('Tab');
    const password = page.locator('input[autocomplete="current-password"]');
    await expect(password.evaluate((input) => input === document.activeElement)).resolves.toBe(true);

    // The ring sits on the field's box: for a password that is the wrapper around the real input.
    const ring = (element: Element, box: string | null) => {
      const target = box ? element.closest(box) : element;
      if (!target) throw new Error(`no ${box} around the field`);
      const style = getComputedStyle(target);
      return {
        outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
        offset: style.outlineOffset,
        border: style.borderColor,
      };
    };
    await email.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    // Read once Mantine's border-colour transition has settled.
    const settled = async (read: () => Promise<unknown>) => {
      let last = await read();
      for (;;) {
        await page.waitForTimeout(150);
        const next = await read();
        if (JSON.stringify(next) === JSON.stringify(last)) return next;
        last = next;
      }
    };
    const emailRing = (await settled(() => email.evaluate(ring, null))) as { outline: string };
    await page.keyboard.press('Tab');
    const passwordRing = await settled(() => password.evaluate(ring, '.mantine-PasswordInput-input'));
    expect(emailRing.outline).toMatch(/^solid 2px/);
    expect(passwordRing).toEqual(emailRing);

    await page.keyboard.press('Tab');
    const toggle = page.getByRole('button', { name: 'Show password' });
    await expect(toggle.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('false');
    await page.keyboard.press('Space');
    await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(password.getAttribute('type')).resolves.toBe('text');
    await context.close();
  });
});
