import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { expectNoHorizontalScroll, signedInOwner, snap } from './support/journeys.ts';

const browser = await launchBrowser();

describe('Client Insights', () => {
  for (const width of [360, 1280])
    it(`a new studio's owner opens it, sees why nothing is shown, and changes the period by keyboard (${width} px)`, async () => {
      const { page } = await newPage(browser, { width });
      await signedInOwner(page);
      await page.goto(page.url().replace(/\/app.*$/, '/app/client-insights'));
      await expect.poll(() => page.title()).toContain('Client Insights');
      await page.getByRole('heading', { level: 1, name: 'Client Insights' }).waitFor();
      // No client has taken a place yet: fewer than 5 in view, so nothing that could point at someone.
      await page.getByRole('heading', { name: 'Fewer than 5 clients in this view' }).waitFor();
      expect(await page.getByText('counts are rounded to the nearest 5').count()).toBe(1);
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);

      // The period by keyboard: the select, then the two dates it opens, each labelled and focusable.
      const period = page.getByLabel('Period');
      await period.focus();
      await period.selectOption('custom');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('date');
      const request = page.waitForRequest((sent) =>
        sent.url().includes('/api/client-insights?from=2026-01-01'),
      );
      await page.getByLabel('From').fill('2026-01-01');
      await request;
      await page.getByLabel('To').fill('2025-12-01');
      await page.getByText('End on or after the first day').waitFor();
      // No answer is shown for dates that make no period (not the last one's, which would mislead).
      expect(await page.getByRole('heading', { name: 'Fewer than 5 clients in this view' }).count()).toBe(0);
      await expectNoHorizontalScroll(page);
      await snap(page, 'client-insights-empty');
    });
});
