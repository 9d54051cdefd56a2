import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  subject: string;
  /** The whole message with quoted-printable soft breaks and escapes decoded, for finding text and links. */
  body: string;
}

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startMailCatcher(
  onMail: (mail: CaughtMail) => void | Promise<void> = () => {},
  listenPort = 0,
) {
  const received: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
        const mail = { to, subject, body: decodeQuotedPrintable(raw) };
        received.push(mail);
        Promise.resolve(onMail(mail)).then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    mailTo: (address: string) => received.filter((mail) => mail.to.includes(address.toLowerCase())),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
