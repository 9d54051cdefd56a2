import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { classTomorrow } from './support/classes.ts';
import { expectNoHorizontalScroll, findMail, PASSWORD, signedInOwner, snap } from './support/journeys.ts';

const browser = await launchBrowser();

const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | HTMLTextAreaElement | null;
    if (element?.tagName === 'BUTTON') return element.textContent?.trim() ?? '';
    return element?.getAttribute('aria-label') ?? element?.labels?.[0]?.textContent ?? '';
  });

/** The decoded text of a message's text/calendar attachment (as sent: base64 or quoted-printable). */
function calendarPart(message: string): string {
  const start = message.search(/^Content-Type: text\/calendar/im);
  expect(start, 'the message has a text/calendar part').toBeGreaterThan(0);
  const part = message.slice(start);
  const headerEnd = part.search(/\r?\n\r?\n/);
  const headers = part.slice(0, headerEnd);
  const content =
    part
      .slice(headerEnd)
      .replace(/^\s+/, '')
      .split(/\r?\n--/)[0] ?? '';
  // Base64 up to the first character that is not (the catcher's quoted-printable pass joins a padded
  // last line to the boundary after it, which Node's decoder would read as more data).
  return /Content-Transfer-Encoding: base64/i.test(headers)
    ? Buffer.from((/^[A-Za-z0-9+/=\s]*/.exec(content)?.[0] ?? '').replace(/\s+/g, ''), 'base64').toString('utf8')
    : content;
}

const NEW_BODY = `Hi {{client.firstName}},

Your mat is waiting at {{class.name}}.

[Open the class]({{class.link}})`;

describe('Settings › Email Settings (issue 16)', () => {
  it('the studio edits its booking confirmation, previews it, sends itself a test, saves; a client’s booking then gets those words with a .ics', async () => {
    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(15_000);
    const owner = await signedInOwner(page);
    const setup = await classTomorrow(page);

    await page.goto('/app/settings/email');
    await page.getByRole('heading', { level: 1, name: 'Email Settings' }).waitFor();
    const look = page.getByRole('region', { name: 'Sender and look' });
    await look.getByText('Emails are sent from', { exact: false }).waitFor();
    expect(await look.getByRole('textbox', { name: 'Sender name' }).getAttribute('placeholder')).toBe(
      owner.companyName,
    );
    await expectNoSeriousA11yViolations(page);
    await snap(page, 'email-settings');

    // Sender and look: a sender name and a footer, saved.
    await look.getByRole('textbox', { name: 'Sender name' }).fill('Sunrise Front Desk');
    await look.getByRole('textbox', { name: 'Reply-to address' }).fill('desk@sunrise.e2e.test');
    await look.getByRole('textbox', { name: 'Footer' }).fill('12 Main St, New York');
    await look.getByRole('button', { name: 'Save' }).click();
    await look.getByText('Sender and look saved.').waitFor();

    // Edit the booking confirmation (by keyboard: the Edit button has the email's name).
    await page.getByRole('link', { name: 'Edit “Booking confirmed”' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/app/settings/email/bookingConfirmed');
    await page.getByRole('heading', { level: 1, name: '“Booking confirmed” email' }).waitFor();
    const subject = page.getByRole('textbox', { name: 'Subject' });
    const body = page.getByRole('textbox', { name: 'Message' });
    await page
      .getByTestId('preview-subject')
      .filter({ hasText: /^Booked: Vinyasa Flow/ })
      .waitFor();

    // A mistake is named with its line, under the field, while typing (the live preview checks it).
    await body.fill('Hi {{client.firstName}},\n\nSee you at {{class.nme}}.');
    await page.getByText(/^Line 3: \{\{class\.nme\}\} is not a variable of this email/).waitFor();
    expect(await body.getAttribute('aria-invalid')).toBe('true');

    // The new words; a variable put in where the cursor is, by keyboard, and focus back in the field.
    await subject.fill('See you at ');
    await subject.press('End');
    await page.getByRole('button', { name: /^Insert \{\{class\.name\}\}/ }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => subject.inputValue()).toBe('See you at {{class.name}}');
    expect(await focusedLabel(page)).toContain('Subject');
    await body.fill(NEW_BODY);
    await page.getByTestId('preview-subject').filter({ hasText: 'See you at Vinyasa Flow' }).waitFor();
    const frame = page.frameLocator('iframe[title="Preview of the email"]');
    await frame.getByText('Your mat is waiting at Vinyasa Flow.').waitFor();
    await frame.getByText('12 Main St, New York').waitFor();
    expect(await page.getByText('is not a variable of this email', { exact: false }).count()).toBe(0);
    await page
      .locator('label')
      .filter({ hasText: /^Plain text$/ })
      .click();
    await page.getByLabel('The plain-text part').filter({ hasText: 'Open the class: http' }).waitFor();
    // axe cannot enter the preview's sandboxed frame (no scripts run there): the page is checked around it.
    await expectNoSeriousA11yViolations(page);
    await page
      .locator('label')
      .filter({ hasText: /^Designed$/ })
      .click();
    await frame.getByText('Your mat is waiting at Vinyasa Flow.').waitFor();
    await snap(page, 'email-template-editor');

    // Leaving with unsaved words asks first; Stay keeps them.
    await page.getByRole('link', { name: 'Back to Email Settings' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Stay' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(await subject.inputValue()).toBe('See you at {{class.name}}');

    // A test to me: the words being edited, with sample details, from the studio's sender name.
    await page.getByRole('button', { name: 'Send a test to me' }).click();
    await page.getByText(`Test sent to ${owner.email}.`, { exact: false }).waitFor();
    const test = await findMail(
      owner.email,
      (mail) => (mail.includes('Subject: [Test] See you at Vinyasa Flow') ? mail : undefined),
      15_000,
      'The test email did not arrive',
    );
    expect(test).toMatch(/^From: Sunrise Front Desk <[^>]+>$/m);
    expect(test).toMatch(/^Reply-To: desk@sunrise\.e2e\.test$/m);
    expect(test).toContain('Your mat is waiting at Vinyasa Flow.');
    expect(test).toContain('text/html');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your words are saved.').waitFor();
    await page.getByRole('link', { name: 'Back to Email Settings' }).click();
    await page.waitForURL((url) => url.pathname === '/app/settings/email');
    const row = page.getByRole('listitem').filter({ hasText: 'Booking confirmed' });
    await row.getByText('Your words').waitFor();

    // A client books the class: the confirmation has the studio's words and a calendar file.
    const clientEmail = `client-${randomBytes(4).toString('hex')}@e2e.test`;
    const signup = await page.request.post('/api/signup/client', {
      data: {
        company: owner.slug,
        roleId: 'client',
        name: 'Cleo Client',
        email: clientEmail,
        phone: '',
        password: PASSWORD,
      },
    });
    expect(signup.status(), await signup.text()).toBe(200);
    const clientToken = ((await signup.json()) as { data: { token: string } }).data.token;
    const booked = await page.request.post(`/api/class-instances/${setup.classId}/bookings`, {
      headers: { authorization: `Bearer ${clientToken}` },
      data: {},
    });
    expect(booked.status(), await booked.text()).toBe(200);
    const confirmation = await findMail(
      clientEmail,
      (mail) => (mail.includes('Subject: See you at Morning Mobility') ? mail : undefined),
      15_000,
      'The booking confirmation with the new words did not arrive',
    );
    expect(confirmation).toContain('Hi Cleo,');
    expect(confirmation).toContain('Your mat is waiting at Morning Mobility.');
    expect(confirmation).toMatch(/^From: Sunrise Front Desk <[^>]+>$/m);
    const ics = calendarPart(confirmation);
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r?\n/);
    expect(ics).toContain('METHOD:PUBLISH');
    expect(ics).toMatch(/\r?\nUID:[0-9a-f]{24}@kinetic\r?\n/);
    expect(ics).toMatch(/\r?\nDTSTART:\d{8}T\d{6}Z\r?\n/);
    expect(ics).toContain('SUMMARY:Morning Mobility');
    expect(ics).toMatch(/END:VCALENDAR\s*$/);
    await context.close();
  });

  it('switches an email off by keyboard (kept after a reload), resets words with a confirmation, and fits 360 px', async () => {
    const { page, context } = await newPage(browser, { width: 360, height: 740 });
    page.setDefaultTimeout(15_000);
    await signedInOwner(page);
    await page.goto('/app/settings/email');
    const waitlist = page.getByRole('switch', { name: 'Send “Waitlist joined”' });
    await waitlist.waitFor();
    await snap(page, 'email-settings');
    await expectNoHorizontalScroll(page);
    await waitlist.focus();
    await page.keyboard.press('Space');
    await page.getByText('“Waitlist joined” is off: it is not sent.').waitFor();
    expect(await waitlist.isChecked()).toBe(false);
    expect(await focusedLabel(page)).toBe('Send “Waitlist joined”');
    await page.reload();
    await page.getByRole('switch', { name: 'Send “Waitlist joined”' }).waitFor();
    expect(await page.getByRole('switch', { name: 'Send “Waitlist joined”' }).isChecked()).toBe(false);

    // Edit its words, save, then reset them: the defaults are back and it stays off.
    await page.getByRole('link', { name: 'Edit “Waitlist joined”' }).click();
    const subject = page.getByRole('textbox', { name: 'Subject' });
    await subject.fill('On the list for {{class.name}}');
    await page.getByTestId('preview-subject').filter({ hasText: 'On the list for Vinyasa Flow' }).waitFor();
    await expectNoHorizontalScroll(page);
    await snap(page, 'email-template-editor');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your words are saved.').waitFor();
    await page.getByRole('button', { name: 'Reset to default' }).click();
    const confirm = page.getByRole('dialog', { name: 'Bring back the default words?' });
    await confirm.waitFor();
    expect(await focusedLabel(page)).toBe('Keep my words');
    await confirm.getByRole('button', { name: 'Reset to default' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('The default words are back.').waitFor();
    await expect.poll(() => subject.inputValue()).toMatch(/waitlist/i);
    expect(await page.getByRole('switch', { name: 'Send this email' }).isChecked()).toBe(false);
    await page
      .locator('label')
      .filter({ hasText: /^Plain text$/ })
      .click();
    await page.getByLabel('The plain-text part').waitFor();
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });
});
