/**
 * Every email a studio sends (Settings › Email Settings, spec `email`; issue 16): the triggers, the
 * named variables each may use (with the sample values the preview shows) and the default words. The
 * template language and its renderer are in `email-templates.ts`.
 */

/** The variables of one kind of fact, each with what the page says it is and a sample value. */
export const EMAIL_VARIABLE_GROUPS = {
  client: {
    firstName: ['Their first name', 'Maya'],
    lastName: ['Their last name', 'Okafor'],
    name: ['Their full name', 'Maya Okafor'],
    email: ['Their email address', 'maya@example.com'],
  },
  person: {
    firstName: ['Their first name', 'Jordan'],
    name: ['Their full name', 'Jordan Lee'],
    email: ['Their email address', 'jordan@example.com'],
  },
  company: {
    name: ['Your business name', 'Northside Yoga'],
    email: ['Your contact email', 'hello@northside.example'],
    phone: ['Your phone number', '+1 404 555 0100'],
  },
  class: {
    name: ['The class (or event) name', 'Vinyasa Flow'],
    noun: ['“class”, “event” or “appointment”', 'class'],
    start: ['Day, date and time it starts, on the studio’s clock', 'Tue, 24 Nov 2026, 18:00'],
    date: ['The day and date', 'Tue, 24 Nov 2026'],
    time: ['The start time', '18:00'],
    end: ['The end time', '19:00'],
    studio: ['The studio', 'Midtown Studio'],
    where: ['The studio and its address (or an event’s venue)', 'Midtown Studio, 12 Peachtree St, Atlanta'],
    instructor: ['Who teaches it', 'Indira Rao'],
    link: [
      'The class page in the client area',
      'https://kinetic.example/northside/client/app/classes/details/1',
    ],
  },
  booking: {
    payment: ['How the place is paid', 'Paid with 1 credit of your 10-Class Pack (7 left).'],
    cancellationRule: ['Until when cancelling is free', 'Cancel free until Tue, 24 Nov 2026, 06:00.'],
    cancelLink: ['An event place’s cancel link (works without logging in; empty for classes)', ''],
  },
  waitlist: {
    position: ['Their place on the waitlist', '3'],
  },
  offer: {
    expires: ['When the held place goes to the next person', 'Tue, 24 Nov 2026, 14:30'],
    acceptLink: [
      'Accepts the place (works once, without logging in)',
      'https://kinetic.example/offer/accept',
    ],
    declineLink: ['Declines it for the next person (works once)', 'https://kinetic.example/offer/decline'],
  },
  cancellation: {
    summary: [
      'Who cancelled what',
      'Your booking of Vinyasa Flow on Tue, 24 Nov 2026, 18:00 at Midtown Studio is cancelled.',
    ],
    outcome: ['What came back or what it cost', 'Your credit is back on your 10-Class Pack (8 left).'],
    freeUntil: ['When free cancellation ended', 'Tue, 24 Nov 2026, 06:00'],
  },
  cancelled: {
    reason: ['The reason the studio gave (empty when none)', 'The instructor is ill; we are sorry.'],
  },
  change: {
    summary: ['What changed', 'The time changed from Tue, 24 Nov 2026, 18:00 to Tue, 24 Nov 2026, 19:00.'],
  },
  noShow: {
    fee: [
      'The no-show fee recorded (empty when none)',
      'A no-show fee of $10.00 was recorded: pay it in your account or at the studio.',
    ],
  },
  order: {
    number: ['The order number', '1042'],
    date: ['When it was paid', 'Tue, 24 Nov 2026'],
    lines: ['What was bought, one line each', '10-Class Pack × 1: $150.00'],
    total: ['The order total', '$150.00'],
    paid: ['Paid so far', '$150.00'],
    balance: ['Still owed (empty when nothing is)', ''],
    link: ['The client’s account page', 'https://kinetic.example/northside/client/app/settings/packages'],
  },
  refund: {
    amount: ['The amount refunded', '$40.00'],
    reason: ['Why, as the team wrote it', 'Class cancelled'],
  },
  package: {
    name: ['The membership or pack', 'Unlimited Monthly'],
    date: ['When it renews or expires', 'Mon, 30 Nov 2026'],
    price: ['The renewal price', '$120.00'],
    creditsLeft: ['Credits left on a pack', '3'],
    link: ['The client’s packages page', 'https://kinetic.example/northside/client/app/settings/packages'],
  },
  renewal: {
    problem: ['Why the payment failed', 'the card was declined'],
    next: [
      'What happens next',
      'We will try again tomorrow. To avoid a pause, update your card or pay at the studio.',
    ],
  },
  invitation: {
    invitedBy: ['Who sent the invitation', 'Sam Rivera'],
    role: ['The role they are invited as', 'an instructor'],
    link: [
      'Sets their password (single use)',
      'https://kinetic.example/northside/staff/app/resetPassword/token',
    ],
    loginLink: ['Where they log in afterwards', 'https://kinetic.example/login'],
  },
  account: {
    link: ['The client area', 'https://kinetic.example/northside/client/app'],
  },
} as const satisfies Record<string, Record<string, readonly [string, string]>>;

export type EmailVariableGroup = keyof typeof EMAIL_VARIABLE_GROUPS;
/** Values for a render: `{ 'class.name': 'Vinyasa Flow', … }`; a missing one renders empty. */
export type EmailVariables = Partial<Record<string, string>>;

/** A client's optional email topics (client Settings › Notifications); null = always sent. */
export type EmailTriggerTopic = 'bookingConfirmations' | 'reminders' | 'waitlist' | 'packageReminders';

export interface EmailTriggerInfo {
  label: string;
  /** When it is sent, as the settings page says it. */
  when: string;
  section: 'Bookings' | 'Waitlist' | 'Classes' | 'Payments' | 'Memberships and packs' | 'Accounts';
  /** The client's switch that may turn it off; null when it always goes (money, changes, accounts). */
  topic: EmailTriggerTopic | null;
  /** Who receives it: clients get the "choose your emails" footer, staff do not. */
  audience: 'client' | 'staff';
  groups: readonly EmailVariableGroup[];
  subject: string;
  body: string;
}

const CLIENT = ['client', 'company'] as const;

/** Each trigger, in the order the settings page lists them. */
export const EMAIL_TRIGGER_INFO = {
  bookingConfirmed: {
    label: 'Booking confirmed',
    when: 'A client books (or is booked by the team), with the class attached as a calendar file',
    section: 'Bookings',
    topic: 'bookingConfirmations',
    audience: 'client',
    groups: [...CLIENT, 'class', 'booking'],
    subject: 'Booked: {{class.name}}, {{class.start}}',
    body: `Hi {{client.firstName}},

You are booked into {{class.name}} on {{class.start}}.

Where: {{class.where}}.

{{booking.payment}}

{{booking.cancellationRule}}

[Open the {{class.noun}}]({{class.link}})
{{#if booking.cancelLink}}

[Can’t come? Cancel your place]({{booking.cancelLink}})
{{/if}}

— {{company.name}}`,
  },
  bookingCancelled: {
    label: 'Booking cancelled',
    when: 'A place is cancelled in time, by the client or by the team',
    section: 'Bookings',
    topic: 'bookingConfirmations',
    audience: 'client',
    groups: [...CLIENT, 'class', 'cancellation'],
    subject: 'Cancelled: {{class.name}}, {{class.start}}',
    body: `Hi {{client.firstName}},

{{cancellation.summary}}

{{cancellation.outcome}}

[Open the {{class.noun}}]({{class.link}})

— {{company.name}}`,
  },
  lateCancellation: {
    label: 'Late cancellation',
    when: 'A place is cancelled after free cancellation ended (always sent when a fee is owed)',
    section: 'Bookings',
    topic: 'bookingConfirmations',
    audience: 'client',
    groups: [...CLIENT, 'class', 'cancellation'],
    subject: 'Cancelled late: {{class.name}}, {{class.start}}',
    body: `Hi {{client.firstName}},

{{cancellation.summary}}

Free cancellation ended {{cancellation.freeUntil}}, so the {{class.noun}} counts as used. {{cancellation.outcome}}

[Open the {{class.noun}}]({{class.link}})

— {{company.name}}`,
  },
  noShow: {
    label: 'No-show recorded',
    when: 'The team marks a booked client as not having come',
    section: 'Bookings',
    topic: null,
    audience: 'client',
    groups: [...CLIENT, 'class', 'noShow'],
    subject: 'We missed you: {{class.name}}, {{class.start}}',
    body: `Hi {{client.firstName}},

You were booked into {{class.name}} on {{class.start}} but were not checked in, so the {{class.noun}} counts as used.

{{noShow.fee}}

If this is a mistake, reply to this email and we will correct it.

— {{company.name}}`,
  },
  waitlistJoined: {
    label: 'Waitlist joined',
    when: 'A client joins a full class’s waitlist',
    section: 'Waitlist',
    topic: 'waitlist',
    audience: 'client',
    groups: [...CLIENT, 'class', 'waitlist'],
    subject: 'On the waitlist: {{class.name}}, {{class.start}}',
    body: `Hi {{client.firstName}},

{{class.name}} on {{class.start}} is full, so you are on the waitlist: number {{waitlist.position}}.

We will email you as soon as a place opens up. Nothing is charged unless you get a place.

[Open the {{class.noun}}]({{class.link}})

— {{company.name}}`,
  },
  waitlistOffer: {
    label: 'Place offered',
    when: 'A place opens and is held for the first on the waitlist, with accept and decline links',
    section: 'Waitlist',
    topic: 'waitlist',
    audience: 'client',
    groups: [...CLIENT, 'class', 'offer'],
    subject: 'A place is held for you: {{class.name}}, {{class.start}}',
    body: `Hi {{client.firstName}},

A place opened up in {{class.name}} on {{class.start}} at {{class.studio}}, and it is held for you until {{offer.expires}}.

[Accept the place]({{offer.acceptLink}})

[Decline it, so the next person gets it]({{offer.declineLink}})

If you do nothing, it goes to the next person on the waitlist.

— {{company.name}}`,
  },
  waitlistPromoted: {
    label: 'Booked from the waitlist',
    when: 'A place opens and the first on the waitlist is booked into it (automatic waitlists)',
    section: 'Waitlist',
    topic: 'waitlist',
    audience: 'client',
    groups: [...CLIENT, 'class', 'booking'],
    subject: 'You’re in: {{class.name}}, {{class.start}}',
    body: `Hi {{client.firstName}},

A place opened up and it is yours: you are booked into {{class.name}} on {{class.start}}.

Where: {{class.where}}.

{{booking.payment}}

{{booking.cancellationRule}}

[Open the {{class.noun}}]({{class.link}})

— {{company.name}}`,
  },
  offerExpired: {
    label: 'Held place expired',
    when: 'A held place was not accepted in time',
    section: 'Waitlist',
    topic: 'waitlist',
    audience: 'client',
    groups: [...CLIENT, 'class'],
    subject: 'Your held place has gone: {{class.name}}, {{class.start}}',
    body: `Hi {{client.firstName}},

The place held for you in {{class.name}} on {{class.start}} was not accepted in time, so it went to the next person.

[Open the {{class.noun}}]({{class.link}})

— {{company.name}}`,
  },
  classReminder: {
    label: 'Class reminder',
    when: 'Before each booked class, as long before as Sessions Settings says (sent once)',
    section: 'Classes',
    topic: 'reminders',
    audience: 'client',
    groups: [...CLIENT, 'class', 'booking'],
    subject: 'Reminder: {{class.name}}, {{class.start}}',
    body: `Hi {{client.firstName}},

A reminder: you are booked into {{class.name}} on {{class.start}}.

Where: {{class.where}}.

{{booking.payment}}

Can’t come? {{booking.cancellationRule}}

[Open the {{class.noun}}]({{class.link}})

— {{company.name}}`,
  },
  classChanged: {
    label: 'Class changed',
    when: 'The time, studio, room or instructor of a booked class changes',
    section: 'Classes',
    topic: null,
    audience: 'client',
    groups: [...CLIENT, 'class', 'change'],
    subject: 'Changed: {{class.name}}, {{class.start}}',
    body: `Hi {{client.firstName}},

{{class.name}}, which you are booked into, has changed. {{change.summary}}

It is now on {{class.start}} at {{class.where}}{{#if class.instructor}}, with {{class.instructor}}{{/if}}.

Your place is kept. If this change does not suit you, you can cancel it from the {{class.noun}} page.

[Open the {{class.noun}}]({{class.link}})

— {{company.name}}`,
  },
  classCancelled: {
    label: 'Class cancelled by the studio',
    when: 'The studio cancels a class a client is booked into or waiting for',
    section: 'Classes',
    topic: null,
    audience: 'client',
    groups: [...CLIENT, 'class', 'cancelled'],
    subject: 'Cancelled by the studio: {{class.name}}, {{class.start}}',
    body: `Hi {{client.firstName}},

{{class.name}} on {{class.start}} at {{class.studio}} has been cancelled by the studio. Your booking has ended; nothing is charged, and any credit is back on your account.
{{#if cancelled.reason}}

The studio says: {{cancelled.reason}}
{{/if}}

— {{company.name}}`,
  },
  purchaseReceipt: {
    label: 'Payment receipt',
    when: 'A client pays for an order (online, at the desk, or a balance), or orders to pay at the studio',
    section: 'Payments',
    topic: null,
    audience: 'client',
    groups: [...CLIENT, 'order'],
    subject: 'Receipt: order #{{order.number}} from {{company.name}}',
    body: `Hi {{client.firstName}},

Thank you! Here is your receipt for order #{{order.number}} of {{order.date}}.

{{order.lines}}

Total: {{order.total}}
Paid: {{order.paid}}
{{#if order.balance}}
Still to pay: {{order.balance}}
{{/if}}

[See your account]({{order.link}})

— {{company.name}}`,
  },
  refund: {
    label: 'Refund',
    when: 'The team refunds all or part of an order',
    section: 'Payments',
    topic: null,
    audience: 'client',
    groups: [...CLIENT, 'order', 'refund'],
    subject: 'Refund of {{refund.amount}}: order #{{order.number}}',
    body: `Hi {{client.firstName}},

We refunded {{refund.amount}} on order #{{order.number}}.{{#if refund.reason}} Reason: {{refund.reason}}.{{/if}}

Total: {{order.total}}
Paid after refunds: {{order.paid}}

[See your account]({{order.link}})

— {{company.name}}`,
  },
  membershipRenewingSoon: {
    label: 'Membership renewing soon',
    when: 'A few days before a membership renews (days set on this page)',
    section: 'Memberships and packs',
    topic: 'packageReminders',
    audience: 'client',
    groups: [...CLIENT, 'package'],
    subject: 'Your {{package.name}} renews on {{package.date}}',
    body: `Hi {{client.firstName}},

Your {{package.name}} renews on {{package.date}} for {{package.price}}.

Nothing to do if you want to carry on. To change or pause it, contact us before then.

[See your packages]({{package.link}})

— {{company.name}}`,
  },
  membershipRenewed: {
    label: 'Membership renewed',
    when: 'A membership renews for its next period',
    section: 'Memberships and packs',
    topic: null,
    audience: 'client',
    groups: [...CLIENT, 'package', 'order'],
    subject: 'Renewed: {{package.name}} (order #{{order.number}})',
    body: `Hi {{client.firstName}},

Your {{package.name}} is renewed: {{order.lines}}

Total: {{order.total}}
{{#if order.balance}}
{{order.balance}} is due; pay at the studio on your next visit.
{{/if}}

[See your packages]({{package.link}})

— {{company.name}}`,
  },
  renewalFailed: {
    label: 'Renewal failed',
    when: 'A membership’s renewal payment fails',
    section: 'Memberships and packs',
    topic: null,
    audience: 'client',
    groups: [...CLIENT, 'package', 'renewal'],
    subject: 'We could not renew your {{package.name}}',
    body: `Hi {{client.firstName}},

We tried to charge {{package.price}} to renew your {{package.name}}, but {{renewal.problem}}.

{{renewal.next}}

[See your packages]({{package.link}})

— {{company.name}}`,
  },
  packExpiringSoon: {
    label: 'Pack expiring soon',
    when: 'A few days before a class pack with credits left expires (days set on this page)',
    section: 'Memberships and packs',
    topic: 'packageReminders',
    audience: 'client',
    groups: [...CLIENT, 'package'],
    subject: 'Your {{package.name}} expires on {{package.date}}',
    body: `Hi {{client.firstName}},

Your {{package.name}} expires on {{package.date}} with {{package.creditsLeft}} credits left. Book a class before then so they are not lost.

[Book a class]({{package.link}})

— {{company.name}}`,
  },
  welcome: {
    label: 'Welcome',
    when: 'A client creates an account',
    section: 'Accounts',
    topic: null,
    audience: 'client',
    groups: [...CLIENT, 'account'],
    subject: 'Welcome to {{company.name}}',
    body: `Hi {{client.firstName}},

Welcome to {{company.name}}! Your account is ready: book classes, buy packages and manage your bookings any time.

[Open your account]({{account.link}})

See you in class,
{{company.name}}`,
  },
  staffInvitation: {
    label: 'Staff invitation',
    when: 'An owner or admin invites someone to the team (Staff Members, Instructors)',
    section: 'Accounts',
    topic: null,
    audience: 'staff',
    groups: ['person', 'company', 'invitation'],
    subject: '{{invitation.invitedBy}} invited you to {{company.name}} on Kinetic',
    body: `Hi {{person.firstName}},

{{invitation.invitedBy}} added you as {{invitation.role}} at {{company.name}} and invited you to log in to its Kinetic schedule.

[Choose your password]({{invitation.link}})

The link works once. If it has expired, ask {{invitation.invitedBy}} to send the invitation again. Afterwards you log in at {{invitation.loginLink}} with this email address.

If you did not expect this, ignore this email: no login is usable without that link.

— {{company.name}}`,
  },
} as const satisfies Record<string, EmailTriggerInfo>;

export type EmailTrigger = keyof typeof EMAIL_TRIGGER_INFO;
export const EMAIL_TRIGGERS = Object.keys(EMAIL_TRIGGER_INFO) as EmailTrigger[];

export const triggerInfo = (trigger: EmailTrigger): EmailTriggerInfo => EMAIL_TRIGGER_INFO[trigger];

/** The names a trigger's templates may use: `client.firstName`, `class.start`, … */
export function variablesOf(trigger: EmailTrigger): string[] {
  return triggerInfo(trigger).groups.flatMap((group) =>
    Object.keys(EMAIL_VARIABLE_GROUPS[group]).map((name) => `${group}.${name}`),
  );
}

/** The preview's values: every variable of the trigger with its sample. */
export function sampleVariables(trigger: EmailTrigger): EmailVariables {
  const values: EmailVariables = {};
  for (const group of triggerInfo(trigger).groups)
    for (const [name, [, sample]] of Object.entries(
      EMAIL_VARIABLE_GROUPS[group] as Record<string, readonly [string, string]>,
    ))
      values[`${group}.${name}`] = sample;
  return values;
}

/** What the page says about a variable. */
export function describeVariable(name: string): string | undefined {
  const [group, key] = name.split('.') as [EmailVariableGroup, string];
  const entry = (EMAIL_VARIABLE_GROUPS[group] as Record<string, readonly [string, string]> | undefined)?.[
    key
  ];
  return entry?.[0];
}
