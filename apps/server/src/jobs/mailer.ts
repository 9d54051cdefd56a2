import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { EmailAttachment } from '../db/schema/email-outbox.ts';

export interface OutgoingMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  fromName?: string | null;
  replyTo?: string | null;
  attachments?: EmailAttachment[] | null;
}

/**
 * The From header: the studio's name with the server's own address (MAIL_FROM's), so the message passes
 * the server domain's SPF/DKIM and is not marked as spam; replies go to the studio's reply-to.
 */
/** The address part of MAIL_FROM (`Kinetic <no-reply@…>` → `no-reply@…`): every email's From address. */
export const fromAddressOf = (mailFrom: string) => /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();

function senderOf(mail: OutgoingMail, mailFrom: string) {
  const address = fromAddressOf(mailFrom);
  const from = mail.fromName ? { name: mail.fromName, address } : mailFrom;
  return { from, ...(mail.replyTo ? { replyTo: mail.replyTo } : {}) };
}

const attachmentsOf = (mail: OutgoingMail) =>
  mail.attachments?.map(({ filename, contentType, content }) => ({ filename, contentType, content }));

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** SMTP when `SMTP_URL` is set; otherwise each message becomes an `.eml` file under `DATA_DIR/mail`. */
export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>): Mailer {
  if (config.SMTP_URL) {
    // Short timeouts: delivery holds an outbox row lock while it talks to the server.
    const transport = nodemailer.createTransport(
      {
        url: config.SMTP_URL,
        pool: true,
        maxConnections: 2,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      },
      { from: config.MAIL_FROM },
    );
    return {
      async send(mail) {
        await transport.sendMail({
          ...senderOf(mail, config.MAIL_FROM),
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? undefined,
          attachments: attachmentsOf(mail),
          messageId: `<${mail.id}@kinetic>`,
        });
      },
      close: () => transport.close(),
    };
  }
  const folder = path.resolve(config.DATA_DIR, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({
        ...senderOf(mail, config.MAIL_FROM),
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        attachments: attachmentsOf(mail),
      });
      await mkdir(folder, { recursive: true });
      await writeFile(path.join(folder, `${mail.id}.eml`), info.message as Buffer);
    },
    close: () => {},
  };
}
