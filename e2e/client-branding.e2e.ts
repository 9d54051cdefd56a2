import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { expectNoHorizontalScroll, fillLogin, PASSWORD, pngImage, snap, uniqueCompany } from './support/journeys.ts';

const browser = await launchBrowser();

const CONTACT = {
  email: 'hello@branded.example',
  phone: '(404) 555-0199',
  address: { line1: '12 Peachtree St', line2: '', city: 'Atlanta', state: 'GA', postalCode: '30303', country: 'United States' },
};

/** A business with a logo and contact details, set up through the API as its owner would save them. */
async function brandedCompany(page: Page, kind: 'company' | 'solo') {
  const company = uniqueCompany(kind);
  const signup = await page.request.post('/api/signup/company', {
    data: company,
    headers: { 'x-forwarded-for': '198.51.100.201' },
  });
  expect(signup.status(), await signup.text()).toBe(200);
  const authorization = `Bearer ${(await signup.json()).data.token}`;
  const upload = await page.request.post('/api/uploads', {
    headers: { authorization },
    multipart: { file: { name: 'logo.png', mimeType: 'image/png', buffer: pngImage(64) } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const details = await page.request.put('/api/company/details', {
    headers: { authorization },
    data: {
      name: company.companyName,
      ...CONTACT,
      timeZone: company.timeZone,
      currency: 'USD',
      logo: (await upload.json()).data.file,
    },
  });
  expect(details.status(), await details.text()).toBe(200);
  return company;
}

async function expectBranding(page: Page, companyName: string) {
  // Written beside the business name, the logo is decorative: screen readers read the name once.
  const logo = page.getByTestId('company-logo');
  await logo.waitFor();
  await expect(logo.getAttribute('alt')).resolves.toBe('');
  await expect(page.getByRole('img', { name: `${companyName} logo` }).count()).resolves.toBe(0);
  // Loaded, not a broken image (the CSP and the uploads route both let it through).
  await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(64);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('heading', { name: `Contact ${companyName}` }).isVisible()).resolves.toBe(true);
  await expect(footer.getByRole('link', { name: CONTACT.email }).getAttribute('href')).resolves.toBe(
    `mailto:${CONTACT.email}`,
  );
  await expect(footer.getByRole('link', { name: CONTACT.phone }).getAttribute('href')).resolves.toBe('tel:4045550199');
  await expect(footer.getByText('12 Peachtree St').isVisible()).resolves.toBe(true);
  await expect(footer.getByText('Atlanta, GA 30303').isVisible()).resolves.toBe(true);
}

describe("a company's logo and contact details reach its clients (issue 6)", () => {
  it('on the client login, the client sign-up and every client page', async () => {
    const { page, context } = await newPage(browser, { width: 360 });
    const company = await brandedCompany(page, 'company');
    const email = `branded-${company.slug}@e2e.test`;
    const client = await page.request.post('/api/signup/client', {
      data: { company: company.slug, roleId: 'client', name: 'Cleo Client', email, phone: '', password: PASSWORD },
      headers: { 'x-forwarded-for': '198.51.100.202' },
    });
    expect(client.status(), await client.text()).toBe(200);

    await page.goto(`/${company.slug}/client/client/client-signup`);
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    await expectBranding(page, company.companyName);

    await page.goto(`/${company.slug}/client/login`);
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    await expectBranding(page, company.companyName);
    await expectNoHorizontalScroll(page);
    await snap(page, 'branded-client-login');
    await expectNoSeriousA11yViolations(page);

    await fillLogin(page, email, PASSWORD);
    await page.waitForURL((url) => url.pathname === `/${company.slug}/client/client`);
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
    await expectBranding(page, company.companyName);
    await expectNoHorizontalScroll(page);
    await snap(page, 'branded-client-area');
    await page.setViewportSize({ width: 1280, height: 800 });
    await snap(page, 'branded-client-area');
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });

  it("a solo instructor's clients see the same on the solo client login, the address sign-up promised", async () => {
    const { page, context } = await newPage(browser);
    // The sign-up form names the solo clients' login page, not the business one.
    await page.goto('/signup?kind=solo');
    await page.getByRole('textbox', { name: 'Web address' }).fill('jo-moves');
    const host = new URL(page.url()).host;
    await expect(page.getByText(`Your clients will log in at ${host}/jo-moves/solo-client/client/app/login`).isVisible())
      .resolves.toBe(true);
    await page.getByText('Studio or gym', { exact: true }).click();
    await expect(page.getByText(`Your clients will log in at ${host}/jo-moves/client/login`).isVisible()).resolves.toBe(true);
    await snap(page, 'signup-client-address');

    const solo = await brandedCompany(page, 'solo');
    await page.goto(`/${solo.slug}/solo-client/client/app/login`);
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    await expectBranding(page, solo.companyName);
    await context.close();
  });
});
