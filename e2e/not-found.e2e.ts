import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';

const NOT_FOUND_TEXT = "We can't seem to find the page you're looking for.";
const browser = await launchBrowser();

describe('not-found page (spec §2)', () => {
  it('shows a loader for about 1.5 s, then the exact text with error code 404', async () => {
    const { page, context } = await newPage(browser);
    const opened = Date.now();
    await page.goto('/no/such/page');
    // The loader shows from the moment the app mounts, which on a busy machine is after `load`.
    await page.getByTestId('page-loader').waitFor({ state: 'visible', timeout: 10_000 });
    await expect(page.getByText(NOT_FOUND_TEXT).count()).resolves.toBe(0);

    await page.getByText(NOT_FOUND_TEXT).waitFor({ timeout: 5000 });
    const elapsed = Date.now() - opened;
    expect(elapsed).toBeGreaterThanOrEqual(1400);
    await expect(page.getByText('404').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('page-loader').count()).resolves.toBe(0);
    await context.close();
  });

  it('uses the Lato font and the primary colour #4860CF', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/still/missing');
    const heading = page.getByRole('heading', { name: NOT_FOUND_TEXT });
    await heading.waitFor();
    const fontFamily = await heading.evaluate((element) => getComputedStyle(element).fontFamily);
    expect(fontFamily.split(',')[0]?.trim()).toBe('Lato');
    const fontLoaded = await page.evaluate(async () => {
      await document.fonts.ready;
      return document.fonts.check('700 16px Lato');
    });
    expect(fontLoaded).toBe(true);
    const button = page.getByRole('link', { name: 'Go to the start page' });
    const background = await button.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).toBe('rgb(72, 96, 207)');
    await context.close();
  });

  it('has no serious or critical accessibility violations, also at 360 px wide', async () => {
    const { page, context } = await newPage(browser, { width: 360, height: 740 });
    await page.goto('/missing-on-a-phone');
    await page.getByText(NOT_FOUND_TEXT).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });

  it('answers unknown API paths with the JSON envelope, not the page', async () => {
    const { page, context } = await newPage(browser);
    const response = await page.request.get('/api/nothing-here');
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ status: 0, message: 'There is no GET /api/nothing-here.' });
    await context.close();
  });
});
