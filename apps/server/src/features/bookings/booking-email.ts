import { wantsEmail } from '../client-preferences/client-preferences.service.ts';
import type { Executor } from '../../db/client.ts';
import { queueEmail } from '../../jobs/email-outbox.ts';
import { localMoment } from './booking-rules.ts';
import type { LockedClass } from './bookings.repo.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export type BookingNotice =
  | { kind: 'promoted' }
  | { kind: 'offered'; expiresAt: Date }
  | { kind: 'offer-expired' }
  | { kind: 'cancelled-by-studio' };

/** Where a client sees the class (and, for an offer, accepts it): the public class page of spec §2. */
export function classLink(publicUrl: string, cls: Pick<LockedClass, 'id' | 'company'>): string {
  const role = cls.company.kind === 'solo' ? 'solo-client' : 'client';
  return `${publicUrl}/${encodeURIComponent(cls.company.slug)}/${role}/client/app/classes/details/${cls.id}`;
}

function noticeText(
  notice: BookingNotice,
  cls: LockedClass,
  when: string,
): { subject: string; lines: string[] } {
  const name = cls.templateName;
  switch (notice.kind) {
    case 'promoted':
      return {
        subject: `You're in: ${name}, ${when}`,
        lines: [
          `A place opened up and it is yours: you are booked into ${name} on ${when} at ${cls.studioName}.`,
        ],
      };
    case 'offered':
      return {
        subject: `A place is held for you: ${name}, ${when}`,
        lines: [
          `A place opened up in ${name} on ${when} at ${cls.studioName}, and it is held for you until ${localMoment(notice.expiresAt, cls.timeZone)}.`,
          'Open the class to accept it (or decline, so the next person gets it). If you do nothing, it goes to the next person on the waitlist.',
        ],
      };
    case 'offer-expired':
      return {
        subject: `Your held place has gone: ${name}, ${when}`,
        lines: [
          `The place held for you in ${name} on ${when} was not accepted in time, so it went to the next person.`,
        ],
      };
    case 'cancelled-by-studio':
      return {
        subject: `Cancelled by the studio: ${name}, ${when}`,
        lines: [
          `${cls.company.name} has cancelled ${name} on ${when} at ${cls.studioName}. Your booking has ended; nothing is charged.`,
        ],
      };
  }
}

/** Writes the notice to the outbox in the caller's transaction; it is sent after commit. */
export async function queueBookingNotice(
  tx: Executor,
  companyId: string,
  client: { id: string; name: string; email: string },
  cls: LockedClass,
  notice: BookingNotice,
  publicUrl: string,
): Promise<string | null> {
  // Waitlist news is optional (client Settings › Notifications); a class the studio cancels always goes.
  if (notice.kind !== 'cancelled-by-studio' && !(await wantsEmail(tx, companyId, client.id, 'waitlist')))
    return null;
  const when = localMoment(cls.startsAt, cls.timeZone);
  const { subject, lines } = noticeText(notice, cls, when);
  const link = classLink(publicUrl, cls);
  const text = [`Hi ${client.name},`, '', ...lines, '', link, '', `— ${cls.company.name}`].join('\n');
  const html = `<p>Hi ${escapeHtml(client.name)},</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}">Open the class</a></p>
<p>— ${escapeHtml(cls.company.name)}</p>`;
  return queueEmail(tx, { companyId, to: client.email, subject, text, html });
}
