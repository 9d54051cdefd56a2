import { EMAIL_TRIGGER_INFO } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import { emailSettings, emailTemplates } from '../../db/schema/index.ts';

/**
 * The demo's Email Settings: the studio's sender name, reply-to, colour and footer, and a booking
 * confirmation in its own words (what to bring), so the page shows a customised template beside the
 * defaults. Running it again changes nothing.
 */
export async function seedEmailSettings(
  tx: Executor,
  company: { id: string; name: string; kind: 'company' | 'solo'; email: string | null },
): Promise<void> {
  await tx
    .insert(emailSettings)
    .values({
      companyId: company.id,
      senderName: company.name,
      replyTo: company.email,
      brandColour: company.kind === 'solo' ? '#2b8a3e' : '#5f3dc4',
      showLogo: true,
      footer: `${company.name} · 100 Peachtree St NW, Atlanta, GA 30303 · (404) 555-0100`,
      renewalNoticeDays: 3,
      expiryNoticeDays: 7,
    })
    .onConflictDoNothing();
  const confirmed = EMAIL_TRIGGER_INFO.bookingConfirmed;
  await tx
    .insert(emailTemplates)
    .values({
      companyId: company.id,
      trigger: 'bookingConfirmed',
      enabled: true,
      subject: `You're booked: {{class.name}}, {{class.start}}`,
      body: confirmed.body.replace(
        '{{booking.cancellationRule}}',
        '{{booking.cancellationRule}}\n\nBring water and a towel; mats are provided. Please arrive 10 minutes early.',
      ),
    })
    .onConflictDoNothing();
}
