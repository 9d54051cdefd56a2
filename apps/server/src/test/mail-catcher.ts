import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  /** The Subject header, unfolded and with MIME encoded-words (non-ASCII subjects) decoded. */
  subject: string;
  /** The From and Reply-To headers as sent (decoded), '' when absent. */
  from: string;
  replyTo: string;
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
        const mail = {
          to,
          subject: header(raw, 'Subject'),
          from: header(raw, 'From'),
          replyTo: header(raw, 'Reply-To'),
          body: decodeQuotedPrintable(raw),
        };
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

/** One header of the message's head: continuation lines joined, encoded-words (RFC 2047) decoded. */
function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = new RegExp(`^${name}: (.*)$`, 'im').exec(unfolded)?.[1] ?? '';
  return decodeEncodedWords(line).trim();
}

export function decodeEncodedWords(value: string): string {
  // Whitespace between two encoded words is not part of the text (RFC 2047 §6.2).
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_all, encoding: string, data: string) => {
      if (encoding.toUpperCase() === 'B') return Buffer.from(data, 'base64').toString('utf8');
      const bytes: number[] = [];
      for (let index = 0; index < data.length; index += 1) {
        const char = data[index] ?? '';
        if (char === '_') bytes.push(0x20);
        else if (char === '=' && /^[0-9A-F]{2}$/i.test(data.slice(index + 1, index + 3))) {
          bytes.push(parseInt(data.slice(index + 1, index + 3), 16));
          index += 2;
        } else bytes.push(char.charCodeAt(0));
      }
      return Buffer.from(bytes).toString('utf8');
    });
}

export function decodeQuotedPrintable(text: string): string {
  // Runs of =XX are UTF-8 bytes: "×" arrives as =C3=97 and must become one character, not two.
  return text.replace(/=\r?\n/g, '').replace(/(=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(
      run
        .slice(1)
        .split('=')
        .map((hex) => parseInt(hex, 16)),
    ).toString('utf8'),
  );
}
