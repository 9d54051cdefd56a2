import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { expect, inject } from 'vitest';
import type { Page } from 'playwright-core';

export const PASSWORD = 'kinetic-e2e-1';

/** Every test makes its own business: a fresh slug and emails nobody else uses. */
export function uniqueCompany(kind: 'company' | 'solo' = 'company') {
  const id = randomBytes(4).toString('hex');
  const slug = `${kind === 'solo' ? 'solo' : 'studio'}-${id}`;
  return {
    kind,
    slug,
    companyName: kind === 'solo' ? `Solo ${id}` : `Studio ${id}`,
    name: kind === 'solo' ? 'Sam Solo' : 'Olive Owner',
    email: `owner-${id}@e2e.test`,
    password: PASSWORD,
    timeZone: 'America/New_York',
  };
}
export type TestCompany = ReturnType<typeof uniqueCompany>;

/** Makes a business through the API when the journey under test starts after sign-up. */
export async function createCompany(page: Page, kind: 'company' | 'solo' = 'company'): Promise<TestCompany> {
  const company = uniqueCompany(kind);
  const response = await page.request.post('/api/signup/company', {
    data: company,
    headers: { 'x-forwarded-for': `198.51.100.${randomBytes(1)[0] ?? 1}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return company;
}

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** A new business whose owner has logged in through the login page and reached the app. */
export async function signedInOwner(page: Page, kind: 'company' | 'solo' = 'company'): Promise<TestCompany> {
  const company = await createCompany(page, kind);
  await page.goto('/login');
  await fillLogin(page, company.email, PASSWORD);
  await page.waitForURL((url) => url.pathname.includes('/app'));
  return company;
}

/** A client of `slug` signed up through the API, then logged in through the client login page and on the client's home. */
export async function signedInClient(page: Page, slug: string, name: string, email: string): Promise<void> {
  const signup = await page.request.post('/api/signup/client', {
    data: { company: slug, roleId: 'client', name, email, phone: '', password: PASSWORD },
  });
  expect(signup.status(), await signup.text()).toBe(200);
  await page.goto(`/${slug}/client/login`);
  await fillLogin(page, email, PASSWORD);
  await page.waitForURL((url) => url.pathname === `/${slug}/client/client`);
}

export async function cookieNames(page: Page): Promise<string[]> {
  return (await page.context().cookies()).map((cookie) => cookie.name).sort();
}

/** Waits for the SMTP catcher to receive a message for `to`; answers its decoded body. */
export async function waitForMail(to: string, timeoutMs = 15_000): Promise<string> {
  return findMail(to, (body) => body, timeoutMs, `No mail for ${to} within ${timeoutMs} ms`);
}

/**
 * Waits for the first message for `to` that `pick` answers something for (in the order the SMTP catcher
 * saved them); answers what it picked, or fails with `failure` after `timeoutMs`.
 */
export async function findMail<T>(to: string, pick: (body: string) => T | undefined, timeoutMs: number, failure: string): Promise<T> {
  const folder = inject('mailDir');
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    for (const file of (await readdir(folder)).sort()) {
      const mail = JSON.parse(await readFile(path.join(folder, file), 'utf8')) as {
        to: string[];
        body: string;
      };
      const picked = mail.to.includes(to.toLowerCase()) ? pick(mail.body) : undefined;
      if (picked !== undefined) return picked;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(failure);
}

/** Screenshots for a person to look at (not compared): /tmp/shots/{name}-{width}.png. */
export async function snap(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SHOTS_DIR ?? '/tmp/shots';
  await mkdir(folder, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(folder, `${name}-${width}.png`), fullPage: true });
}

export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A real, tiny PNG (a solid square) so uploads pass the server's content check. */
export function pngImage(size = 16): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, 0x48)]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
