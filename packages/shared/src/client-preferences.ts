import { z } from 'zod';

/**
 * Which emails a client gets (client Settings › Notifications, issue 11). Messages about money, a class
 * the studio cancels and the account itself always go; these are the optional ones. Marketing is asked
 * separately and is off until the client says yes.
 */
export const EMAIL_TOPICS = [
  'bookingConfirmations',
  'reminders',
  'waitlist',
  'packageReminders',
  'marketing',
] as const;
export type EmailTopic = (typeof EMAIL_TOPICS)[number];

export const notificationPreferencesDto = z.object({
  bookingConfirmations: z.boolean(),
  reminders: z.boolean(),
  waitlist: z.boolean(),
  /** Membership renewing soon and pack expiring soon (issue 16). */
  packageReminders: z.boolean(),
  marketing: z.boolean(),
});
export type NotificationPreferencesDto = z.infer<typeof notificationPreferencesDto>;

/** `GET|PUT /api/my/notifications`: the choices, and how long before a class the studio sends reminders. */
export const myNotificationsDto = notificationPreferencesDto.extend({
  reminderHoursBefore: z.number().int(),
  /** Topics whose every email the studio switched off (Email Settings): the client's switch does nothing now. */
  notSentByStudio: z.array(z.enum(EMAIL_TOPICS)),
});
export type MyNotificationsDto = z.infer<typeof myNotificationsDto>;

const flag = (what: string) => z.boolean({ error: `Say yes or no to ${what}` });
export const notificationPreferencesBody = z.object({
  bookingConfirmations: flag('booking confirmations'),
  reminders: flag('class reminders'),
  waitlist: flag('waitlist emails'),
  /** Optional: a body written before issue 16 keeps the saved choice. */
  packageReminders: flag('membership and pack reminders').optional(),
  marketing: flag('news and offers'),
});

export const NOTIFICATION_DEFAULTS: NotificationPreferencesDto = {
  bookingConfirmations: true,
  reminders: true,
  waitlist: true,
  packageReminders: true,
  marketing: false,
};
