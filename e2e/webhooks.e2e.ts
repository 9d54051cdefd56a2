import { afterAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, verifySignature } from '../apps/server/src/test/webhook-receiver.ts';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { expectNoHorizontalScroll, signedInOwner } from './support/journeys.ts';

/**
 * Settings › Webhooks (issue 18 §4): an owner adds an endpoint by keyboard (a real receiver on
 * 127.0.0.1; the e2e server runs with WEBHOOKS_ALLOW_HTTP), sends a test event the receiver gets signed,
 * sees it delivered in the log, and re-sends it with the same event id. At 1280 and 360 px.
 */
const browser = await launchBrowser();
const receiver = await startWebhookReceiver();
afterAll(() => receiver.stop());

const focused = (locator: { evaluate: (fn: (element: Element) => boolean) => Promise<boolean> }) =>
  locator.evaluate((element) => element === document.activeElement);

describe('webhooks', () => {
  it('an owner adds an endpoint by keyboard, sends a test event, sees it delivered and re-sends it', async () => {
    const { page, context } = await newPage(browser);
    await signedInOwner(page);
    await page.goto('/app/settings/webhooks');
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await page.getByText('No endpoints yet.', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Add endpoint' }).focus();
    await page.keyboard.press('Enter');
    const address = page.getByRole('textbox', { name: 'Endpoint address' });
    await expect.poll(() => focused(address)).toBe(true);
    await page.keyboard.type(receiver.url('/kinetic'));
    await page.keyboard.press('Tab');
    await page.keyboard.type('Zapier');
    await page.keyboard.press('Tab');
    const first = page.getByRole('checkbox', { name: 'booking.created' });
    await expect.poll(() => focused(first)).toBe(true);
    await page.keyboard.press('Space');
    expect(await first.isChecked()).toBe(true);
    await page.waitForTimeout(300);
    await page.screenshot({ path: '/tmp/shots/webhooks-add-1280.png' });
    // Back to a text field: Enter sends the form.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await page.getByText('Endpoint added: ', { exact: false }).waitFor();

    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Zapier' }) });
    await card.getByText('booking.created').waitFor();
    await card.getByRole('button', { name: 'Show secret' }).click();
    const secret = await card.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);

    await card.getByRole('button', { name: 'Send test event' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Test event delivered: the receiver answered 200.').waitFor();
    const [ping] = await receiver.waitFor((hook) => hook.json.type === 'ping');
    if (!ping) throw new Error('no ping received');
    expect(verifySignature(String(ping.headers['kinetic-signature']), ping.body, secret)).toBe(true);
    expect(ping.headers['kinetic-event-id']).toBe(ping.json.id);

    // The log opened with the test: delivered, one attempt, the receiver's answer.
    const log = card.getByRole('list', { name: 'Deliveries' });
    const row = log.getByRole('listitem').filter({ hasText: 'ping' });
    await row.getByText('Delivered').waitFor();
    await row.getByText('1 attempt', { exact: false }).waitFor();
    await row.getByText('ok, thanks').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: '/tmp/shots/webhooks-log-1280.png', fullPage: true });

    await row.getByRole('button', { name: /^Re-send ping/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Re-sent ping delivered: the receiver answered 200.').waitFor();
    const both = await receiver.waitFor((hook) => hook.json.id === ping.json.id, 2);
    expect(both.map((hook) => hook.headers['kinetic-event-id'])).toEqual([ping.json.id, ping.json.id]);
    await row.getByText('2 attempts', { exact: false }).waitFor();
    // Focus stays on the button pressed.
    expect(await focused(row.getByRole('button', { name: /^Re-send ping/ }))).toBe(true);
    await expectNoSeriousA11yViolations(page);

    // A phone: everything reachable, nothing wider than the screen.
    const narrow = await newPage(browser, { width: 360, height: 780 });
    await narrow.context.addCookies(await context.cookies());
    await narrow.page.goto('/app/settings/webhooks');
    const narrowCard = narrow.page.getByRole('listitem').filter({ has: narrow.page.getByRole('heading', { name: 'Zapier' }) });
    await narrowCard.getByRole('button', { name: 'Delivery log' }).click();
    await narrowCard.getByRole('list', { name: 'Deliveries' }).getByText('Delivered').waitFor();
    await expectNoHorizontalScroll(narrow.page);
    await narrow.page.waitForTimeout(300);
    await narrow.page.screenshot({ path: '/tmp/shots/webhooks-360.png', fullPage: true });
    await narrow.context.close();
    await context.close();
  });
});
