/**
 * Every booking email's words, one function per trigger, each turning plain facts into a subject, a
 * text and an HTML body. Nothing here reads the database or decides whether to send: `booking-email.ts`
 * gathers the facts and asks the client's preferences. Editable templates per trigger (issue 16) replace
 * these functions one by one, with the same facts.
 */

export interface EmailMessage {
  subject: string;
  text: string;
  html: string;
}

/** What every booking email says about the class. */
export interface ClassFacts {
  className: string;
  /** "Tue, 24 Nov 2026, 18:00" on the studio's clock. */
  when: string;
  studioName: string;
  /** The studio's address on one line; null when the studio has none. */
  address: string | null;
  companyName: string;
  /** The class page in the client area (an event's date: the event's page). */
  link: string;
  /** Where it takes place when that is not the studio (an event's outside address): said instead of the studio. */
  venue?: string;
  /** An event place's signed cancel link (works without logging in). */
  cancelLink?: string;
  /** What the emails call it: an event's date is "the event" (default "the class"). */
  noun?: 'class' | 'event';
}

const nounOf = (cls: ClassFacts) => cls.noun ?? 'class';

/** How a place is paid, as the confirmation and the reminder say it. */
export type PaymentFacts =
  | { kind: 'membership'; packageName: string }
  | { kind: 'class-pack'; packageName: string; creditsLeft: number }
  | { kind: 'drop-in'; price: string; paid: boolean }
  | { kind: 'free' };

/** What cancelling gave back or cost. */
export type CancellationOutcome =
  | { kind: 'credit-back'; packageName: string; creditsLeft: number }
  | { kind: 'membership-back'; packageName: string }
  | { kind: 'drop-in-cancelled'; price: string }
  | { kind: 'drop-in-paid'; price: string }
  | { kind: 'nothing-to-return' }
  /** Cancelled after free cancellation ended: the class counts as used. */
  | { kind: 'late'; used: PaymentFacts; fee: { amount: string; waived: boolean } | null };

interface Recipient {
  name: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Greeting, paragraphs, the class link and the studio's name, as text and as HTML. */
function compose(
  subject: string,
  client: Recipient,
  cls: ClassFacts,
  paragraphs: string[],
  options: { linkLabel?: string; calendar?: boolean } = {},
): EmailMessage {
  const noun = nounOf(cls);
  const label = options.linkLabel ?? `Open the ${noun}`;
  const calendarNote = options.calendar ? [`The ${noun} is attached as a calendar file (${noun}.ics).`] : [];
  const body = [...paragraphs, ...calendarNote];
  // A place in an event (confirmation, reminder) can be cancelled from the email itself.
  const cancel = options.calendar && cls.cancelLink ? cls.cancelLink : null;
  const text = [
    `Hi ${client.name},`,
    '',
    ...body.flatMap((paragraph) => [paragraph, '']),
    `${label}: ${cls.link}`,
    ...(cancel ? ['', `Can't come? Cancel your place: ${cancel}`] : []),
    '',
    `— ${cls.companyName}`,
  ].join('\n');
  const html = [
    `<p>Hi ${escapeHtml(client.name)},</p>`,
    ...body.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p><a href="${escapeHtml(cls.link)}">${escapeHtml(label)}</a></p>`,
    ...(cancel ? [`<p><a href="${escapeHtml(cancel)}">Cancel your place</a></p>`] : []),
    `<p>— ${escapeHtml(cls.companyName)}</p>`,
  ].join('\n');
  return { subject, text, html };
}

const where = (cls: ClassFacts) =>
  cls.venue ?? (cls.address ? `${cls.studioName}, ${cls.address}` : cls.studioName);

export function paymentSentence(payment: PaymentFacts, noun: 'class' | 'event' = 'class'): string {
  switch (payment.kind) {
    case 'membership':
      return `Paid with your membership: ${payment.packageName}.`;
    case 'class-pack':
      return `Paid with 1 credit of your ${payment.packageName} (${payment.creditsLeft} left).`;
    case 'drop-in':
      return payment.paid
        ? `Drop-in: ${payment.price}, paid.`
        : `Drop-in: ${payment.price}, to pay at the studio or in your account.`;
    case 'free':
      return `This ${noun} is free.`;
  }
}

/** What every message about a place the client holds knows: who, which class, what pays, the rule. */
interface PlaceFacts {
  client: Recipient;
  cls: ClassFacts;
  payment: PaymentFacts;
  cancellationRule: string;
}

/** How the client came to be booked: by themself, by the studio's team, or by accepting a held place. */
export type BookedBy = 'client' | 'studio' | 'offer-accepted';

/** Trigger: a client is booked into a class (client area, front desk, or an offer accepted). */
export function bookingConfirmedMessage(facts: PlaceFacts & { by: BookedBy }): EmailMessage {
  const { cls } = facts;
  const opening = {
    client: `You are booked into ${cls.className} on ${cls.when}.`,
    studio: `${cls.companyName} has booked you into ${cls.className} on ${cls.when}.`,
    'offer-accepted': `You accepted the place held for you: you are booked into ${cls.className} on ${cls.when}.`,
  }[facts.by];
  return compose(
    `Booked: ${cls.className}, ${cls.when}`,
    facts.client,
    cls,
    [
      opening,
      `Where: ${where(cls)}.`,
      paymentSentence(facts.payment, nounOf(facts.cls)),
      facts.cancellationRule,
    ],
    { calendar: true },
  );
}

/** Trigger: a place opened and the first on the waitlist was booked into it (`auto` waitlist). */
export function waitlistPromotedMessage(facts: PlaceFacts): EmailMessage {
  const { cls } = facts;
  return compose(
    `You're in: ${cls.className}, ${cls.when}`,
    facts.client,
    cls,
    [
      `A place opened up and it is yours: you are booked into ${cls.className} on ${cls.when} at ${cls.studioName}.`,
      ...(cls.address ? [`Where: ${where(cls)}.`] : []),
      paymentSentence(facts.payment, nounOf(facts.cls)),
      facts.cancellationRule,
    ],
    { calendar: true },
  );
}

/** Trigger: a place opened and is held for the first on the waitlist (`offer` waitlist). */
export function placeOfferedMessage(facts: {
  client: Recipient;
  cls: ClassFacts;
  heldUntil: string;
}): EmailMessage {
  const { cls } = facts;
  return compose(`A place is held for you: ${cls.className}, ${cls.when}`, facts.client, cls, [
    `A place opened up in ${cls.className} on ${cls.when} at ${cls.studioName}, and it is held for you until ${facts.heldUntil}.`,
    `Open the ${nounOf(cls)} to accept it (or decline, so the next person gets it). If you do nothing, it goes to the next person on the waitlist.`,
  ]);
}

/** Trigger: a held place was not accepted in time. */
export function offerExpiredMessage(facts: { client: Recipient; cls: ClassFacts }): EmailMessage {
  const { cls } = facts;
  return compose(`Your held place has gone: ${cls.className}, ${cls.when}`, facts.client, cls, [
    `The place held for you in ${cls.className} on ${cls.when} was not accepted in time, so it went to the next person.`,
  ]);
}

/** Trigger: the studio cancelled a class the client was booked into (or waiting for). */
export function classCancelledByStudioMessage(facts: { client: Recipient; cls: ClassFacts }): EmailMessage {
  const { cls } = facts;
  return compose(`Cancelled by the studio: ${cls.className}, ${cls.when}`, facts.client, cls, [
    `${cls.className} on ${cls.when} at ${cls.studioName} has been cancelled by the studio. Your booking has ended; nothing is charged.`,
  ]);
}

function outcomeSentences(
  outcome: CancellationOutcome,
  lateSince: string,
  noun: 'class' | 'event',
): string[] {
  switch (outcome.kind) {
    case 'credit-back':
      return [`Your credit is back on your ${outcome.packageName} (${outcome.creditsLeft} left).`];
    case 'membership-back':
      return [`The ${noun} no longer counts on your membership (${outcome.packageName}).`];
    case 'drop-in-cancelled':
      return [`The drop-in (${outcome.price}) is cancelled: nothing is owed.`];
    case 'drop-in-paid':
      return [`You paid ${outcome.price} for the drop-in; ask the studio about a refund.`];
    case 'nothing-to-return':
      return [];
    case 'late': {
      const used =
        outcome.used.kind === 'class-pack'
          ? `the credit of your ${outcome.used.packageName} does not come back`
          : outcome.used.kind === 'membership'
            ? `it counts on your membership (${outcome.used.packageName})`
            : outcome.used.kind === 'drop-in'
              ? `the drop-in (${outcome.used.price}) is still owed`
              : 'it counts as used';
      const fee = outcome.fee
        ? outcome.fee.waived
          ? [`The studio waived the late-cancellation fee of ${outcome.fee.amount}.`]
          : [
              `A late-cancellation fee of ${outcome.fee.amount} was recorded: pay it in your account or at the studio.`,
            ]
        : [];
      return [`Free cancellation ended ${lateSince}, so the class counts as used: ${used}.`, ...fee];
    }
  }
}

/** Trigger: a booked (or held) place was cancelled, by the client or by the studio's team. */
export function bookingCancelledMessage(facts: {
  client: Recipient;
  cls: ClassFacts;
  by: 'client' | 'studio';
  outcome: CancellationOutcome;
  /** When free cancellation ended, for a late cancellation. */
  freeCancellationEnded: string;
}): EmailMessage {
  const { cls } = facts;
  const late = facts.outcome.kind === 'late';
  const opening =
    facts.by === 'client'
      ? `Your booking of ${cls.className} on ${cls.when} at ${cls.studioName} is cancelled.`
      : `${cls.companyName} has cancelled your booking of ${cls.className} on ${cls.when} at ${cls.studioName}.`;
  return compose(
    `${late ? 'Cancelled late' : 'Cancelled'}: ${cls.className}, ${cls.when}`,
    facts.client,
    cls,
    [opening, ...outcomeSentences(facts.outcome, facts.freeCancellationEnded, nounOf(facts.cls))],
  );
}

/** Trigger: the class starts within the company's reminder time (the reminder job). */
export function classReminderMessage(facts: PlaceFacts): EmailMessage {
  const { cls } = facts;
  return compose(
    `Reminder: ${cls.className}, ${cls.when}`,
    facts.client,
    cls,
    [
      `A reminder: you are booked into ${cls.className} on ${cls.when}.`,
      `Where: ${where(cls)}.`,
      paymentSentence(facts.payment, nounOf(facts.cls)),
      `Can't come? ${facts.cancellationRule}`,
    ],
    { calendar: true },
  );
}
