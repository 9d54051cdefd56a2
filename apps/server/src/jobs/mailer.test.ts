import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';
import { startMailCatcher } from '../test/mail-catcher.ts';

const mail = {
  id: '6b0000000000000000000001',
  to: 'ada@example.com',
  subject: 'Hello',
  text: 'Plain body',
  html: '<p>Rich body</p>',
};

describe('mailer', () => {
  it('without SMTP_URL writes each message as an .eml file under DATA_DIR/mail', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'kinetic-mail-'));
    afterAll(() => rm(dataDir, { recursive: true, force: true }));
    const mailer = createMailer({
      DATA_DIR: dataDir,
      MAIL_FROM: 'Studio <studio@example.com>',
      SMTP_URL: undefined,
    });
    await mailer.send(mail);
    const files = await readdir(path.join(dataDir, 'mail'));
    expect(files).toEqual([`${mail.id}.eml`]);
    const content = await readFile(path.join(dataDir, 'mail', files[0] ?? ''), 'utf8');
    expect(content).toContain('To: ada@example.com');
    expect(content).toContain('From: Studio <studio@example.com>');
    expect(content).toContain('Plain body');
  });

  it('sends attachments (a class’s .ics) with the message', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'kinetic-mail-'));
    afterAll(() => rm(dataDir, { recursive: true, force: true }));
    const mailer = createMailer({
      DATA_DIR: dataDir,
      MAIL_FROM: 'Studio <studio@example.com>',
      SMTP_URL: undefined,
    });
    const calendar = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';
    await mailer.send({
      ...mail,
      attachments: [
        {
          filename: 'class.ics',
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          content: calendar,
        },
      ],
    });
    const content = await readFile(path.join(dataDir, 'mail', `${mail.id}.eml`), 'utf8');
    expect(content).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH; name=class\.ics/);
    expect(content).toContain('Content-Disposition: attachment; filename=class.ics');
  });

  it('with SMTP_URL speaks SMTP to the server', async () => {
    const catcher = await startMailCatcher();
    afterAll(() => catcher.stop());
    const mailer = createMailer({
      DATA_DIR: '/nonexistent',
      MAIL_FROM: 'Studio <studio@example.com>',
      SMTP_URL: catcher.url,
    });
    await mailer.send(mail);
    mailer.close();
    expect(catcher.mailTo('ada@example.com')).toHaveLength(1);
    expect(catcher.received[0]?.subject).toBe('Hello');
  });

  it('sends as the studio’s name from the server’s own address, with replies to the studio', async () => {
    const catcher = await startMailCatcher();
    afterAll(() => catcher.stop());
    const mailer = createMailer({
      DATA_DIR: '/nonexistent',
      MAIL_FROM: 'Kinetic <no-reply@kinetic.example>',
      SMTP_URL: catcher.url,
    });
    await mailer.send({
      ...mail,
      subject:
        'You’re in: Vinyasa Flow, Tue, 24 Nov 2026, 18:00 — a subject long enough to be folded over lines',
      fromName: 'Northside Yoga',
      replyTo: 'hello@northside.example',
    });
    mailer.close();
    const [received] = catcher.received;
    expect(received?.from).toBe('Northside Yoga <no-reply@kinetic.example>');
    expect(received?.replyTo).toBe('hello@northside.example');
    expect(received?.subject).toBe(
      'You’re in: Vinyasa Flow, Tue, 24 Nov 2026, 18:00 — a subject long enough to be folded over lines',
    );
  });
});
