import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { addClass, classTomorrow, send } from './support/classes.ts';
import { expectNoHorizontalScroll, PASSWORD, signedInClient, signedInOwner, snap } from './support/journeys.ts';

const browser = await launchBrowser();

async function check(page: Page, shot: string): Promise<void> {
  await snap(page, shot);
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
}

/** The same checks on a phone's page and then at 1280 px wide, back to the phone after. */
async function checkBothWidths(page: Page, shot: string): Promise<void> {
  const phone = page.viewportSize() ?? { width: 360, height: 740 };
  await check(page, shot);
  await page.setViewportSize({ width: 1280, height: 800 });
  await check(page, shot);
  await page.setViewportSize(phone);
}

describe('client area (issue 11): waiver and policies, packages, bookings, notifications, my data', () => {
  it('the owner publishes a waiver by keyboard; a client is stopped at booking, signs by drawing at 360 px, gets the PDF, then books', async () => {
    const { page: owner, context: ownerContext } = await newPage(browser);
    const company = await signedInOwner(owner);
    const setup = await classTomorrow(owner);
    const classId = setup.classId;
    const paidClassId = await addClass(owner, setup, { name: 'Strength Lab', time: '12:00', capacity: 12, dropInPrice: 2000, daysAhead: 2 });
    const fullClassId = await addClass(owner, setup, { name: 'Tiny Reformer', time: '14:00', capacity: 1, dropInPrice: 0 });
    await send(owner, 'post', '/api/packages', {
      kind: 'class-pack',
      name: 'Five Pack',
      description: 'Five classes, any studio.',
      price: 9000,
      taxRateId: null,
      introOffer: false,
      offPeakOnly: false,
      templateIds: [],
      studioIds: [],
      credits: 5,
      expiryDays: 60,
      expiryFrom: 'purchase',
    });

    await owner.goto('/app/settings/clientWaiver');
    await owner.getByText('No waiver: clients book without signing one.').waitFor();
    await owner.getByRole('textbox', { name: /^Waiver text/ }).fill(
      'I take part in classes at my own risk.\n\nI tell the instructor about any injury before class.',
    );
    await owner.getByRole('button', { name: 'Add term' }).press('Enter');
    await owner.getByRole('textbox', { name: 'Term 1' }).fill('I am 18 or older');
    await owner.getByRole('button', { name: 'Add term' }).press('Enter');
    await owner.getByRole('textbox', { name: 'Term 2' }).fill('I will tell the instructor about injuries');
    await owner.getByRole('button', { name: 'Publish waiver' }).press('Enter');
    await owner.getByText('Version 1 published: clients sign it before their next booking.').waitFor();
    await owner.getByText(/^Version 1, published .*\. 0 of 0 clients have signed it\./).waitFor();
    await check(owner, 'waiver-admin');

    await owner.goto('/app/settings/contractTerms');
    await owner.getByRole('textbox', { name: /^Policies/ }).fill('Cancel 12 hours ahead or a $10 fee applies.');
    await owner.getByRole('button', { name: 'Save policies' }).click();
    await owner.getByRole('status').filter({ hasText: 'Policies saved.' }).waitFor();
    await check(owner, 'policies-admin');

    // Someone else holds the only place in Tiny Reformer (the desk books them past the waiver).
    const other = await owner.request.post('/api/signup/client', {
      headers: { 'x-forwarded-for': '198.51.100.77' },
      data: { company: company.slug, roleId: 'client', name: 'Otto Other', email: `otto-${company.slug}@e2e.test`, phone: '', password: PASSWORD },
    });
    expect(other.status()).toBe(200);
    const ottoId = ((await other.json()) as { data: { user: { _id: string } } }).data.user._id;
    await send(owner, 'post', `/api/class-instances/${fullClassId}/bookings`, { clientId: ottoId, overrideWaiver: true });

    // A client at 360 px: the class page says before Book that the waiver comes first, and links to it.
    const { page: client, context: clientContext } = await newPage(browser, { width: 360, height: 740 });
    const email = `wendy-${company.slug}@e2e.test`;
    await signedInClient(client, company.slug, 'Wendy Walker', email);
    const classPage = `/${company.slug}/client/client/app/classes/details/${classId}`;
    await client.goto(classPage);
    await client.getByText('Sign the studio’s waiver first').waitFor();
    await checkBothWidths(client, 'class-waiver-first');
    // Booking anyway is refused, and the refusal's link reads at the size of its sentence.
    await client.getByRole('button', { name: 'Book', exact: true }).click();
    const refusal = client.getByRole('alert').filter({ hasText: 'Sign the studio’s waiver before you book' });
    await refusal.waitFor();
    const sizes = await refusal.getByRole('link', { name: 'Sign the waiver' }).evaluate((link) => [
      getComputedStyle(link).fontSize,
      getComputedStyle(link.parentElement as HTMLElement).fontSize,
    ]);
    expect(sizes[0]).toBe(sizes[1]);
    await client.getByRole('link', { name: 'Sign the waiver' }).first().click();
    await client.getByRole('heading', { level: 1, name: 'Waiver' }).waitFor();
    await client.getByText('Once you have signed, you go straight back to the class.').waitFor();

    // Terms ticked by keyboard, the name already filled, the signature drawn with the pointer.
    await client.getByRole('checkbox', { name: 'I am 18 or older' }).focus();
    await client.keyboard.press('Space');
    await client.getByRole('checkbox', { name: 'I will tell the instructor about injuries' }).check();
    await expect(client.getByRole('textbox', { name: /Your full name/ }).inputValue()).resolves.toBe('Wendy Walker');
    const pad = client.getByRole('img', { name: 'Signature box: draw your signature here' });
    await pad.scrollIntoViewIfNeeded();
    const box = await pad.boundingBox();
    if (!box) throw new Error('No signature box');
    const draw = async () => {
      await client.mouse.move(box.x + 20, box.y + box.height * 0.7);
      await client.mouse.down();
      for (const [dx, dy] of [[60, 0.2], [110, 0.8], [170, 0.3], [230, 0.6]] as const)
        await client.mouse.move(box.x + dx, box.y + box.height * dy, { steps: 4 });
      await client.mouse.up();
      await client.getByRole('img', { name: 'Your drawn signature' }).waitFor();
    };
    await draw();
    // Clear (by keyboard) disables itself: the focus goes to the empty box, not the top of the page.
    await client.getByRole('button', { name: 'Clear' }).focus();
    await client.keyboard.press('Enter');
    await expect.poll(() => pad.evaluate((element) => element === document.activeElement)).toBe(true);
    await draw();
    await check(client, 'waiver-client-sign');
    await client.getByRole('button', { name: 'Sign the waiver' }).click();
    // Signed: back on the class, where Book now works; the keyboard lands on the result.
    await client.waitForURL((url) => url.pathname === classPage);
    await client.getByRole('heading', { level: 1, name: 'Morning Mobility' }).waitFor();
    await expect(client.getByText('Sign the studio’s waiver first').count()).resolves.toBe(0);
    await client.getByRole('button', { name: 'Book', exact: true }).focus();
    await client.keyboard.press('Enter');
    const booked = client.getByText('You’re booked (free class).');
    await booked.waitFor();
    await expect.poll(() => booked.evaluate((element) => element === document.activeElement)).toBe(true);

    await client.goto(`/${company.slug}/client/client/settings/waiver`);
    await client.getByText(/^You signed version 1 as Wendy Walker on/).waitFor();
    const [download] = await Promise.all([
      client.waitForEvent('download'),
      client.getByRole('button', { name: 'Download the signed copy (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('waiver-v1-signed.pdf');
    const pdf = await readFile((await download.path()) ?? '', 'latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf).toContain('(Signed by Wendy Walker on');
    await check(client, 'waiver-client-signed');

    await client.getByRole('link', { name: 'Policies' }).click();
    await client.getByText('Cancel 12 hours ahead or a $10 fee applies.').waitFor();

    // From the client's own calendar, inside their pages (the menu stays in reach).
    await client.getByRole('link', { name: 'Calendar' }).click();
    await client.getByRole('link', { name: /Morning Mobility/ }).first().click();
    await client.waitForURL(`**/${company.slug}/client/client/classes/details/${classId}`);
    await client.getByText('You’re booked (free class).').waitFor();

    // Buys a pack to pay at the studio, from the phone.
    await client.getByRole('link', { name: 'Packages', exact: true }).first().click();
    await client.getByRole('button', { name: 'Buy Five Pack' }).click();
    const buy = client.getByRole('dialog', { name: 'Buy Five Pack' });
    await buy.getByRole('button', { name: 'Buy for $90.00' }).click();
    await client.getByText('Five Pack is yours now; pay $90.00 at the studio.').waitFor();
    const held = client.getByRole('region', { name: 'What you hold' });
    await held.getByText('5 of 5 credits left').waitFor();
    await client.getByText('You owe $90.00. Pay at the desk on your next visit.').waitFor();
    await check(client, 'client-packages');

    // Strength Lab is paid with a credit of the pack; Tiny Reformer is full: the waitlist.
    await client.goto(`/${company.slug}/client/client/classes/details/${paidClassId}`);
    await client.getByRole('heading', { level: 1, name: 'Strength Lab' }).waitFor();
    await client.getByText(/^Cancel until .* to get a class credit back\.$/).waitFor();
    // Both ways to pay are in sight; the pack is chosen, and the button says so.
    const payWith = client.getByRole('radiogroup', { name: 'Pay with' });
    await expect(payWith.getByRole('radio', { name: 'Five Pack (5 credits left)' }).isChecked()).resolves.toBe(true);
    await expect(payWith.getByRole('radio', { name: 'Drop-in: $20.00, paid at the studio' }).isChecked()).resolves.toBe(false);
    await checkBothWidths(client, 'class-pay-with');
    await client.getByRole('button', { name: 'Book with Five Pack (5 credits left)' }).click();
    const usedCredit = client.getByText('You’re booked, using 1 credit of Five Pack.');
    await usedCredit.waitFor();
    await expect.poll(() => usedCredit.evaluate((element) => element === document.activeElement)).toBe(true);
    await checkBothWidths(client, 'class-booked-with-pack');
    await client.goto(`/${company.slug}/client/client/classes/details/${fullClassId}`);
    await client.getByRole('button', { name: 'Join the waitlist' }).click();
    await client.getByText('You’re number 1 on the waitlist.').waitFor();
    await client.getByRole('link', { name: 'Packages' }).click();
    await held.getByText('4 of 5 credits left').waitFor();
    // Cancelled in time (the day after tomorrow; free cancellation ends 12 hours before): the credit comes back.
    await client.goto(`/${company.slug}/client/client/classes/details/${paidClassId}`);
    await client.getByRole('button', { name: 'Cancel booking' }).click();
    const cancelDialog = client.getByRole('dialog', { name: 'Cancel your booking?' });
    await cancelDialog.getByText('Cancelling now is free: your credit goes back to Five Pack.').waitFor();
    await expect.poll(() => cancelDialog.getByRole('button', { name: 'Keep my booking' }).evaluate((element) => element === document.activeElement)).toBe(true);
    await client.waitForTimeout(400);
    await checkBothWidths(client, 'class-cancel-dialog');
    await cancelDialog.getByRole('button', { name: 'Cancel my booking' }).click();
    const creditBack = client.getByText('Booking cancelled: your credit went back to Five Pack.');
    await creditBack.waitFor();
    await expect.poll(() => creditBack.evaluate((element) => element === document.activeElement)).toBe(true);
    await client.getByRole('button', { name: 'Book with Five Pack (5 credits left)' }).waitFor();
    await client.getByRole('link', { name: 'Packages' }).click();
    await held.getByText('5 of 5 credits left').waitFor();
    await client.getByRole('link', { name: 'Calendar' }).click();
    await client.locator('label').filter({ hasText: /^My bookings$/ }).click();
    await client.getByText('Waitlist #1').waitFor();
    await client.getByRole('listitem').filter({ hasText: 'Morning Mobility' }).getByText('Free').waitFor();
    await client.getByRole('region', { name: 'Past classes' }).getByText('None yet.').waitFor();
    await checkBothWidths(client, 'client-my-bookings');

    // Leaving the waitlist asks first, on the safe answer; then the keyboard is on the result.
    await client.goto(`/${company.slug}/client/client/classes/details/${fullClassId}`);
    await client.getByRole('button', { name: 'Leave the waitlist' }).click();
    const leave = client.getByRole('dialog', { name: 'Leave the waitlist?' });
    await leave.getByText(/^You are #1 in line\./).waitFor();
    await expect.poll(() => leave.getByRole('button', { name: 'Stay on the waitlist' }).evaluate((element) => element === document.activeElement)).toBe(true);
    await leave.getByRole('button', { name: 'Leave the waitlist' }).click();
    const left = client.getByText('You left the waitlist.');
    await left.waitFor();
    await expect.poll(() => left.evaluate((element) => element === document.activeElement)).toBe(true);
    await checkBothWidths(client, 'class-left-waitlist');
    await client.getByRole('link', { name: 'Packages', exact: true }).first().click();

    // Settings › Payment: the order owed, with its receipt lines; no card to save at a pay-at-desk studio.
    await client.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Payment' }).click();
    await client.getByRole('heading', { level: 1, name: 'Payment' }).waitFor();
    await client.getByRole('region', { name: 'Balance' }).getByText('You owe $90.00.').waitFor();
    await client.getByText('Pay at the desk on your next visit.').waitFor();
    await client.getByRole('listitem', { name: /^Order #\d+$/ }).getByText('1 × Five Pack').waitFor();
    await check(client, 'client-payment');

    // Settings › Notifications: waitlist emails off, by keyboard.
    await client.getByRole('link', { name: 'Settings' }).click();
    await client.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Notifications' }).click();
    const waitlist = client.getByRole('switch', { name: /Waitlist news/ });
    await waitlist.focus();
    await client.keyboard.press('Space');
    await client.getByRole('button', { name: 'Save' }).press('Enter');
    await client.getByText('Your email choices are saved.').waitFor();
    await expect(waitlist.isChecked()).resolves.toBe(false);
    await check(client, 'client-notifications');

    // Settings › Account details: download my data.
    await client.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Account details' }).click();
    const [archive] = await Promise.all([
      client.waitForEvent('download'),
      client.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(archive.suggestedFilename()).toBe('my-data.zip');
    const zip = await readFile((await archive.path()) ?? '');
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(zip.toString('utf8')).toContain('"email": "' + email + '"');
    await check(client, 'client-account-details');

    await owner.goto('/app/settings/clientWaiver');
    await owner.getByText(/1 of 2 clients have signed it\./).waitFor();
    await clientContext.close();
    await ownerContext.close();
  }, 120_000);
});
