import { describe, expect, it } from 'vitest';
import { EMAIL_TRIGGERS, EMAIL_TRIGGER_INFO, type EmailTemplateDto } from '@kinetic/shared';
import {
  framedPreview,
  hoursBefore,
  insertVariable,
  isTrigger,
  sectionsOf,
  toLookBody,
  variableList,
} from './email-settings-values.ts';

const templates: EmailTemplateDto[] = EMAIL_TRIGGERS.map((trigger) => ({
  trigger,
  enabled: true,
  customised: false,
  subject: EMAIL_TRIGGER_INFO[trigger].subject,
  body: EMAIL_TRIGGER_INFO[trigger].body,
}));

describe('email settings values', () => {
  it('groups the emails by section in the registry’s order, every email once', () => {
    const sections = sectionsOf(templates);
    expect(sections.map((section) => section.section)).toEqual([
      'Bookings',
      'Waitlist',
      'Classes',
      'Payments',
      'Memberships and packs',
      'Accounts',
    ]);
    expect(sections.flatMap((section) => section.templates.map((t) => t.trigger))).toEqual(EMAIL_TRIGGERS);
    expect(sections[0]?.templates[0]?.info.label).toBe('Booking confirmed');
  });

  it('puts a variable where the cursor is, replacing a selection, and moves the cursor after it', () => {
    expect(insertVariable('Hi , see you', 3, 3, 'client.firstName')).toEqual({
      text: 'Hi {{client.firstName}}, see you',
      cursor: 23,
    });
    expect(insertVariable('Hi NAME!', 3, 7, 'client.name')).toEqual({
      text: 'Hi {{client.name}}!',
      cursor: 18,
    });
    expect(insertVariable('abc', 99, 99, 'class.name').text).toBe('abc{{class.name}}');
  });

  it('lists a trigger’s variables with what they are and a sample', () => {
    const names = variableList('waitlistJoined').map((variable) => variable.name);
    expect(names).toContain('waitlist.position');
    expect(names).not.toContain('order.total');
    expect(variableList('welcome').find((variable) => variable.name === 'client.firstName')).toEqual({
      name: 'client.firstName',
      description: 'Their first name',
      sample: 'Maya',
    });
  });

  it('knows the triggers by name only', () => {
    expect(isTrigger('bookingConfirmed')).toBe(true);
    expect(isTrigger('toString')).toBe(false);
    expect(isTrigger(undefined)).toBe(false);
  });

  it('sends empty notice days as empty, so the server names the field', () => {
    const body = toLookBody({
      senderName: '',
      replyTo: ' desk@studio.test ',
      brandColour: '#112233',
      showLogo: false,
      footer: '',
      renewalNoticeDays: '',
      expiryNoticeDays: 7,
    });
    expect(body).toMatchObject({ replyTo: 'desk@studio.test', renewalNoticeDays: null, expiryNoticeDays: 7 });
  });

  it('opens a preview’s links outside its frame and says the reminder time in words', () => {
    expect(framedPreview('<html><head><title>x</title>')).toContain('<head>\n<base target="_blank">');
    expect(hoursBefore(24)).toBe('1 day before');
    expect(hoursBefore(6)).toBe('6 hours before');
    expect(hoursBefore(50)).toBe('2 days and 2 hours before');
  });
});
