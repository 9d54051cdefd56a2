import { describe, expect, it } from 'vitest';
import { EMAIL_TRIGGERS, EMAIL_TRIGGER_INFO, sampleVariables } from './email-triggers.ts';
import { checkTemplate, renderTemplate, wrapInLayout } from './email-templates.ts';

describe('email templates', () => {
  it('every default template is valid and renders its sample without an empty variable left', () => {
    for (const trigger of EMAIL_TRIGGERS) {
      const { subject, body } = EMAIL_TRIGGER_INFO[trigger];
      expect(checkTemplate(trigger, subject, body), trigger).toEqual([]);
      const rendered = renderTemplate(trigger, { subject, body }, sampleVariables(trigger));
      expect(rendered.subject, trigger).not.toMatch(/\{\{|\}\}/);
      expect(rendered.text, trigger).not.toMatch(/\{\{|\}\}/);
      expect(rendered.text, trigger).toMatch(/^Hi (Maya|Jordan),/);
    }
  });

  it('names the line of an unknown variable, an unclosed condition and a stray brace', () => {
    expect(checkTemplate('bookingConfirmed', 'Hi', 'Hello\n\n{{class.nme}}')).toEqual([
      {
        field: 'body',
        line: 3,
        message: expect.stringContaining('{{class.nme}} is not a variable of this email'),
      },
    ]);
    expect(checkTemplate('bookingConfirmed', 'Hi', 'a\n{{#if booking.cancelLink}}\nx')[0]).toMatchObject({
      line: 2,
      message: expect.stringContaining('never closed'),
    });
    expect(checkTemplate('bookingConfirmed', 'Hi {{client.firstName', 'ok')[0]).toMatchObject({
      field: 'subject',
      line: 1,
    });
    // A variable of another trigger is not this one's.
    expect(checkTemplate('bookingConfirmed', 'Hi', '{{offer.acceptLink}}')[0]?.message).toContain(
      'not a variable of this email',
    );
  });

  it('checks a body of an unclosed "{{" and many spaces at once (the preview must not freeze the server)', () => {
    const body = `Hello {{${' '.repeat(2000)}\n{{#if${' '.repeat(2000)}`;
    const started = performance.now();
    const problems = checkTemplate('bookingConfirmed', 'Hi', body);
    expect(performance.now() - started).toBeLessThan(500);
    expect(problems[0]).toMatchObject({ field: 'body', line: 1 });
    // Spaces inside the braces are still allowed around names and keywords.
    expect(
      checkTemplate('bookingConfirmed', '{{ client.firstName }}', '{{ #if  class.name }}x{{ /if }}'),
    ).toEqual([]);
    expect(checkTemplate('bookingConfirmed', 'Hi', '{{/if x}}')[0]?.message).toContain('alone');
  });

  it('escapes everything in the HTML part, so a template cannot add markup or script', () => {
    const rendered = renderTemplate(
      'welcome',
      { subject: 'Hi', body: '<script>alert(1)</script> {{client.name}}\n\n[click](javascript:alert(1))' },
      { 'client.name': '<b>Maya</b>' },
    );
    expect(rendered.html).not.toContain('<script');
    expect(rendered.html).not.toContain('<b>');
    expect(rendered.html).not.toContain('href="javascript');
    expect(rendered.html).toContain('&#60;script&#62;');
  });

  it('a variable’s value never becomes a link: a client named like a link stays plain text', () => {
    const rendered = renderTemplate(
      'welcome',
      {
        subject: 'Hi {{client.firstName}}',
        body: 'Hi {{client.firstName}},\n\n[Open your account]({{account.link}})',
      },
      {
        'client.firstName': '[Confirm](https://phish.example/login)',
        'account.link': 'https://kinetic.example/a(1)',
      },
    );
    expect(rendered.html).not.toContain('href="https://phish.example');
    expect(rendered.html).toContain('Hi [Confirm](https://phish.example/login),');
    // A value inside the template's own link still works, parentheses and all.
    expect(rendered.html).toContain('<a href="https://kinetic.example/a(1)">Open your account</a>');
    expect(rendered.text).toBe(
      'Hi [Confirm](https://phish.example/login),\n\nOpen your account: https://kinetic.example/a(1)',
    );
    expect(rendered.subject).toBe('Hi [Confirm](https://phish.example/login)');
  });

  it('links read as label and address in text, as an anchor in HTML; empty conditions vanish', () => {
    const rendered = renderTemplate(
      'bookingConfirmed',
      {
        subject: 'Booked',
        body: 'One\n{{#if booking.cancelLink}}\n[Cancel]({{booking.cancelLink}})\n{{/if}}\n\n[Open]({{class.link}})',
      },
      { 'class.link': 'https://x.example/c/1', 'booking.cancelLink': '' },
    );
    expect(rendered.text).toBe('One\n\nOpen: https://x.example/c/1');
    expect(rendered.html).toContain('<a href="https://x.example/c/1">Open</a>');
  });

  it('wraps content in an accessible layout with the footer and the choose-your-emails link', () => {
    const message = wrapInLayout(
      { subject: 'S', text: 'Body', html: '<p>Body</p>' },
      {
        companyName: 'Northside',
        logoUrl: null,
        brandColour: '#ffff00',
        footer: '1 Main St',
        preferencesLink: 'https://x/prefs',
      },
    );
    expect(message.html).toContain('<html lang="en">');
    expect(message.html).toContain('role="article"');
    // Yellow links would be unreadable on white: a dark colour is used for them.
    expect(message.html).toContain('a{color:#1c4fa1}');
    expect(message.text).toBe(
      'Body\n\n--\n1 Main St\n\nYou get this email because you have an account at Northside. Choose which emails you get (and unsubscribe from news and offers): https://x/prefs',
    );
  });
});
