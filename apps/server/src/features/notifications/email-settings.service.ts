import {
  EMAIL_TRIGGERS,
  EMAIL_TRIGGER_INFO,
  EMAIL_VARIABLE_GROUPS,
  REMINDER_HOURS_DEFAULT,
  checkTemplate,
  escapeHtml,
  normaliseNewlines,
  sampleVariables,
  type EmailPreviewDto,
  type EmailSettingsDto,
  type EmailSettingsValues,
  type EmailTemplateDto,
  type EmailTrigger,
  type EmailVariables,
  type TemplateProblem,
} from '@kinetic/shared';
import { withPlatform, withTenant, type Database, type Executor } from '../../db/client.ts';
import { queueEmail } from '../../jobs/email-outbox.ts';
import type { Jobs } from '../../jobs/runner.ts';
import { fromAddressOf } from '../../jobs/mailer.ts';
import type { Actor } from '../../plugins/auth.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { consumeLimit } from '../../plugins/rate-limit.ts';
import { findUser } from '../accounts/accounts.repo.ts';
import { findSessionSettings } from '../session-settings/session-settings.repo.ts';
import { uploadUrl } from '../uploads/uploads.storage.ts';
import {
  composeEmail,
  emailLookOf,
  senderOf,
  templateFromRow,
  templateOf,
  withStandardVariables,
  type CompanyEmailLook,
} from './notify.ts';
import {
  clearTemplateWords,
  findTemplateRows,
  upsertEmailSettings,
  upsertTemplate,
} from './email-settings.repo.ts';

/**
 * Settings › Email Settings (issue 16): the studio's sender, look and footer, and each trigger's switch
 * and words. Templates are checked here, when saved, so that sending never meets a broken one; the
 * preview and the test email render exactly what `notify()` would, with sample facts.
 */

/** A test email per person per minute at most this many (a held-down button, a script). */
export const TESTS_PER_MINUTE = 10;

function toTemplateDtos(rows: Awaited<ReturnType<typeof findTemplateRows>>): EmailTemplateDto[] {
  const byTrigger = new Map(rows.map((row) => [row.trigger, row]));
  return EMAIL_TRIGGERS.map((trigger) => ({ trigger, ...templateFromRow(trigger, byTrigger.get(trigger)) }));
}

async function settingsDto(tx: Executor, companyId: string, mailFrom: string): Promise<EmailSettingsDto> {
  const look = await emailLookOf(tx, companyId);
  const session = await findSessionSettings(tx, companyId);
  return {
    senderName: look.senderName,
    replyTo: look.replyTo,
    brandColour: look.brandColour,
    showLogo: look.showLogo,
    footer: look.footer,
    renewalNoticeDays: look.renewalNoticeDays,
    expiryNoticeDays: look.expiryNoticeDays,
    fromAddress: fromAddressOf(mailFrom),
    companyName: look.companyName,
    companyEmail: look.companyEmail,
    logoUrl: look.logo ? uploadUrl(look.logo) : null,
    reminderHoursBefore: session?.reminderHoursBefore ?? REMINDER_HOURS_DEFAULT,
    templates: toTemplateDtos(await findTemplateRows(tx, companyId)),
  };
}

export function getEmailSettings(db: Database, actor: Actor, mailFrom: string): Promise<EmailSettingsDto> {
  return withTenant(db, actor.companyId, (tx) => settingsDto(tx, actor.companyId, mailFrom));
}

export function saveEmailSettings(
  db: Database,
  actor: Actor,
  values: EmailSettingsValues,
  mailFrom: string,
): Promise<EmailSettingsDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    await upsertEmailSettings(tx, actor.companyId, values);
    return settingsDto(tx, actor.companyId, mailFrom);
  });
}

/** The problem as the field says it: the body's line is named ("Line 3: …"); a subject is one line. */
const problemText = (problem: TemplateProblem) =>
  problem.field === 'body' ? `Line ${problem.line}: ${problem.message}` : problem.message;

/** 400 naming each field with a problem and its line, or nothing when the words are fine. */
export function assertTemplateUsable(trigger: EmailTrigger, subject: string, body: string): void {
  const problems = checkTemplate(trigger, subject, body);
  const [first] = problems;
  if (!first) return;
  const errors = Object.fromEntries(problems.map((problem) => [problem.field, problemText(problem)]));
  throw badRequest(
    first.field === 'body'
      ? `The message has a mistake on line ${first.line}: ${first.message}`
      : `The subject has a mistake: ${first.message}`,
    errors,
  );
}

async function templateDto(
  tx: Executor,
  companyId: string,
  trigger: EmailTrigger,
): Promise<EmailTemplateDto> {
  const template = await templateOf(tx, companyId, trigger);
  return { trigger, ...template };
}

/**
 * Saves a trigger's switch and words. Words identical to the defaults are stored as "the defaults"
 * (null), so the email stays "not customised" and follows improved defaults later.
 */
export function saveTemplate(
  db: Database,
  actor: Actor,
  trigger: EmailTrigger,
  values: { enabled: boolean; subject: string; body: string },
): Promise<EmailTemplateDto> {
  const subject = values.subject.trim();
  const body = normaliseNewlines(values.body).replace(/\s+$/, '');
  assertTemplateUsable(trigger, subject, body);
  const defaults = EMAIL_TRIGGER_INFO[trigger];
  const same = subject === defaults.subject && body === defaults.body;
  return withTenant(db, actor.companyId, async (tx) => {
    await upsertTemplate(tx, actor.companyId, trigger, {
      enabled: values.enabled,
      subject: same ? null : subject,
      body: same ? null : body,
      updatedBy: actor.userId,
    });
    return templateDto(tx, actor.companyId, trigger);
  });
}

/** The default words back; the on/off choice stays as it was. */
export function resetTemplate(db: Database, actor: Actor, trigger: EmailTrigger): Promise<EmailTemplateDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    await clearTemplateWords(tx, actor.companyId, trigger, actor.userId);
    return templateDto(tx, actor.companyId, trigger);
  });
}

/** A sample client (or staff member) of the trigger, for previews and tests. */
function sampleRecipient(trigger: EmailTrigger) {
  const group = EMAIL_TRIGGER_INFO[trigger].audience === 'staff' ? 'person' : 'client';
  const [, name] = EMAIL_VARIABLE_GROUPS[group].name;
  const [, email] = EMAIL_VARIABLE_GROUPS[group].email;
  return { name, email };
}

/**
 * The sample facts of a trigger with the company's own name, email and phone (the preview shows the
 * studio's real signature; only the client and the class are made up).
 */
export function previewVariables(trigger: EmailTrigger, look: CompanyEmailLook): EmailVariables {
  return {
    ...sampleVariables(trigger),
    ...withStandardVariables(trigger, look, sampleRecipient(trigger), {}),
  };
}

function renderSample(
  trigger: EmailTrigger,
  words: { subject: string; body: string },
  look: CompanyEmailLook,
  publicUrl: string,
) {
  return composeEmail(trigger, words, look, previewVariables(trigger, look), publicUrl);
}

/** What the words being edited look like, with sample facts, in the studio's layout. */
export function previewEmail(
  db: Database,
  actor: Actor,
  input: { trigger: EmailTrigger; subject: string; body: string },
  publicUrl: string,
): Promise<EmailPreviewDto> {
  assertTemplateUsable(input.trigger, input.subject, input.body);
  return withTenant(db, actor.companyId, async (tx) => {
    const look = await emailLookOf(tx, actor.companyId);
    const message = renderSample(input.trigger, input, look, publicUrl);
    // The page shows the HTML in a frame of its own origin: the logo by its path, whatever PUBLIC_URL says.
    const html = look.logo
      ? message.html.replace(
          `src="${escapeHtml(`${publicUrl}${uploadUrl(look.logo)}`)}"`,
          `src="${escapeHtml(uploadUrl(look.logo))}"`,
        )
      : message.html;
    return { subject: message.subject, text: message.text, html };
  });
}

/**
 * Queues one email of the trigger, with sample facts and "[Test] " before its subject, to the signed-in
 * person's own address, through the outbox, and hands it to the worker. Answers the sentence to show.
 */
export async function sendTestEmail(
  deps: { db: Database; jobs?: Jobs; publicUrl: string; log: (error: unknown) => void },
  actor: Actor,
  trigger: EmailTrigger,
  words: { subject?: string | undefined; body?: string | undefined },
): Promise<{ message: string; to: string }> {
  await withPlatform(deps.db, (tx) =>
    consumeLimit(tx, {
      key: `email-test:${actor.companyId}:${actor.userId}`,
      limit: TESTS_PER_MINUTE,
      windowSeconds: 60,
      message: `You sent ${TESTS_PER_MINUTE} test emails in the last minute. Wait a minute, then try again.`,
    }),
  );
  const { id, to } = await withTenant(deps.db, actor.companyId, async (tx) => {
    const me = await findUser(tx, actor.companyId, actor.userId);
    if (!me) throw notFound('We could not find your account.');
    const saved = await templateOf(tx, actor.companyId, trigger);
    const subject = words.subject ?? saved.subject;
    const body = words.body ?? saved.body;
    assertTemplateUsable(trigger, subject, body);
    const look = await emailLookOf(tx, actor.companyId);
    const message = renderSample(trigger, { subject, body }, look, deps.publicUrl);
    const outboxId = await queueEmail(tx, {
      companyId: actor.companyId,
      to: me.email,
      subject: `[Test] ${message.subject}`,
      text: message.text,
      html: message.html,
      ...senderOf(look),
    });
    return { id: outboxId, to: me.email };
  });
  deps.jobs?.deliverEmail(id).catch(deps.log);
  return { message: `Test sent to ${to}. It uses sample details; check your inbox in a minute.`, to };
}
