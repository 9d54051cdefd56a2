/**
 * The sentences the booking emails' variables hold (`booking.payment`, `cancellation.summary`,
 * `cancellation.outcome`, `noShow.fee`): plain facts in, one sentence out. The emails' words around them
 * are the studio's templates (Settings › Email Settings) or the defaults in
 * packages/shared/src/email-triggers.ts; `booking-email.ts` gathers the facts and calls notify().
 */

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

/** `booking.payment`: "Paid with 1 credit of your 10-Class Pack (7 left)." */
export function paymentSentence(
  payment: PaymentFacts,
  noun: 'class' | 'event' | 'appointment' = 'class',
): string {
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

/** `cancellation.summary`: who cancelled which place. */
export function cancellationSummary(facts: {
  by: 'client' | 'studio';
  className: string;
  when: string;
  studioName: string;
  companyName: string;
}): string {
  return facts.by === 'client'
    ? `Your booking of ${facts.className} on ${facts.when} at ${facts.studioName} is cancelled.`
    : `${facts.companyName} has cancelled your booking of ${facts.className} on ${facts.when} at ${facts.studioName}.`;
}

/**
 * `cancellation.outcome`: what came back, or (late: the template already says the class counts as used)
 * what is spent and the fee recorded. Empty when there is nothing to say.
 */
export function outcomeSentence(
  outcome: CancellationOutcome,
  noun: 'class' | 'event' | 'appointment',
): string {
  switch (outcome.kind) {
    case 'credit-back':
      return `Your credit is back on your ${outcome.packageName} (${outcome.creditsLeft} left).`;
    case 'membership-back':
      return `The ${noun} no longer counts on your membership (${outcome.packageName}).`;
    case 'drop-in-cancelled':
      return `The drop-in (${outcome.price}) is cancelled: nothing is owed.`;
    case 'drop-in-paid':
      return `You paid ${outcome.price} for the drop-in; ask the studio about a refund.`;
    case 'nothing-to-return':
      return '';
    case 'late': {
      const used =
        outcome.used.kind === 'class-pack'
          ? [`The credit of your ${outcome.used.packageName} does not come back.`]
          : outcome.used.kind === 'membership'
            ? [`It counts on your membership (${outcome.used.packageName}).`]
            : outcome.used.kind === 'drop-in'
              ? [`The drop-in (${outcome.used.price}) is still owed.`]
              : [];
      const fee = outcome.fee
        ? outcome.fee.waived
          ? [`The studio waived the late-cancellation fee of ${outcome.fee.amount}.`]
          : [
              `A late-cancellation fee of ${outcome.fee.amount} was recorded: pay it in your account or at the studio.`,
            ]
        : [];
      return [...used, ...fee].join(' ');
    }
  }
}

/** `noShow.fee`: the no-show fee recorded, or empty when the studio charges none. */
export function noShowFeeSentence(fee: string | null): string {
  return fee ? `A no-show fee of ${fee} was recorded: pay it in your account or at the studio.` : '';
}
