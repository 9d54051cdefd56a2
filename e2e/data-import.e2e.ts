import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { send } from './support/classes.ts';
import { expectNoHorizontalScroll, signedInOwner, snap } from './support/journeys.ts';

/**
 * Settings › Import & Export, the import (issue 18 §5): the owner uploads a Mindbody-style CSV by
 * keyboard, checks the suggested mapping, reads the dry run's rejected rows, imports, sees the progress
 * finish and finds an imported client on Clients. At 1280 px and 360 px.
 */
const browser = await launchBrowser();

function mindbodyCsv(id: string) {
  return [
    'ID,Last Name,First Name,Email,Mobile Phone,Home Phone,Birth Date,Client Since,Pricing Option,Remaining,Expiration Date',
    `1001,Okafor,Ada,ada-${id}@e2e.test,404-555-0101,,03/04/1990,01/15/2021,10-Class Pack,7,12/31/2099`,
    `1002,Hopper,Grace,grace-${id}@e2e.test,,(404) 555-0102,12/09/1986,02/01/2022,,,`,
    `1003,Broken,Bea,not-an-email,,,,,,,`,
    `1004,Twice,Tom,ADA-${id}@e2e.test,,,,,,,`,
  ].join('\r\n');
}

async function focusVisible(page: Page) {
  const outline = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return element ? getComputedStyle(element).outlineStyle : 'none';
  });
  expect(outline).not.toBe('none');
}

async function importJourney(width: number) {
  const { page, context } = await newPage(browser, { width, height: 800 });
  await signedInOwner(page);
  await send(page, 'post', '/api/packages', {
    kind: 'class-pack',
    name: '10-Class Pack',
    description: null,
    price: 18000,
    taxRateId: null,
    introOffer: false,
    offPeakOnly: false,
    templateIds: [],
    studioIds: [],
    credits: 10,
    expiryDays: 90,
    expiryFrom: 'purchase',
  });
  const id = randomBytes(3).toString('hex');
  await page.goto('/app/settings/importExport');
  await page.getByRole('heading', { name: 'Import clients', level: 2 }).waitFor();
  await page.getByRole('heading', { name: 'Export everything', level: 2 }).waitFor();
  await expectNoHorizontalScroll(page);
  await snap(page, 'data-import-choose');
  // The whole page, the file input's placeholder included (it was Mantine's 2.1:1 grey).
  await expectNoSeriousA11yViolations(page);

  // The file chooser opens from the keyboard.
  const fileButton = page.getByRole('button', { name: /Client file/ });
  // Listening first: the interception of the dialog is switched on before the key is pressed.
  const chooser = page.waitForEvent('filechooser');
  await fileButton.focus();
  await focusVisible(page);
  await page.keyboard.press('Enter');
  await (
    await chooser
  ).setFiles({ name: 'mindbody-clients.csv', mimeType: 'text/csv', buffer: Buffer.from(mindbodyCsv(id)) });
  await page.getByText('mindbody-clients.csv').first().waitFor();
  // The chosen file's clear button has a name.
  await page.getByRole('button', { name: 'Remove the chosen file' }).waitFor();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Tab');
  const readButton = page.getByRole('button', { name: 'Read the file' });
  await readButton.focus();
  await page.keyboard.press('Enter');

  // The mapping: recognised columns filled in, with sample values; focus on the step's heading.
  const mappingHeading = page.getByRole('heading', { name: 'Import clients: match the columns' });
  await mappingHeading.waitFor();
  expect(await mappingHeading.evaluate((element) => element === document.activeElement)).toBe(true);
  expect(await page.getByLabel('First name').inputValue()).toBe('First Name');
  expect(await page.getByLabel('Email', { exact: false }).first().inputValue()).toBe('Email');
  expect(await page.getByLabel('Phone', { exact: true }).inputValue()).toBe('Mobile Phone');
  expect(await page.getByLabel('Package name').inputValue()).toBe('Pricing Option');
  await page.getByText(`e.g. Ada · Grace · Bea`).waitFor();
  await expectNoHorizontalScroll(page);
  await snap(page, 'data-import-mapping');
  await expectNoSeriousA11yViolations(page);
  const check = page.getByRole('button', { name: 'Check the rows' });
  await check.focus();
  await page.keyboard.press('Enter');

  // The dry run: counts and each rejected row with its reason.
  await page.getByRole('heading', { name: 'Import clients: check the result' }).waitFor();
  expect(await page.getByTestId('dry-create').textContent()).toBe('2');
  expect(await page.getByTestId('dry-reject').textContent()).toBe('2');
  expect(await page.getByTestId('dry-packages').textContent()).toBe('1');
  const rejections = page.getByRole('table', { name: 'Rows that will not be imported, and why' });
  await rejections.getByText('invalid email “not-an-email”').waitFor();
  await rejections.getByText(`ada-${id}@e2e.test: duplicate email: the same as row 1`).waitFor();
  await expectNoHorizontalScroll(page);
  await snap(page, 'data-import-dry-run');

  const start = page.getByRole('button', { name: 'Import 2 clients' });
  await start.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: /^Import clients: (importing|finished)$/ }).waitFor();
  await page
    .getByText(/^Import finished: 2 created, 0 skipped \(already clients\), 2 rejected\.$/)
    .waitFor({ timeout: 30_000 });
  expect(await page.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe(
    '100',
  );
  await expectNoHorizontalScroll(page);
  await page.getByRole('heading', { name: 'Import clients: finished' }).waitFor();
  expect(
    await page.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuetext'),
  ).toBe('4 of 4 rows');
  await page.getByRole('button', { name: 'Download the rejected rows (CSV)' }).waitFor();
  await snap(page, 'data-import-done');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Open Clients' }).click();
  await page.waitForURL('**/app/clients');
  await page.getByText(`grace-${id}@e2e.test`).first().waitFor();
  await page.getByText('Ada Okafor').first().waitFor();
  await context.close();
}

describe('Client import', () => {
  it('at 1280 px: upload a Mindbody CSV, check the mapping, read the dry run, import, find the client', async () => {
    await importJourney(1280);
  });

  it('at 360 px, the same journey fits the screen', async () => {
    await importJourney(360);
  });
});
