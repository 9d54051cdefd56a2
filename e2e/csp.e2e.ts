import { describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.ts';
import { createCompany } from './support/journeys.ts';

const browser = await launchBrowser();

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

describe('the strict Content-Security-Policy (issue 6)', () => {
  it('is not violated on the public pages, the client pages or the not-found page', async () => {
    const { page, context } = await newPage(browser);
    await context.addInitScript(() => {
      window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        window.cspViolations?.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
      });
    });
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) consoleErrors.push(message.text());
    });
    const company = await createCompany(page);
    const solo = await createCompany(page, 'solo');

    for (const [path, heading] of [
      ['/login', 'Log in'],
      ['/signup', 'Create your Kinetic account'],
      [`/${company.slug}/client/login`, 'Log in'],
      [`/${company.slug}/client/client/client-signup`, 'Create your account'],
      [`/${solo.slug}/solo-client/client/app/login`, 'Log in'],
      ['/forgotPassword', 'Forgot your password?'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      // Type into a form so its schema validates (where zod would probe `new Function`).
      await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
      await page.keyboard.press('Enter');
      const violations = await page.evaluate(() => window.cspViolations ?? []);
      expect({ path, violations }).toEqual({ path, violations: [] });
    }
    await page.goto('/no-such/page/here');
    await page.getByText("We can't seem to find the page you're looking for.").waitFor();
    expect(await page.evaluate(() => window.cspViolations ?? [])).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
