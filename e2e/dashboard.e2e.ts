import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { api, newYorkAt, newYorkDate, studioWithOnceClass, tokenOf } from './support/classes.ts';
import { expectNoHorizontalScroll, signedInOwner, snap } from './support/journeys.ts';

/**
 * The Dashboard (issue 18): the owner logs in and sees today's class with its seats (booked through the
 * API as the desk would), follows the next class's roster link to the class's details, and the page works
 * at 360 px and by keyboard.
 */
const browser = await launchBrowser();

/** The owner, signed in, with a class in 30 minutes (capacity 8) and two clients booked into it. */
async function ownerWithClassSoon(page: Page) {
  const company = await signedInOwner(page);
  const token = await tokenOf(page);
  const starts = newYorkAt(new Date(Date.now() + 30 * 60_000));
  await studioWithOnceClass((path, body) => api<{ id: string }>(page, 'post', path, token, body), {
    template: { name: 'Sunrise Flow' },
    capacity: 8,
    date: starts.date,
    startTime: starts.time,
    durationMinutes: 45,
  });
  const from = new Date().toISOString();
  const to = new Date(Date.now() + 2 * 3_600_000).toISOString();
  const list = await api<{ items: { id: string }[] }>(
    page,
    'get',
    `/api/class-instances?from=${from}&to=${to}`,
    token,
  );
  const classId = list.items[0]?.id ?? '';
  for (const name of ['Rosa Lopez', 'Sam Reed']) {
    const client = await api<{ id: string }>(page, 'post', '/api/clients', token, {
      name,
      email: `${name.replace(' ', '.').toLowerCase()}-${company.slug}@example.com`,
      phone: '',
    });
    await api(page, 'post', `/api/class-instances/${classId}/bookings`, token, { clientId: client.id });
  }
  return { company, classId, today: starts.date === newYorkDate(0) };
}

describe('the dashboard', () => {
  for (const width of [1280, 360]) {
    it(`shows today's class with its seats and follows the roster link (${width} px)`, async () => {
      const { page, context } = await newPage(browser, { width, height: 900 });
      const { classId, today } = await ownerWithClassSoon(page);
      await page.goto('/app');

      const next = page.getByTestId('dashboard-next-class');
      await next.waitFor();
      expect(await next.textContent()).toContain('Sunrise Flow');
      expect(await next.textContent()).toContain('2 of 8 places booked');
      // Just before midnight in New York the class is tomorrow's: the next class, not today's list.
      if (today) {
        const row = page.getByTestId('dashboard-today').locator(`[data-class-id="${classId}"]`);
        expect(await row.getByTestId('dashboard-seats').textContent()).toBe('2 of 8 places booked');
        expect(await row.textContent()).toContain('0 checked in');
      }
      await page.getByRole('region', { name: 'This week' }).waitFor();
      expect(await page.getByRole('region', { name: 'This week' }).textContent()).toContain('Bookings');
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);
      await snap(page, 'dashboard');

      // By keyboard: Tab reaches the roster link (visible focus), Enter opens the class's details.
      const link = page.getByRole('link', { name: 'Open the roster of Sunrise Flow' });
      let reached = false;
      for (let step = 0; step < 60 && !reached; step += 1) {
        await page.keyboard.press('Tab');
        reached = await link.evaluate((element) => element === document.activeElement);
      }
      expect(reached).toBe(true);
      const outline = await link.evaluate((element) => getComputedStyle(element).outlineStyle);
      expect(outline).not.toBe('none');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === `/app/classes/details/${classId}`);
      await page.getByText('Rosa Lopez').first().waitFor();
      await context.close();
    });
  }
});
