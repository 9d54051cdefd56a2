import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser.ts';
import { createCompany, fillLogin } from './support/journeys.ts';

const browser = await launchBrowser();

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('The element has no box on screen');
  return found;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe('the success toast hides nothing the user needs (issue 6)', () => {
  for (const width of [360, 1280]) {
    it(`at ${width} px it covers neither the header, the menu button, Save nor the saved box`, async () => {
      const { page, context } = await newPage(browser, { width, height: 740 });
      const company = await createCompany(page);
      await page.goto('/login');
      await fillLogin(page, company.email, company.password);
      await page.waitForURL('**/app/settings/companyDetails');
      await page.getByRole('textbox', { name: 'City' }).fill('Atlanta');
      const save = page.getByRole('button', { name: 'Save' });
      await save.click();

      // Announced: Mantine gives each toast role="alert".
      const toast = page.getByRole('alert').filter({ hasText: 'Done' });
      await toast.waitFor();
      // Measured where it settles: Mantine slides the toast in, and mid-slide it is partly off screen.
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      // The viewport, not the full page: fixed toasts and headers are drawn where the user sees them.
      await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR ?? '/tmp/shots'}/toast-viewport-${width}.png` });
      const toastBox = await box(toast);
      expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(740);
      expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(width);
      expect(overlaps(toastBox, await box(page.locator('header')))).toBe(false);
      // Nor what the user just acted on: Save and the "saved / Next" box's words (on a phone too).
      const saved = page.getByRole('status').filter({ hasText: 'Company Details saved' });
      expect(overlaps(toastBox, await box(saved.getByText('Company Details saved')))).toBe(false);
      expect(overlaps(toastBox, await box(saved.getByRole('link', { name: 'Next: Studios' })))).toBe(false);
      expect(overlaps(toastBox, await box(save))).toBe(false);

      if (width < 768) {
        const burger = page.getByRole('button', { name: 'Open the menu' });
        expect(overlaps(toastBox, await box(burger))).toBe(false);
        // Playwright refuses to click an element another one covers, so this fails if the toast is on top.
        await burger.click({ timeout: 2_000 });
        await expect(page.getByRole('button', { name: 'Close the menu' }).isVisible()).resolves.toBe(true);
        await expect(toast.isVisible()).resolves.toBe(true);
      }
      await context.close();
    });
  }
});
