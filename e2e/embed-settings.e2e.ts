import { describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.ts';
import { expectNoHorizontalScroll, signedInOwner, snap } from './support/journeys.ts';

/**
 * Settings › Website Widget (issue 12 §4) in Chromium on a phone: the line to paste is in view whole
 * (it wraps to several rows at 360 px; a fixed-height box hid its end), and a site is added by keyboard.
 */
const browser = await launchBrowser();

describe('Website Widget settings', () => {
  it('at 360 px the whole line to paste is in view, and a site is added by keyboard', async () => {
    const { page, context } = await newPage(browser, { width: 360, height: 740 });
    const company = await signedInOwner(page);
    await page.goto('/app/settings/websiteWidget');
    const code = page.getByRole('textbox', { name: 'Widget code' });
    await expect.poll(() => code.inputValue()).toContain(`data-company="${company.slug}"`);
    expect(await code.inputValue()).toMatch(/<\/script>$/);
    // Nothing of the line is scrolled away inside its box: what the owner copies is what they see.
    await expect
      .poll(() => code.evaluate((box) => box.scrollHeight - box.clientHeight))
      .toBeLessThanOrEqual(1);
    await expectNoHorizontalScroll(page);
    await snap(page, 'embed-settings');

    const site = page.getByRole('textbox', { name: 'Add a site' });
    await site.focus();
    await page.keyboard.type('https://www.my-studio.example');
    await page.keyboard.press('Enter');
    await page.getByRole('list', { name: 'Sites that may show the widget' }).getByText('https://www.my-studio.example').waitFor();
    await page.getByRole('button', { name: 'Remove https://www.my-studio.example' }).waitFor();
    await context.close();
  });
});
