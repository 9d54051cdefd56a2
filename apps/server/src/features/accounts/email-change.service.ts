import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { loginPathForRole, type ChangeEmailBody, type ConfirmEmailDto, type MyEmailDto, type RoleId } from '@kinetic/shared';
import { withPlatform, withTenant, type Database, type Executor } from '../../db/client.ts';
import { companies, users } from '../../db/schema/index.ts';
import { queueEmail } from '../../jobs/email-outbox.ts';
import type { Jobs } from '../../jobs/runner.ts';
import type { Actor } from '../../plugins/auth.ts';
import { badRequest, conflict, notFound, tooManyRequests } from '../../plugins/errors.ts';
import { verifyPassword } from '../../plugins/passwords.ts';
import { hashToken, newSecretToken } from '../../plugins/tokens.ts';

const LINK_HOURS = 24;
export const INVALID_EMAIL_LINK = 'This link has expired or was already used. Ask for a new one on your account page.';
const TAKEN = 'Another account here already uses this email.';

/** A link may be sent again once a minute: enough for a lost email, too slow to flood an inbox. */
export const RESEND_AFTER_MS = 60_000;
const NOTHING_PENDING = 'No new email is waiting for its link. Change your email to send one.';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

async function studioName(tx: Executor, companyId: string): Promise<string> {
  const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return company?.name ?? 'your studio';
}

/** The email with the link that makes `to` the account's address. */
function queueLinkEmail(
  tx: Executor,
  mail: { companyId: string; to: string; name: string; studio: string; token: string; publicUrl: string },
) {
  const { studio } = mail;
  const link = `${mail.publicUrl}/confirm-email/${mail.token}`;
  return queueEmail(tx, {
    companyId: mail.companyId,
    to: mail.to,
    subject: `Confirm your new email for ${studio}`,
    text: [`Hi ${mail.name},`, '', `Open this link within ${LINK_HOURS} hours to use this address for your ${studio} account:`, '', link, '', 'If it was not you, ignore this email.'].join('\n'),
    html: `<p>Hi ${escapeHtml(mail.name)},</p><p><a href="${escapeHtml(link)}">Use this address for your ${escapeHtml(studio)} account</a> (the link works for ${LINK_HOURS} hours).</p><p>If it was not you, ignore this email.</p>`,
  });
}

type EmailChangeDeps = { db: Database; jobs?: Jobs | undefined; publicUrl: string; log: (error: unknown) => void };

async function lockMe(tx: Executor, actor: Actor) {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.companyId, actor.companyId), eq(users.id, actor.userId)))
    .for('update');
  if (!row) throw notFound('We could not find your account.');
  return row;
}

const livePending = (row: typeof users.$inferSelect, now: Date) =>
  row.pendingEmail && row.pendingEmailExpiresAt && row.pendingEmailExpiresAt > now ? row.pendingEmail : null;

export async function myEmail(db: Database, actor: Actor, now = new Date()): Promise<MyEmailDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const [row] = await tx.select().from(users).where(and(eq(users.companyId, actor.companyId), eq(users.id, actor.userId)));
    if (!row) throw notFound('We could not find your account.');
    const pendingEmail = livePending(row, now);
    return { email: row.email, pendingEmail, pendingUntil: pendingEmail ? (row.pendingEmailExpiresAt?.toISOString() ?? null) : null };
  });
}

/**
 * A new email is kept aside, with the password as proof, until the link sent to it is opened: the old
 * address keeps working (and is told) until then, so a typo never locks anyone out.
 */
export async function requestEmailChange(
  deps: EmailChangeDeps,
  actor: Actor,
  body: ChangeEmailBody,
  now = new Date(),
): Promise<MyEmailDto> {
  const token = newSecretToken();
  const { answer, emailIds } = await withTenant(deps.db, actor.companyId, async (tx) => {
    const row = await lockMe(tx, actor);
    if (!(await verifyPassword(row.passwordHash, body.password)))
      throw badRequest('The password is incorrect.', { password: 'The password is incorrect.' });
    if (body.email === row.email) throw badRequest('That is already your email.', { email: 'That is already your email.' });
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, actor.companyId), eq(users.email, body.email), eq(users.role, row.role), ne(users.id, row.id)));
    if (taken) throw conflict(TAKEN, { email: TAKEN });
    const expires = new Date(now.getTime() + LINK_HOURS * 3_600_000);
    await tx
      .update(users)
      .set({ pendingEmail: body.email, pendingEmailTokenHash: hashToken(token), pendingEmailExpiresAt: expires, updatedAt: now })
      .where(and(eq(users.companyId, actor.companyId), eq(users.id, actor.userId)));
    const studio = await studioName(tx, actor.companyId);
    const ids = [
      await queueLinkEmail(tx, { companyId: actor.companyId, to: body.email, name: row.name, studio, token, publicUrl: deps.publicUrl }),
      await queueEmail(tx, {
        companyId: actor.companyId,
        to: row.email,
        subject: `Your ${studio} email is being changed`,
        text: [`Hi ${row.name},`, '', `Someone signed in to your ${studio} account asked to change its email to ${body.email}.`, 'Nothing changes until the link sent there is opened. If it was not you, change your password.'].join('\n'),
      }),
    ];
    return { answer: { email: row.email, pendingEmail: body.email, pendingUntil: expires.toISOString() }, emailIds: ids };
  });
  for (const id of emailIds) deps.jobs?.deliverEmail(id).catch(deps.log);
  return answer;
}

/**
 * The new address was a mistake, or is not wanted after all: the waiting address and its link are
 * dropped, so the link does nothing if it is opened later. Nothing waiting is not an error (a second tab).
 */
export async function cancelEmailChange(db: Database, actor: Actor, now = new Date()): Promise<{ dto: MyEmailDto; cancelled: string | null }> {
  return withTenant(db, actor.companyId, async (tx) => {
    const row = await lockMe(tx, actor);
    const cancelled = livePending(row, now);
    if (row.pendingEmail || row.pendingEmailTokenHash) {
      await tx
        .update(users)
        .set({ pendingEmail: null, pendingEmailTokenHash: null, pendingEmailExpiresAt: null, updatedAt: now })
        .where(and(eq(users.companyId, actor.companyId), eq(users.id, actor.userId)));
    }
    return { dto: { email: row.email, pendingEmail: null, pendingUntil: null }, cancelled };
  });
}

/**
 * The link did not arrive (spam folder, a deleted email): a new link goes to the waiting address, for
 * another 24 hours, and the earlier link stops working. Once a minute at most.
 */
export async function resendEmailChangeLink(deps: EmailChangeDeps, actor: Actor, now = new Date()): Promise<MyEmailDto> {
  const token = newSecretToken();
  const { answer, emailId } = await withTenant(deps.db, actor.companyId, async (tx) => {
    const row = await lockMe(tx, actor);
    const pending = livePending(row, now);
    if (!pending || !row.pendingEmailExpiresAt) throw badRequest(NOTHING_PENDING);
    const sentAt = row.pendingEmailExpiresAt.getTime() - LINK_HOURS * 3_600_000;
    if (now.getTime() - sentAt < RESEND_AFTER_MS)
      throw tooManyRequests('We sent the link less than a minute ago. Check your inbox and spam folder, then try again.');
    const expires = new Date(now.getTime() + LINK_HOURS * 3_600_000);
    await tx
      .update(users)
      .set({ pendingEmailTokenHash: hashToken(token), pendingEmailExpiresAt: expires, updatedAt: now })
      .where(and(eq(users.companyId, actor.companyId), eq(users.id, actor.userId)));
    const studio = await studioName(tx, actor.companyId);
    const id = await queueLinkEmail(tx, { companyId: actor.companyId, to: pending, name: row.name, studio, token, publicUrl: deps.publicUrl });
    return { answer: { email: row.email, pendingEmail: pending, pendingUntil: expires.toISOString() }, emailId: id };
  });
  deps.jobs?.deliverEmail(emailId).catch(deps.log);
  return answer;
}

/** The link from the new address was opened: it becomes the account's email (no session needed). */
export async function confirmEmailChange(db: Database, token: string, now = new Date()): Promise<ConfirmEmailDto> {
  return withPlatform(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(users)
      .where(and(eq(users.pendingEmailTokenHash, hashToken(token)), gt(users.pendingEmailExpiresAt, now)))
      .for('update');
    if (!row?.pendingEmail) throw badRequest(INVALID_EMAIL_LINK);
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, row.companyId), eq(users.email, row.pendingEmail), eq(users.role, row.role), ne(users.id, row.id)));
    if (taken) throw conflict(TAKEN);
    await tx
      .update(users)
      .set({ email: row.pendingEmail, pendingEmail: null, pendingEmailTokenHash: null, pendingEmailExpiresAt: null, updatedAt: sql`now()` })
      .where(and(eq(users.companyId, row.companyId), eq(users.id, row.id)));
    const [company] = await tx.select({ slug: companies.slug }).from(companies).where(eq(companies.id, row.companyId));
    const role = row.role as RoleId;
    const teamAtRoot = role === 'admin' || role === 'staff' || role === 'instructor';
    return { email: row.pendingEmail, loginPath: loginPathForRole(teamAtRoot ? null : (company?.slug ?? null), teamAtRoot ? null : role) };
  });
}
