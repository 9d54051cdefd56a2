import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EMAIL_TRIGGERS, EMAIL_TRIGGER_INFO } from '@kinetic/shared';
import { createTestApp } from '../../test/harness.ts';
import { startMailCatcher } from '../../test/mail-catcher.ts';
import { bearer, signUpClient, signUpCompany, type SignedUp } from '../../test/factories.ts';
import { signInTeamMember } from '../../test/team.ts';
import { classAt, minutesFromNow } from '../../test/bookings.ts';
import { studioReadyToSchedule } from '../../test/schedule.ts';
import { TESTS_PER_MINUTE } from './email-settings.service.ts';

/**
 * Settings › Email Settings (issue 16): the sender and look, each email's switch and words (checked at
 * save time, naming the line), the live preview, and the test email a studio sends itself, received by
 * a real SMTP server through the outbox and the job worker.
 */
const mail = await startMailCatcher();
afterAll(() => mail.stop());
const dataDir = await mkdtemp(path.join(tmpdir(), 'kinetic-email-settings-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));
const { app, db } = await createTestApp({
  smtpUrl: mail.url,
  config: { DATA_DIR: dataDir, MAIL_FROM: 'Kinetic <no-reply@mail.kinetic.test>' },
});
type Headers = Record<string, string>;
const url = '/api/settings/email';

const look = (overrides: Record<string, unknown> = {}) => ({
  senderName: 'Sunrise Yoga Team',
  replyTo: 'front-desk@sunrise.example',
  brandColour: '#2B8A3E',
  showLogo: true,
  footer: '1 Main St, Atlanta GA\nCall us: (404) 555-0101',
  renewalNoticeDays: 5,
  expiryNoticeDays: 10,
  ...overrides,
});

const get = (headers: Headers) => app.inject({ method: 'GET', url, headers });
const saveLook = (headers: Headers, payload: object) => app.inject({ method: 'PUT', url, headers, payload });
const saveTemplate = (headers: Headers, trigger: string, payload: object) =>
  app.inject({ method: 'PUT', url: `${url}/templates/${trigger}`, headers, payload });
const reset = (headers: Headers, trigger: string) =>
  app.inject({ method: 'DELETE', url: `${url}/templates/${trigger}`, headers });
const preview = (headers: Headers, payload: object) =>
  app.inject({ method: 'POST', url: `${url}/preview`, headers, payload });
const sendTest = (headers: Headers, trigger: string, payload: object = {}) =>
  app.inject({ method: 'POST', url: `${url}/templates/${trigger}/test`, headers, payload });

const confirmation = EMAIL_TRIGGER_INFO.bookingConfirmed;
const EDITED_BODY = `Hi {{client.firstName}},

See you at {{class.name}} on {{class.start}}.

- Bring water
- Arrive 10 minutes early

[Open the class]({{class.link}})`;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The company's contact email and logo, uploaded and saved as Company Details does. */
async function giveLogo(owner: SignedUp): Promise<string> {
  const boundary = '----email-settings-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const uploaded = await app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...bearer(owner.session.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(uploaded.statusCode).toBe(200);
  const { file } = uploaded.json().data as { file: string };
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/company/details',
    headers: bearer(owner.session.token),
    payload: {
      name: owner.session.company.name,
      email: 'hello@sunrise.example',
      phone: '(404) 555-0101',
      address: {
        line1: '1 Main St',
        line2: '',
        city: 'Atlanta',
        state: 'GA',
        postalCode: '30303',
        country: 'United States',
      },
      timeZone: 'America/New_York',
      currency: 'USD',
      logo: file,
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return file;
}

async function waitForMail(to: string, count = 1) {
  for (let waited = 0; waited < 15_000 && mail.mailTo(to).length < count; waited += 100)
    await new Promise((resolve) => setTimeout(resolve, 100));
  return mail.mailTo(to);
}

describe('email settings: who may use them', () => {
  it('answers 401 without a session, 403 to instructors, staff with their defaults and clients', async () => {
    const owner = await signUpCompany(app);
    const companyId = owner.session.company.id;
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const instructor = await signInTeamMember(app, db.db, companyId, 'instructor');
    const staff = await signInTeamMember(app, db.db, companyId, 'staff');
    const client = await signUpClient(app, owner.slug);
    for (const headers of [instructor.headers, staff.headers, bearer(client.session.token)]) {
      expect((await get(headers)).statusCode).toBe(403);
      expect((await saveLook(headers, look())).statusCode).toBe(403);
      expect(
        (await saveTemplate(headers, 'bookingConfirmed', { enabled: false, subject: 'x', body: 'y' }))
          .statusCode,
      ).toBe(403);
      expect((await reset(headers, 'bookingConfirmed')).statusCode).toBe(403);
      expect((await preview(headers, { trigger: 'welcome', subject: 'x', body: 'y' })).statusCode).toBe(403);
      expect((await sendTest(headers, 'welcome')).statusCode).toBe(403);
    }
    // Nothing was changed or sent by the refused calls.
    const settings = (await get(bearer(owner.session.token))).json().data;
    expect(settings.senderName).toBeNull();
    expect(
      settings.templates.find((t: { trigger: string }) => t.trigger === 'bookingConfirmed').enabled,
    ).toBe(true);
  });

  it('a solo instructor owns their account and has the page', async () => {
    const solo = await signUpCompany(app, { kind: 'solo' });
    const response = await get(bearer(solo.session.token));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.companyName).toBe(solo.session.company.name);
  });
});

describe('email settings: sender and look', () => {
  it('answers the defaults until saved: the company name and email, the server address, every email on with its default words', async () => {
    const owner = await signUpCompany(app);
    const response = await get(bearer(owner.session.token));
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      senderName: null,
      replyTo: null,
      brandColour: '#1c7ed6',
      showLogo: true,
      footer: '',
      renewalNoticeDays: 3,
      expiryNoticeDays: 7,
      fromAddress: 'no-reply@mail.kinetic.test',
      companyName: owner.session.company.name,
      // Sign-up asks no contact email: Reply-To is left out until Company Details has one.
      companyEmail: null,
      logoUrl: null,
      reminderHoursBefore: 24,
    });
    expect(data.templates.map((t: { trigger: string }) => t.trigger)).toEqual(EMAIL_TRIGGERS);
    expect(data.templates[0]).toEqual({
      trigger: 'bookingConfirmed',
      enabled: true,
      customised: false,
      subject: confirmation.subject,
      body: confirmation.body,
    });
  });

  it('saves the sender and look; empty sender and reply-to mean the company’s own; the reminder time is Sessions Settings’', async () => {
    const owner = await signUpCompany(app);
    const headers = bearer(owner.session.token);
    const saved = await saveLook(headers, look());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('Email settings saved.');
    expect(saved.json().data).toMatchObject({ ...look(), brandColour: '#2b8a3e' });
    expect((await get(headers)).json().data).toMatchObject({
      senderName: 'Sunrise Yoga Team',
      renewalNoticeDays: 5,
    });

    const cleared = await saveLook(headers, look({ senderName: '', replyTo: '' }));
    expect(cleared.json().data).toMatchObject({ senderName: null, replyTo: null });

    const session = await app.inject({ method: 'GET', url: '/api/settings/sessions', headers });
    await app.inject({
      method: 'PUT',
      url: '/api/settings/sessions',
      headers,
      payload: { ...session.json().data, reminderHoursBefore: 6 },
    });
    expect((await get(headers)).json().data.reminderHoursBefore).toBe(6);
  });

  it('bad input answers 400 naming the field, and nothing is saved', async () => {
    const owner = await signUpCompany(app);
    const headers = bearer(owner.session.token);
    const cases: [object, string, RegExp][] = [
      [look({ replyTo: 'not-an-email' }), 'replyTo', /valid email/i],
      [look({ brandColour: 'green' }), 'brandColour', /#rrggbb/],
      [look({ senderName: 'Evil <hacker@x.test>' }), 'senderName', /cannot contain/],
      [look({ renewalNoticeDays: 0 }), 'renewalNoticeDays', /at least 1 day/],
      [look({ expiryNoticeDays: 61 }), 'expiryNoticeDays', /at most 60 days/],
      [look({ footer: 'x'.repeat(501) }), 'footer', /at most 500/],
      [look({ showLogo: 'yes' }), 'showLogo', /logo/],
    ];
    for (const [payload, field, message] of cases) {
      const response = await saveLook(headers, payload);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().status).toBe(0);
      expect(response.json().errors[field], field).toMatch(message);
    }
    expect((await get(headers)).json().data.senderName).toBeNull();
  });

  it('another company never reads or changes these settings', async () => {
    const first = await signUpCompany(app);
    const second = await signUpCompany(app);
    await saveLook(bearer(first.session.token), look({ senderName: 'First Studio Mail' }));
    await saveTemplate(bearer(first.session.token), 'welcome', {
      enabled: false,
      subject: 'Hello from the first',
      body: 'Welcome {{client.firstName}}',
    });
    const theirs = (await get(bearer(second.session.token))).json().data;
    expect(theirs.senderName).toBeNull();
    expect(theirs.companyName).toBe(second.session.company.name);
    const welcome = theirs.templates.find((t: { trigger: string }) => t.trigger === 'welcome');
    expect(welcome).toMatchObject({
      enabled: true,
      customised: false,
      subject: EMAIL_TRIGGER_INFO.welcome.subject,
    });
    const shown = await preview(bearer(second.session.token), {
      trigger: 'welcome',
      subject: 'Hi from {{company.name}}',
      body: 'Hello',
    });
    expect(shown.json().data.subject).toBe(`Hi from ${second.session.company.name}`);
    expect(shown.json().data.text).not.toContain('First Studio');
  });
});

describe('email settings: templates', () => {
  it('saves edited words, answers them customised; words identical to the defaults stay “not customised”', async () => {
    const owner = await signUpCompany(app);
    const headers = bearer(owner.session.token);
    const saved = await saveTemplate(headers, 'bookingConfirmed', {
      enabled: true,
      subject: 'You are in: {{class.name}}',
      body: EDITED_BODY.replaceAll('\n', '\r\n'),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({
      trigger: 'bookingConfirmed',
      enabled: true,
      customised: true,
      subject: 'You are in: {{class.name}}',
      body: EDITED_BODY,
    });

    const same = await saveTemplate(headers, 'classReminder', {
      enabled: false,
      subject: EMAIL_TRIGGER_INFO.classReminder.subject,
      body: EMAIL_TRIGGER_INFO.classReminder.body,
    });
    expect(same.json().data).toMatchObject({ enabled: false, customised: false });
    const { rows } = await db.pool.query(
      `select subject, body, enabled from email_templates where company_id = $1 and trigger = 'classReminder'`,
      [owner.session.company.id],
    );
    expect(rows).toEqual([{ subject: null, body: null, enabled: false }]);
  });

  it('a broken template answers 400 naming the field and the line, and is not saved', async () => {
    const owner = await signUpCompany(app);
    const headers = bearer(owner.session.token);
    const broken = await saveTemplate(headers, 'bookingConfirmed', {
      enabled: true,
      subject: 'Booked: {{class.name}}',
      body: 'Hi {{client.firstName}},\n\nSee you at {{class.nme}}.',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().status).toBe(0);
    expect(broken.json().errors.body).toBe(
      'Line 3: {{class.nme}} is not a variable of this email. Use one of the variables listed beside the template.',
    );
    expect(broken.json().message).toMatch(/^The message has a mistake on line 3/);

    const unclosed = await saveTemplate(headers, 'bookingConfirmed', {
      enabled: true,
      subject: '{{#if class.name}}Booked',
      body: 'Fine',
    });
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json().errors.subject).toMatch(/is never closed/);

    const otherTrigger = await saveTemplate(headers, 'welcome', {
      enabled: true,
      subject: 'Welcome',
      body: 'Your class {{class.name}}',
    });
    expect(otherTrigger.statusCode).toBe(400);
    expect(otherTrigger.json().errors.body).toMatch(
      /^Line 1: \{\{class\.name\}\} is not a variable of this email/,
    );

    const empty = await saveTemplate(headers, 'welcome', { enabled: true, subject: ' ', body: '' });
    expect(empty.json().errors).toEqual({ subject: 'Write a subject.', body: 'Line 1: Write the message.' });

    const settings = (await get(headers)).json().data;
    expect(settings.templates.filter((t: { customised: boolean }) => t.customised)).toEqual([]);
  });

  it('an unknown email answers 400 saying so; a missing field names it', async () => {
    const owner = await signUpCompany(app);
    const headers = bearer(owner.session.token);
    for (const response of [
      await saveTemplate(headers, 'birthdayCard', { enabled: true, subject: 'x', body: 'y' }),
      await reset(headers, 'birthdayCard'),
      await sendTest(headers, 'birthdayCard'),
      await preview(headers, { trigger: 'birthdayCard', subject: 'x', body: 'y' }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.trigger).toBe('There is no such email');
    }
    const missing = await saveTemplate(headers, 'welcome', { enabled: true, subject: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.body).toBe('Write the message');
  });

  it('reset brings the default words back and keeps a switched-off email off', async () => {
    const owner = await signUpCompany(app);
    const headers = bearer(owner.session.token);
    await saveTemplate(headers, 'waitlistJoined', {
      enabled: false,
      subject: 'On the list for {{class.name}}',
      body: 'You are number {{waitlist.position}}.',
    });
    const response = await reset(headers, 'waitlistJoined');
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('The default words are back.');
    expect(response.json().data).toEqual({
      trigger: 'waitlistJoined',
      enabled: false,
      customised: false,
      subject: EMAIL_TRIGGER_INFO.waitlistJoined.subject,
      body: EMAIL_TRIGGER_INFO.waitlistJoined.body,
    });
    const listed = (await get(headers))
      .json()
      .data.templates.find((t: { trigger: string }) => t.trigger === 'waitlistJoined');
    expect(listed).toMatchObject({ enabled: false, customised: false });
    // Resetting an email never touched is harmless: on, with the defaults.
    expect((await reset(headers, 'refund')).json().data).toMatchObject({ enabled: true, customised: false });
  });
});

describe('email settings: preview', () => {
  it('renders the words being edited with sample details in the studio’s layout, name, colour, logo and footer', async () => {
    const owner = await signUpCompany(app);
    const headers = bearer(owner.session.token);
    const logo = await giveLogo(owner);
    await saveLook(headers, look());
    const response = await preview(headers, {
      trigger: 'bookingConfirmed',
      subject: 'You are in: {{class.name}}, {{class.start}}',
      body: EDITED_BODY,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { subject, text, html } = response.json().data;
    expect(subject).toBe('You are in: Vinyasa Flow, Tue, 24 Nov 2026, 18:00');
    expect(text).toContain('Hi Maya,\n\nSee you at Vinyasa Flow on Tue, 24 Nov 2026, 18:00.');
    expect(text).toContain('Open the class: https://kinetic.example/northside/client/app/classes/details/1');
    expect(text).toContain('--\n1 Main St, Atlanta GA\nCall us: (404) 555-0101');
    expect(text).toMatch(/Choose which emails you get \(and unsubscribe from news and offers\): http/);
    expect(html).toContain('<li>Bring water</li><li>Arrive 10 minutes early</li>');
    expect(html).toContain('background:#2b8a3e');
    // The logo by its path: the page shows it in a frame of its own origin.
    expect(html).toContain(`<img src="/api/uploads/original/${logo}" alt="${owner.session.company.name}"`);
    expect(html).toContain('<footer');
  });

  it('the company’s own signature, not the sample studio’s', async () => {
    const owner = await signUpCompany(app);
    const response = await preview(bearer(owner.session.token), {
      trigger: 'welcome',
      subject: EMAIL_TRIGGER_INFO.welcome.subject,
      body: EMAIL_TRIGGER_INFO.welcome.body,
    });
    const { subject, text, html } = response.json().data;
    expect(subject).toBe(`Welcome to ${owner.session.company.name}`);
    expect(text).not.toContain('Northside Yoga');
    expect(html).toContain(
      `font-size:20px;font-weight:700;color:#1a1b1e">${owner.session.company.name}</span>`,
    );
  });

  it('escapes whatever markup a template holds', async () => {
    const owner = await signUpCompany(app);
    const response = await preview(bearer(owner.session.token), {
      trigger: 'welcome',
      subject: 'Hi <b>there</b>',
      body: '<script>alert(1)</script> [click](javascript:alert(1))',
    });
    const { html } = response.json().data;
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).not.toContain('href="javascript');
  });

  it('a broken template answers 400 naming the line', async () => {
    const owner = await signUpCompany(app);
    const response = await preview(bearer(owner.session.token), {
      trigger: 'classReminder',
      subject: 'Soon: {{class.name}}',
      body: 'Hi\n\n{{#if class.studio}}\nAt {{class.studio}}\n',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.body).toBe(
      'Line 3: {{#if class.studio}} is never closed: add {{/if}} after what it keeps.',
    );
  });
});

describe('email settings: test email', () => {
  it('sends the words being edited to me, with "[Test]", the studio’s sender name, Reply-To, text and HTML parts with logo and colour', async () => {
    const owner = await signUpCompany(app);
    const headers = bearer(owner.session.token);
    await giveLogo(owner);
    await saveLook(headers, look());
    const response = await sendTest(headers, 'bookingConfirmed', {
      subject: 'You are in: {{class.name}}',
      body: EDITED_BODY,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toMatch(new RegExp(`^Test sent to ${owner.email}\\.`));
    expect(response.json().data.to).toBe(owner.email);

    const [received, ...more] = await waitForMail(owner.email);
    expect(more).toEqual([]);
    expect(received?.subject).toBe('[Test] You are in: Vinyasa Flow');
    const body = received?.body ?? '';
    expect(body).toMatch(/^From: Sunrise Yoga Team <no-reply@mail\.kinetic\.test>$/m);
    expect(body).toMatch(/^Reply-To: front-desk@sunrise\.example$/m);
    expect(body).toMatch(/Content-Type: text\/plain/);
    expect(body).toMatch(/Content-Type: text\/html/);
    expect(body).toContain('See you at Vinyasa Flow on Tue, 24 Nov 2026, 18:00.');
    expect(body).toContain('background:#2b8a3e');
    expect(body).toMatch(/<img src="http:\/\/[^"]+\/api\/uploads\/original\/[0-9a-f]{24}\.png"/);
    expect(body).toContain('1 Main St, Atlanta GA');
  });

  it('without words sends the saved ones; the company’s name is the sender until a sender name is set', async () => {
    const owner = await signUpCompany(app);
    const headers = bearer(owner.session.token);
    await giveLogo(owner);
    await saveLook(headers, look({ senderName: '', replyTo: '', showLogo: false }));
    await saveTemplate(headers, 'welcome', {
      enabled: true,
      subject: 'Hello from {{company.name}}',
      body: 'Welcome aboard, {{client.firstName}}!',
    });
    expect((await sendTest(headers, 'welcome')).statusCode).toBe(200);
    const [received] = await waitForMail(owner.email);
    expect(received?.subject).toBe(`[Test] Hello from ${owner.session.company.name}`);
    expect(received?.body).toMatch(
      new RegExp(`^From: ${owner.session.company.name} <no-reply@mail\\.kinetic\\.test>$`, 'm'),
    );
    expect(received?.body).toMatch(/^Reply-To: hello@sunrise\.example$/m);
    expect(received?.body).toContain('Welcome aboard, Maya!');
    // The logo switched off: the name in text instead.
    expect(received?.body).not.toContain('<img');
  });

  it('a broken template sends nothing and answers 400 naming the line', async () => {
    const owner = await signUpCompany(app);
    const response = await sendTest(bearer(owner.session.token), 'welcome', {
      subject: 'Hi',
      body: 'One\nTwo {{/if}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.body).toMatch(/^Line 2: \{\{\/if\}\} closes nothing/);
    const { rows } = await db.pool.query(`select count(*)::int as count from email_outbox where "to" = $1`, [
      owner.email,
    ]);
    expect(rows[0].count).toBe(0);
  });

  it(`sends at most ${TESTS_PER_MINUTE} a minute per person, then answers 429`, async () => {
    const owner = await signUpCompany(app);
    const headers = bearer(owner.session.token);
    for (let sent = 0; sent < TESTS_PER_MINUTE; sent += 1)
      expect((await sendTest(headers, 'refund')).statusCode).toBe(200);
    const refused = await sendTest(headers, 'refund');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Wait a minute/);
    const { rows } = await db.pool.query(`select count(*)::int as count from email_outbox where "to" = $1`, [
      owner.email,
    ]);
    expect(rows[0].count).toBe(TESTS_PER_MINUTE);
  });
});

describe('email settings: what clients then get', () => {
  it('a booking made after the studio saved its words sends those words (with the .ics); switched off, it sends none', async () => {
    const ready = await studioReadyToSchedule(app);
    const headers = ready.headers;
    await saveLook(headers, look());
    expect(
      (
        await saveTemplate(headers, 'bookingConfirmed', {
          enabled: true,
          subject: 'See you at {{class.name}}',
          body: 'Hi {{client.firstName}},\n\nYour mat is waiting at {{class.name}} ({{class.studio}}).',
        })
      ).statusCode,
    ).toBe(200);
    const first = await classAt(app, ready, minutesFromNow(3 * 24 * 60), { capacity: 5 });
    const client = await signUpClient(app, ready.slug);
    const clientId = client.session.user._id as string;
    const booked = await app.inject({
      method: 'POST',
      url: `/api/class-instances/${first}/bookings`,
      headers,
      payload: { clientId },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const { rows } = await db.pool.query<{
      subject: string;
      text: string;
      from_name: string;
      reply_to: string;
      attachments: { filename: string; content: string }[] | null;
    }>(
      `select subject, text, from_name, reply_to, attachments from email_outbox where "to" = $1 and subject like 'See you at%'`,
      [client.email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      subject: 'See you at Power Yoga',
      from_name: 'Sunrise Yoga Team',
      reply_to: 'front-desk@sunrise.example',
    });
    expect(rows[0]?.text).toContain('Hi Chris,\n\nYour mat is waiting at Power Yoga (Midtown).');
    expect(rows[0]?.attachments?.[0]?.content).toContain('BEGIN:VCALENDAR');

    // Switched off: the next booking sends no confirmation at all.
    const words = (await get(headers)).json().data.templates[0];
    await saveTemplate(headers, 'bookingConfirmed', {
      enabled: false,
      subject: words.subject,
      body: words.body,
    });
    const second = await classAt(app, ready, minutesFromNow(4 * 24 * 60), { capacity: 5 });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/class-instances/${second}/bookings`,
          headers,
          payload: { clientId },
        })
      ).statusCode,
    ).toBe(200);
    const after = await db.pool.query(
      `select count(*)::int as count from email_outbox where "to" = $1 and subject like 'See you at%'`,
      [client.email],
    );
    expect(after.rows[0].count).toBe(1);
  });
});
