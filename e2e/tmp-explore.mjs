import { chromium } from 'playwright-core';
const B = 'http://127.0.0.1:3200';
const out = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const cases = [
  ['admin', '/login', 'admin@demo.test'],
  ['staff', '/login', 'staff@demo.test'],
  ['client', '/demo/client/login', 'client@demo.test'],
  ['solo', '/solo-demo/solo-instructor/login', 'instructor@solo-demo.test'],
  ['soloclient', '/solo-demo/solo-client/client/app/login', 'client@solo-demo.test'],
];
for (const [name, path, email] of cases) {
  for (const width of [1280, 360]) {
    const context = await browser.newContext({ viewport: { width, height: 800 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(B + path);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill('kinetic-demo');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForTimeout(3500);
    console.log(name, width, '->', new URL(page.url()).pathname);
    await page.screenshot({ path: `${out}/${name}-${width}.png` });
    if (width === 1280) {
      const logout = page.getByRole('button', { name: 'Logout' });
      if (await logout.count()) { await logout.first().click(); await page.waitForTimeout(1500); console.log('  logout ->', new URL(page.url()).pathname); }
    }
    await context.close();
  }
}
await browser.close();
