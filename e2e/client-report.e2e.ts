import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { api, tokenOf } from './support/classes.ts';
import { expectNoHorizontalScroll, PASSWORD, signedInOwner, snap } from './support/journeys.ts';

/**
 * Client Reports (`/app/clientreports`; issue 14 §4, spec §2/§4/§7): opening the page sends the spec's
 * request with the loader suppressed, shows the spec's sentence with a loader and the clients done,
 * then "Download Report", which saves client-report.csv with one row per client.
 */
const browser = await launchBrowser();

const PROCESSING =
  'Your file is being processed, the download link will appear below once the file is ready. This process may take few minutes.';

/** Ada signs up and agrees to marketing (her contact goes in the file); Bob is made at the desk (his does not). */
async function twoClients(page: Page, slug: string) {
  const id = randomBytes(3).toString('hex');
  const adaEmail = `ada-${id}@e2e.test`;
  const signup = await page.request.post('/api/signup/client', {
    data: {
      company: slug,
      roleId: 'client',
      name: 'Ada Lovelace',
      email: adaEmail,
      phone: '(404) 555-0101',
      password: PASSWORD,
    },
  });
  expect(signup.status(), await signup.text()).toBe(200);
  const adaToken = ((await signup.json()) as { data: { token: string } }).data.token;
  await page.request
    .put('/api/my/signup-details', {
      headers: { authorization: `Bearer ${adaToken}` },
      data: { age: '25-34', industry: 'technology', marketingEmails: true },
    })
    .then(async (response) => expect(response.status(), await response.text()).toBe(200));
  await api(page, 'post', '/api/clients', await tokenOf(page), {
    name: '=Bob Builder',
    email: `bob-${id}@e2e.test`,
    phone: '',
  });
  return { adaEmail, bobEmail: `bob-${id}@e2e.test` };
}

describe('Client Reports page', () => {
  it('sends the spec request, shows the sentence, the progress, then Download Report saves client-report.csv', async () => {
    const { page, context } = await newPage(browser);
    const company = await signedInOwner(page);
    const { adaEmail, bobEmail } = await twoClients(page, company.slug);

    // The real answer, held back 1.5 s: long enough to see that this call shows no global loader.
    let answered = false;
    await page.route('**/api/generate-client-report-in-csv', async (route) => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.fulfill({ response });
      answered = true;
    });
    const sent = page.waitForRequest((request) =>
      request.url().endsWith('/api/generate-client-report-in-csv'),
    );
    await page.goto('/app/clientreports');
    const request = await sent;
    await page.getByText(PROCESSING, { exact: true }).waitFor();
    expect(answered).toBe(false);
    expect(await page.getByRole('progressbar', { name: 'Processing the report' }).isVisible()).toBe(true);
    expect(await page.locator('.mantine-Overlay-root').count()).toBe(0);
    const me = await api<{ company: { id: string } }>(page, 'get', '/api/me', await tokenOf(page));
    expect(request.method()).toBe('POST');
    expect(request.postDataJSON()).toEqual({
      companyId: me.company.id,
      isSolo: true,
      currentPage: 0,
      itemsPerPage: 10,
      searchString: '',
      orderBy: 'First Name',
      orderDirection: 'asc',
    });
    expect(request.headers().authorization).toMatch(/^Bearer \S+$/);

    await page.getByText(PROCESSING, { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Client Reports', level: 1 }).waitFor();
    // While the job works: the loader, how many clients are done of how many, and no button yet.
    await page.getByText('0 of 2 clients done', { exact: true }).waitFor();
    expect(await page.getByRole('progressbar', { name: 'Processing the report' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Download Report' }).count()).toBe(0);
    await snap(page, 'client-report-processing');

    const button = page.getByRole('button', { name: 'Download Report' });
    await button.waitFor();
    await page.getByRole('status').filter({ hasText: 'Your report is ready: 2 clients.' }).waitFor();
    expect(await page.getByRole('progressbar', { name: 'Processing the report' }).count()).toBe(0);
    expect(await page.getByText(PROCESSING, { exact: true }).isVisible()).toBe(true);
    // Announced, not focused: the focus stays where the person left it.
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(false);
    await expectNoSeriousA11yViolations(page);
    await snap(page, 'client-report-1280');

    const downloadRequest = page.waitForRequest((request) =>
      request.url().includes('/api/download-generated-client-report-in-csv/'),
    );
    await button.focus();
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect((await downloadRequest).headers().authorization).toMatch(/^Bearer \S+$/);
    expect(download.suggestedFilename()).toBe('client-report.csv');
    const csv = (await readFile((await download.path()) ?? '', 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Name,Email,Phone,Signed up,Age range,Race or ethnicity,Industry,Household income,Household income (earlier answer),Neighborhood planning unit,Neighborhood,Packages held,Visits,Last visit,Marketing consent',
    );
    expect(lines).toHaveLength(3);
    // First name ascending: "=Bob" sorts before "Ada" (the = is part of the name), made safe for spreadsheets.
    expect(lines[1]).toMatch(/^'=Bob Builder,,,\d{4}-\d{2}-\d{2},,,,,,,,,0,,No$/);
    expect(lines[2]).toMatch(
      new RegExp(
        `^Ada Lovelace,${adaEmail.replace('.', '\\.')},\\(404\\) 555-0101,\\d{4}-\\d{2}-\\d{2},25–34,,Technology,,,,,,0,,Yes$`,
      ),
    );
    expect(csv).not.toContain(bobEmail);
    await context.close();
  });

  it('at 360 px the sentence wraps and the button is in view, by keyboard', async () => {
    const { page, context } = await newPage(browser, { width: 360, height: 740 });
    await signedInOwner(page);
    await page.goto('/app/clientreports');
    await page.getByText(PROCESSING, { exact: true }).waitFor();
    const button = page.getByRole('button', { name: 'Download Report' });
    await button.waitFor();
    await page.getByText('Your report is ready: 0 clients.').waitFor();
    await expectNoHorizontalScroll(page);
    await button.focus();
    expect(await button.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');
    await snap(page, 'client-report-360');
    await context.close();
  });
});
