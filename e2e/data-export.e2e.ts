import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import { launchBrowser, newPage } from './support/browser.ts';
import { expectNoHorizontalScroll, PASSWORD, signedInOwner, snap } from './support/journeys.ts';

/**
 * Settings › Import & Export, the export card (issue 18 §5): the owner downloads the whole studio as
 * kinetic-export-<slug>-<date>.zip (CSV files + manifest.json) by keyboard at 360 px; a failure is shown.
 */
const browser = await launchBrowser();

describe('Export archive', () => {
  it('at 360 px, by keyboard: Download saves the archive, whose clients.csv holds the studio’s client', async () => {
    const { page, context } = await newPage(browser, { width: 360, height: 740 });
    const company = await signedInOwner(page);
    const email = `zoe-${randomBytes(3).toString('hex')}@e2e.test`;
    const signup = await page.request.post('/api/signup/client', {
      data: {
        company: company.slug,
        roleId: 'client',
        name: 'Zoë "Zed" Ñúñez, Jr',
        email,
        phone: '',
        password: PASSWORD,
      },
    });
    expect(signup.status(), await signup.text()).toBe(200);

    await page.goto('/app/settings/importExport');
    await page.getByRole('heading', { name: 'Export everything', level: 2 }).waitFor();
    await page.getByText('Clients, with their sign-up details and email choices').waitFor();
    const button = page.getByRole('button', { name: 'Download archive (.zip)' });
    await expectNoHorizontalScroll(page);
    await button.focus();
    expect(await button.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');
    await snap(page, 'data-export');

    const sent = page.waitForRequest((request) => request.url().endsWith('/api/exports/archive'));
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect((await sent).headers().authorization).toMatch(/^Bearer \S+$/);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^kinetic-export-${company.slug}-\\d{4}-\\d{2}-\\d{2}\\.zip$`),
    );
    const files = unzipSync(new Uint8Array(await readFile((await download.path()) ?? '')));
    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as {
      format: string;
      company: { slug: string };
      files: { name: string; rows: number }[];
    };
    expect(manifest.format).toBe('kinetic-export');
    expect(manifest.company.slug).toBe(company.slug);
    expect(manifest.files.find((file) => file.name === 'clients.csv')?.rows).toBe(1);
    const clients = strFromU8(files['clients.csv']!);
    expect(clients).toContain(`"Zoë ""Zed"" Ñúñez, Jr",Zoë,"""Zed"" Ñúñez, Jr",${email}`);

    const status = page.getByTestId('export-status');
    await expect.poll(() => status.textContent()).toMatch(/^Downloaded kinetic-export-.+\.zip \(\d+ KB\)\.$/);
    // The focus stays on the button after the download.
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectNoHorizontalScroll(page);
    await snap(page, 'data-export-done');
    await context.close();
  });

  it('at 1280 px a failed download says so, and the page stays usable', async () => {
    const { page, context } = await newPage(browser, { width: 1280, height: 900 });
    await signedInOwner(page);
    await page.route('**/api/exports/archive', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ status: 0, message: 'The server is busy. Please try again.', data: null }),
      }),
    );
    await page.goto('/app/settings/importExport');
    await page.getByRole('button', { name: 'Download archive (.zip)' }).click();
    await page.getByRole('alert').filter({ hasText: 'The server is busy. Please try again.' }).waitFor();
    // WCAG 2.2 AA on the export card as it stands with its error (the page's import card is the import's).
    const results = await new AxeBuilder({ page })
      .include('section[aria-labelledby="export-heading"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(
      results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id),
    ).toEqual([]);
    await snap(page, 'data-export-failed');
    await context.close();
  });
});
