import { and, eq } from 'drizzle-orm';
import {
  EMAIL_SETTINGS_DEFAULTS,
  EMAIL_TRIGGER_INFO,
  checkTemplate,
  renderTemplate,
  wrapInLayout,
  type EmailTrigger,
  type EmailVariables,
} from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import { companies, emailSettings, emailTemplates } from '../../db/schema/index.ts';
import { queueEmail, type EmailAttachment } from '../../jobs/email-outbox.ts';
import { wantsEmail } from '../client-preferences/client-preferences.service.ts';
import { uploadUrl } from '../uploads/uploads.storage.ts';

/**
 * The one way a studio's email is written (issue 16): the studio's switch for the trigger, the client's
 * switch for its topic, the studio's words (or the defaults) filled with the named variables, the
 * studio's layout and sender, then the outbox in the caller's transaction — so the email goes exactly
 * when the change that caused it commits, and never without it.
 */

export interface NoticeRecipient {
  /** The client's (or staff member's) user id: their email choices are read by it. Null: nobody's account. */
  id: string | null;
  name: string;
  email: string;
}

export interface Notice {
  trigger: EmailTrigger;
  to: NoticeRecipient;
  /** The trigger's facts (`class.name`, …); `client.*`/`person.*` and `company.*` are filled in here. */
  variables: EmailVariables;
  attachments?: EmailAttachment[];
  /** Sent even when the client turned the topic off (a fee they now owe must be told). */
  ignoreClientChoice?: boolean;
}

/** What the layout and sender of one company's emails come from (read once per transaction). */
export interface CompanyEmailLook {
  companyId: string;
  companyName: string;
  companyEmail: string | null;
  companyPhone: string | null;
  slug: string;
  kind: 'company' | 'solo';
  logo: string | null;
  senderName: string | null;
  replyTo: string | null;
  brandColour: string;
  showLogo: boolean;
  footer: string;
  renewalNoticeDays: number;
  expiryNoticeDays: number;
}

export async function emailLookOf(tx: Executor, companyId: string): Promise<CompanyEmailLook> {
  const [row] = await tx
    .select({ company: companies, settings: emailSettings })
    .from(companies)
    .leftJoin(emailSettings, eq(emailSettings.companyId, companies.id))
    .where(eq(companies.id, companyId));
  if (!row) throw new Error(`No company ${companyId}`);
  const { company, settings } = row;
  return {
    companyId,
    companyName: company.name,
    companyEmail: company.email,
    companyPhone: company.phone,
    slug: company.slug,
    kind: company.kind,
    logo: company.logo,
    senderName: settings?.senderName ?? null,
    replyTo: settings?.replyTo ?? null,
    brandColour: settings?.brandColour ?? EMAIL_SETTINGS_DEFAULTS.brandColour,
    showLogo: settings?.showLogo ?? EMAIL_SETTINGS_DEFAULTS.showLogo,
    footer: settings?.footer ?? EMAIL_SETTINGS_DEFAULTS.footer,
    renewalNoticeDays: settings?.renewalNoticeDays ?? EMAIL_SETTINGS_DEFAULTS.renewalNoticeDays,
    expiryNoticeDays: settings?.expiryNoticeDays ?? EMAIL_SETTINGS_DEFAULTS.expiryNoticeDays,
  };
}

export interface TriggerTemplate {
  enabled: boolean;
  subject: string;
  body: string;
  customised: boolean;
}

/** The studio's choice and words for a trigger: the saved row, or on with the defaults. */
export async function templateOf(
  tx: Executor,
  companyId: string,
  trigger: EmailTrigger,
): Promise<TriggerTemplate> {
  const [row] = await tx
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.companyId, companyId), eq(emailTemplates.trigger, trigger)));
  return templateFromRow(trigger, row);
}

/** A saved row as the trigger's choice and words: no row = on; null words = the defaults. */
export function templateFromRow(
  trigger: EmailTrigger,
  row: Pick<typeof emailTemplates.$inferSelect, 'enabled' | 'subject' | 'body'> | undefined,
): TriggerTemplate {
  const defaults = EMAIL_TRIGGER_INFO[trigger];
  const customised = row?.subject != null && row.body != null;
  return {
    enabled: row?.enabled ?? true,
    subject: customised ? (row.subject as string) : defaults.subject,
    body: customised ? (row.body as string) : defaults.body,
    customised,
  };
}

const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** The client area's address for this company (`/{slug}/{client|solo-client}/client/app/...`). */
export function clientAreaUrl(
  publicUrl: string,
  look: Pick<CompanyEmailLook, 'slug' | 'kind'>,
  page = '',
): string {
  const role = look.kind === 'solo' ? 'solo-client' : 'client';
  return `${publicUrl}/${encodeURIComponent(look.slug)}/${role}/client/app${page ? `/${page}` : ''}`;
}

/** The recipient's and the company's variables, added to the trigger's own. */
export function withStandardVariables(
  trigger: EmailTrigger,
  look: CompanyEmailLook,
  to: Pick<NoticeRecipient, 'name' | 'email'>,
  variables: EmailVariables,
): EmailVariables {
  const info = EMAIL_TRIGGER_INFO[trigger];
  const person = info.audience === 'staff' ? 'person' : 'client';
  const parts = to.name.trim().split(/\s+/);
  return {
    [`${person}.firstName`]: firstNameOf(to.name),
    [`${person}.lastName`]: parts.length > 1 ? parts.slice(1).join(' ') : '',
    [`${person}.name`]: to.name,
    [`${person}.email`]: to.email,
    'company.name': look.companyName,
    'company.email': look.companyEmail ?? '',
    'company.phone': look.companyPhone ?? '',
    ...variables,
  };
}

/**
 * Subject, text and HTML of a trigger's email in the company's layout. A saved template was checked at
 * save time; should one ever fail to render (a variable renamed in a later version), the default words
 * are used rather than losing the email.
 */
export function composeEmail(
  trigger: EmailTrigger,
  template: Pick<TriggerTemplate, 'subject' | 'body'>,
  look: CompanyEmailLook,
  variables: EmailVariables,
  publicUrl: string,
) {
  const usable =
    checkTemplate(trigger, template.subject, template.body).length === 0
      ? template
      : EMAIL_TRIGGER_INFO[trigger];
  const content = renderTemplate(trigger, usable, variables);
  const logoUrl =
    look.showLogo && look.logo && /^https?:\/\//.test(publicUrl)
      ? `${publicUrl}${uploadUrl(look.logo)}`
      : null;
  return wrapInLayout(content, {
    companyName: look.companyName,
    logoUrl,
    brandColour: look.brandColour,
    footer: look.footer,
    preferencesLink:
      EMAIL_TRIGGER_INFO[trigger].audience === 'client'
        ? clientAreaUrl(publicUrl, look, 'settings/notifications')
        : null,
  });
}

/** Who the email says it is from, and where replies go. */
export const senderOf = (look: CompanyEmailLook) => ({
  fromName: look.senderName ?? look.companyName,
  replyTo: look.replyTo ?? look.companyEmail,
});

/**
 * Writes the trigger's email to the outbox in the caller's transaction. Answers the outbox id, or null
 * when the studio switched the trigger off or the client chose not to get its topic.
 */
/**
 * The company's look and the trigger's words, read once per transaction: a class cancelled with 200
 * bookings writes 200 emails in one transaction and should not read the same two rows 200 times. Only
 * a transaction is remembered (it ends, and with it what it read); a bare connection is read each time.
 */
const readInTransaction = new WeakMap<object, Map<string, Promise<unknown>>>();

function once<T>(tx: Executor, key: string, read: () => Promise<T>): Promise<T> {
  if (!('rollback' in tx)) return read();
  let reads = readInTransaction.get(tx);
  if (!reads) readInTransaction.set(tx, (reads = new Map()));
  let pending = reads.get(key) as Promise<T> | undefined;
  if (!pending) reads.set(key, (pending = read()));
  return pending;
}

export async function notify(
  tx: Executor,
  companyId: string,
  notice: Notice,
  context: { publicUrl: string },
): Promise<string | null> {
  const info = EMAIL_TRIGGER_INFO[notice.trigger];
  const template = await once(tx, `template:${companyId}:${notice.trigger}`, () =>
    templateOf(tx, companyId, notice.trigger),
  );
  if (!template.enabled) return null;
  if (
    info.topic &&
    notice.to.id &&
    !notice.ignoreClientChoice &&
    !(await wantsEmail(tx, companyId, notice.to.id, info.topic))
  )
    return null;
  const look = await once(tx, `look:${companyId}`, () => emailLookOf(tx, companyId));
  const message = composeEmail(
    notice.trigger,
    template,
    look,
    withStandardVariables(notice.trigger, look, notice.to, notice.variables),
    context.publicUrl,
  );
  return queueEmail(tx, {
    companyId,
    to: notice.to.email,
    ...message,
    ...senderOf(look),
    ...(notice.attachments ? { attachments: notice.attachments } : {}),
  });
}
