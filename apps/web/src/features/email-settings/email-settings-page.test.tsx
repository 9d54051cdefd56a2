import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  defaultCan,
  EMAIL_TRIGGERS,
  EMAIL_TRIGGER_INFO,
  type AccountDto,
  type EmailSettingsDto,
} from '@kinetic/shared';
import { renderRoutes, stubFetch, type Call } from '../../test/render-page.tsx';
import { EmailSettingsPage } from './email-settings-page.tsx';
import { EmailTemplatePage } from './email-template-page.tsx';

// Mantine's autosize Textarea listens for web fonts, which jsdom does not have.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const ID = '0123456789abcdef01234567';
const account = (can: AccountDto['can']): AccountDto => ({
  user: { id: ID, name: 'Olive Owner', email: 'olive@example.com', phone: null, roleId: 'admin' },
  company: { id: ID, slug: 'acme', name: 'Acme Yoga', kind: 'company', logoUrl: null, locale: 'en-US' },
  hostType: 'company',
  onBoardingData: [],
  can,
});

const settings: EmailSettingsDto = {
  senderName: null,
  replyTo: null,
  brandColour: '#1c7ed6',
  showLogo: true,
  footer: '',
  renewalNoticeDays: 3,
  expiryNoticeDays: 7,
  fromAddress: 'no-reply@kinetic.test',
  companyName: 'Acme Yoga',
  companyEmail: 'hello@acme.test',
  logoUrl: null,
  reminderHoursBefore: 24,
  templates: EMAIL_TRIGGERS.map((trigger) => ({
    trigger,
    enabled: true,
    customised: false,
    subject: EMAIL_TRIGGER_INFO[trigger].subject,
    body: EMAIL_TRIGGER_INFO[trigger].body,
  })),
};

const ok = (data: unknown) => ({ body: { status: 1, data } });
const routes = [
  { path: '/app/settings/email', element: <EmailSettingsPage /> },
  { path: '/app/settings/email/:trigger', element: <EmailTemplatePage /> },
];

beforeEach(() => {
  document.cookie = 'token=t; Path=/';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Email Settings page', () => {
  it('switches an email off at once, with the words it has, and says so', { timeout: 20_000 }, async () => {
    const calls = stubFetch((call: Call) => {
      if (call.path === 'me') return ok(account(defaultCan('admin')));
      if (call.method === 'PUT' && call.path === 'settings/email/templates/waitlistJoined')
        return ok({ ...settings.templates[4], ...(call.body as object), customised: false });
      return ok(settings);
    });
    renderRoutes(routes, '/app/settings/email');
    const toggle = await screen.findByRole('switch', { name: 'Send “Waitlist joined”' });
    expect(screen.getByRole('textbox', { name: 'Sender name' }).getAttribute('placeholder')).toBe(
      'Acme Yoga',
    );
    expect(screen.getByText('no-reply@kinetic.test')).toBeTruthy();
    fireEvent.click(toggle);
    await screen.findByText('“Waitlist joined” is off: it is not sent.');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      enabled: false,
      subject: EMAIL_TRIGGER_INFO.waitlistJoined.subject,
      body: EMAIL_TRIGGER_INFO.waitlistJoined.body,
    });
    expect((screen.getByRole('switch', { name: 'Send “Waitlist joined”' }) as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it('a refused Save puts focus on the reply-to address in error', { timeout: 20_000 }, async () => {
    const calls = stubFetch((call: Call) => {
      if (call.path === 'me') return ok(account(defaultCan('admin')));
      if (call.method === 'PUT' && call.path === 'settings/email')
        return {
          code: 400,
          body: {
            status: 0,
            message: 'The reply-to address is refused.',
            errors: { replyTo: 'This address does not take mail.' },
          },
        };
      return ok(settings);
    });
    renderRoutes(routes, '/app/settings/email');
    const replyTo = await screen.findByRole('textbox', { name: 'Reply-to address' });
    const save = screen.getByRole('button', { name: 'Save' });
    // Refused here: not an address.
    fireEvent.change(replyTo, { target: { value: 'not an address' } });
    save.focus();
    fireEvent.click(save);
    await waitFor(() => expect(document.activeElement).toBe(replyTo));
    expect(replyTo.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    // Refused by the server.
    fireEvent.change(replyTo, { target: { value: 'front@acme.test' } });
    save.focus();
    fireEvent.click(save);
    await screen.findByText('This address does not take mail.');
    await waitFor(() => expect(document.activeElement).toBe(replyTo));
  });

  it('without “Manage settings” says it is read only and asks for nothing', { timeout: 20_000 }, async () => {
    const calls = stubFetch((call) =>
      call.path === 'me' ? ok(account({ ...defaultCan('admin'), manageSettings: false })) : ok(settings),
    );
    renderRoutes(routes, '/app/settings/email');
    await screen.findByText(/You need the “Manage settings” ability/);
    expect(calls.some((call) => call.path === 'settings/email')).toBe(false);
    expect(screen.queryByRole('switch')).toBeNull();
  });
});

describe('Email editor', () => {
  it(
    'shows the server’s line-naming problem under the message while typing, and saves the words',
    { timeout: 20_000 },
    async () => {
      const calls = stubFetch((call: Call) => {
        if (call.path === 'me') return ok(account(defaultCan('admin')));
        if (call.path === 'settings/email/preview') {
          const { body } = call.body as { body: string };
          return body.includes('{{class.nme}}')
            ? {
                code: 400,
                body: {
                  status: 0,
                  message:
                    'The message has a mistake on line 3: {{class.nme}} is not a variable of this email.',
                  errors: { body: 'Line 3: {{class.nme}} is not a variable of this email.' },
                },
              }
            : ok({
                subject: 'Booked: Vinyasa Flow',
                text: 'Hi Maya',
                html: '<html><head></head><body><p>Hi Maya</p></body></html>',
              });
        }
        if (call.method === 'PUT')
          return ok({ trigger: 'bookingConfirmed', customised: true, ...(call.body as object) });
        return ok(settings);
      });
      renderRoutes(routes, '/app/settings/email/bookingConfirmed');
      const message = await screen.findByRole('textbox', { name: 'Message' });
      await screen.findByText('Booked: Vinyasa Flow');
      fireEvent.change(message, { target: { value: 'Hi\n\n{{class.nme}}' } });
      await screen.findByText(
        'Line 3: {{class.nme}} is not a variable of this email.',
        {},
        { timeout: 5_000 },
      );
      expect(message.getAttribute('aria-invalid')).toBe('true');

      fireEvent.change(message, { target: { value: 'Hi {{client.firstName}}' } });
      await waitFor(() => expect(message.getAttribute('aria-invalid')).not.toBe('true'), { timeout: 5_000 });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await screen.findByText('Your words are saved.');
      expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
        path: 'settings/email/templates/bookingConfirmed',
        body: {
          enabled: true,
          subject: EMAIL_TRIGGER_INFO.bookingConfirmed.subject,
          body: 'Hi {{client.firstName}}',
        },
      });
    },
  );

  it(
    'with a mistake keeps the last good preview in view, and a refused test says so once',
    { timeout: 20_000 },
    async () => {
      const mistake = {
        code: 400,
        body: {
          status: 0,
          message: 'The message has a mistake on line 3: {{class.nme}} is not a variable of this email.',
          errors: { body: 'Line 3: {{class.nme}} is not a variable of this email.' },
        },
      };
      stubFetch((call: Call) => {
        if (call.path === 'me') return ok(account(defaultCan('admin')));
        if (call.path === 'settings/email/preview')
          return (call.body as { body: string }).body.includes('{{class.nme}}')
            ? mistake
            : ok({
                subject: 'Booked: Vinyasa Flow',
                text: 'Hi Maya',
                html: '<html><head></head><body><p>Hi Maya</p></body></html>',
              });
        if (call.path === 'settings/email/templates/bookingConfirmed/test') return mistake;
        return ok(settings);
      });
      renderRoutes(routes, '/app/settings/email/bookingConfirmed');
      const message = await screen.findByRole('textbox', { name: 'Message' });
      await screen.findByText('Booked: Vinyasa Flow');
      fireEvent.change(message, { target: { value: 'Hi\n\n{{class.nme}}' } });
      await screen.findByText('The preview is of your last words without mistakes', {}, { timeout: 5_000 });
      expect(screen.getByTestId('preview-subject').textContent).toBe('Booked: Vinyasa Flow');
      expect(screen.getByTitle('Preview of the email')).toBeTruthy();

      fireEvent.click(screen.getByRole('button', { name: 'Send a test to me' }));
      await screen.findByText('Fix the mistake first; the test was not sent.');
      expect(screen.getAllByText('Line 3: {{class.nme}} is not a variable of this email.')).toHaveLength(1);
      expect(
        screen.getAllByText(
          'The message has a mistake on line 3: {{class.nme}} is not a variable of this email.',
        ),
      ).toHaveLength(1);
    },
  );

  it('with a mistake and no good preview yet says there is none', { timeout: 20_000 }, async () => {
    const broken = {
      ...settings,
      templates: settings.templates.map((each) =>
        each.trigger === 'welcome' ? { ...each, customised: true, body: 'Hi {{client.nme}}' } : each,
      ),
    };
    stubFetch((call: Call) => {
      if (call.path === 'me') return ok(account(defaultCan('admin')));
      if (call.path === 'settings/email/preview')
        return {
          code: 400,
          body: {
            status: 0,
            message: 'The message has a mistake on line 1: {{client.nme}} is not a variable of this email.',
            errors: { body: 'Line 1: {{client.nme}} is not a variable of this email.' },
          },
        };
      return ok(broken);
    });
    renderRoutes(routes, '/app/settings/email/welcome');
    await screen.findByText('No preview until the mistake is fixed', {}, { timeout: 5_000 });
    expect(screen.queryByText('The preview is of your last words without mistakes')).toBeNull();
    expect(screen.queryByText('Making the preview…')).toBeNull();
  });

  it('puts a chosen variable where the cursor is in the subject', { timeout: 20_000 }, async () => {
    stubFetch((call) => {
      if (call.path === 'me') return ok(account(defaultCan('admin')));
      if (call.path === 'settings/email/preview')
        return ok({ subject: 's', text: 't', html: '<html><head></head></html>' });
      return ok(settings);
    });
    renderRoutes(routes, '/app/settings/email/welcome');
    const subject = (await screen.findByRole('textbox', { name: 'Subject' })) as HTMLInputElement;
    fireEvent.change(subject, { target: { value: 'Hello !' } });
    fireEvent.focus(subject);
    subject.setSelectionRange(6, 6);
    fireEvent.click(screen.getByRole('button', { name: /^Insert \{\{client\.firstName\}\}/ }));
    expect(subject.value).toBe('Hello {{client.firstName}}!');
  });

  it(
    'by keyboard: “Insert into” sends a variable to the subject after the message had focus, and focus goes back there',
    { timeout: 20_000 },
    async () => {
      stubFetch((call) => {
        if (call.path === 'me') return ok(account(defaultCan('admin')));
        if (call.path === 'settings/email/preview')
          return ok({ subject: 's', text: 't', html: '<html><head></head></html>' });
        return ok(settings);
      });
      renderRoutes(routes, '/app/settings/email/welcome');
      const subject = (await screen.findByRole('textbox', { name: 'Subject' })) as HTMLInputElement;
      const message = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
      fireEvent.change(subject, { target: { value: 'Hello !' } });
      subject.setSelectionRange(6, 6);
      // Tabbing from the subject to the variables passes the message, which becomes the target…
      fireEvent.focus(message);
      const toMessage = screen.getByRole('radio', { name: 'Message' }) as HTMLInputElement;
      expect(toMessage.checked).toBe(true);
      // …so the subject is chosen by hand.
      fireEvent.click(screen.getByRole('radio', { name: 'Subject' }));
      expect((screen.getByRole('radio', { name: 'Subject' }) as HTMLInputElement).checked).toBe(true);
      const before = message.value;
      fireEvent.click(screen.getByRole('button', { name: /^Insert \{\{client\.firstName\}\}/ }));
      expect(subject.value).toBe('Hello {{client.firstName}}!');
      expect(message.value).toBe(before);
      await waitFor(() => expect(document.activeElement).toBe(subject));
      expect(subject.selectionStart).toBe(26);
    },
  );

  it('after “Reset to default” focus lands on the result, not on the page', { timeout: 20_000 }, async () => {
    const customised = {
      ...settings,
      templates: settings.templates.map((each) =>
        each.trigger === 'welcome' ? { ...each, customised: true, subject: 'Hi there' } : each,
      ),
    };
    stubFetch((call) => {
      if (call.path === 'me') return ok(account(defaultCan('admin')));
      if (call.path === 'settings/email/preview')
        return ok({ subject: 's', text: 't', html: '<html><head></head></html>' });
      if (call.method === 'DELETE') return ok(settings.templates.find((each) => each.trigger === 'welcome'));
      return ok(customised);
    });
    renderRoutes(routes, '/app/settings/email/welcome');
    const subject = (await screen.findByRole('textbox', { name: 'Subject' })) as HTMLInputElement;
    expect(subject.value).toBe('Hi there');
    fireEvent.click(screen.getByRole('button', { name: 'Reset to default' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bring back the default words?' });
    const confirm = Array.from(dialog.querySelectorAll('button')).find(
      (button) => button.textContent === 'Reset to default',
    );
    fireEvent.click(confirm!);
    const note = await screen.findByText('The default words are back.');
    expect(subject.value).toBe(EMAIL_TRIGGER_INFO.welcome.subject);
    await waitFor(() => expect(document.activeElement?.contains(note)).toBe(true), { timeout: 3_000 });
    expect(document.activeElement).not.toBe(document.body);
  });

  it('names no email for an unknown address', { timeout: 20_000 }, async () => {
    stubFetch((call) => (call.path === 'me' ? ok(account(defaultCan('admin'))) : ok(settings)));
    renderRoutes(routes, '/app/settings/email/birthdayCard');
    await screen.findByRole('heading', { level: 1, name: 'There is no such email' });
  });
});
