import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import {
  isClientRole,
  type AdminWaiverDto,
  type MyWaiverDto,
  type PoliciesDto,
  type SignWaiverBody,
  type WaiverBody,
  type WaiverDto,
  type WaiverSignatureDto,
} from '@kinetic/shared';
import { withTenant, type Database, type Executor } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import { policies, users, waivers, waiverSignatures } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/auth.ts';
import { badRequest, conflict, notFound } from '../../plugins/errors.ts';

type WaiverRow = typeof waivers.$inferSelect;
type SignatureRow = typeof waiverSignatures.$inferSelect;

const toDto = (row: WaiverRow): WaiverDto => ({
  id: row.id,
  version: row.version,
  title: row.title,
  text: row.text,
  terms: row.terms,
  publishedAt: row.publishedAt.toISOString(),
  signaturesFromVersion: row.signaturesFromVersion,
});

const signatureDto = (row: SignatureRow): WaiverSignatureDto => ({
  id: row.id,
  waiverId: row.waiverId,
  version: row.version,
  fullName: row.fullName,
  kind: row.kind,
  acceptedTerms: row.acceptedTerms,
  signedAt: row.signedAt.toISOString(),
});

/** "Arrive 10 minutes early" → "arrive-10-minutes-early", unique among the terms. */
export function termValues(terms: WaiverBody['terms']): { value: string; label: string }[] {
  const taken = new Set<string>();
  return terms.map((term) => {
    const base =
      (term.value && term.value.length > 0 ? term.value : term.label.toLowerCase())
        .normalize('NFKD')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 56)
        .replace(/-+$/, '') || 'term';
    let value = base;
    for (let n = 2; taken.has(value); n += 1) value = `${base}-${n}`;
    taken.add(value);
    return { value, label: term.label.trim() };
  });
}

/** The waiver clients sign now: the latest version, unless it was removed. */
export async function currentWaiver(tx: Executor, companyId: string): Promise<WaiverRow | undefined> {
  const [latest] = await tx
    .select()
    .from(waivers)
    .where(eq(waivers.companyId, companyId))
    .orderBy(desc(waivers.version))
    .limit(1);
  return latest && !latest.removedAt ? latest : undefined;
}

async function latestSignature(tx: Executor, companyId: string, clientId: string) {
  const [row] = await tx
    .select()
    .from(waiverSignatures)
    .where(and(eq(waiverSignatures.companyId, companyId), eq(waiverSignatures.clientId, clientId)))
    .orderBy(desc(waiverSignatures.version), desc(waiverSignatures.signedAt))
    .limit(1);
  return row;
}

/** Whether the client has signed what the current waiver asks (true when there is no waiver). */
export async function hasSignedWaiver(tx: Executor, companyId: string, clientId: string): Promise<boolean> {
  const waiver = await currentWaiver(tx, companyId);
  if (!waiver) return true;
  const [signed] = await tx
    .select({ id: waiverSignatures.id })
    .from(waiverSignatures)
    .where(
      and(
        eq(waiverSignatures.companyId, companyId),
        eq(waiverSignatures.clientId, clientId),
        gte(waiverSignatures.version, waiver.signaturesFromVersion),
      ),
    )
    .limit(1);
  return Boolean(signed);
}

export async function getAdminWaiver(db: Database, actor: Actor): Promise<AdminWaiverDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const waiver = await currentWaiver(tx, actor.companyId);
    const [clients] = await tx
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.companyId, actor.companyId), sql`${users.role} in ('client', 'solo-client')`));
    let signedCount = 0;
    if (waiver) {
      const [signed] = await tx
        .select({ n: sql<number>`count(distinct ${waiverSignatures.clientId})::int` })
        .from(waiverSignatures)
        .where(
          and(
            eq(waiverSignatures.companyId, actor.companyId),
            gte(waiverSignatures.version, waiver.signaturesFromVersion),
          ),
        );
      signedCount = signed?.n ?? 0;
    }
    return { waiver: waiver ? toDto(waiver) : null, signedCount, clientCount: clients?.n ?? 0 };
  });
}

/** Publishes a new version (versions are never edited: signatures keep the words they signed). */
export async function publishWaiver(db: Database, actor: Actor, body: WaiverBody, now = new Date()): Promise<AdminWaiverDto> {
  const terms = termValues(body.terms);
  await withTenant(db, actor.companyId, async (tx) => {
    // One publisher at a time per company: version numbers have no gaps or doubles.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`waiver:${actor.companyId}`}))`);
    const [latest] = await tx
      .select()
      .from(waivers)
      .where(eq(waivers.companyId, actor.companyId))
      .orderBy(desc(waivers.version))
      .limit(1);
    const version = (latest?.version ?? 0) + 1;
    const keepSignatures = !body.askToSignAgain && latest && !latest.removedAt;
    await tx.insert(waivers).values({
      companyId: actor.companyId,
      id: generateId(),
      version,
      title: body.title.trim(),
      text: body.text.trim(),
      terms,
      signaturesFromVersion: keepSignatures ? latest.signaturesFromVersion : version,
      publishedAt: now,
      publishedBy: actor.userId,
    });
  });
  return getAdminWaiver(db, actor);
}

/** Spec §4 "remove the waiver": clients no longer sign one; what they signed stays on record. */
export async function removeWaiver(db: Database, actor: Actor, now = new Date()): Promise<AdminWaiverDto> {
  await withTenant(db, actor.companyId, async (tx) => {
    const waiver = await currentWaiver(tx, actor.companyId);
    if (!waiver) throw notFound('There is no waiver to remove.');
    await tx
      .update(waivers)
      .set({ removedAt: now })
      .where(and(eq(waivers.companyId, actor.companyId), eq(waivers.id, waiver.id)));
  });
  return getAdminWaiver(db, actor);
}

export async function myWaiver(db: Database, actor: Actor): Promise<MyWaiverDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const waiver = await currentWaiver(tx, actor.companyId);
    const signature = await latestSignature(tx, actor.companyId, actor.userId);
    return {
      waiver: waiver ? toDto(waiver) : null,
      signature: signature ? signatureDto(signature) : null,
      mustSign: !(await hasSignedWaiver(tx, actor.companyId, actor.userId)),
    };
  });
}

/** A client signs the current waiver: every term ticked, name typed, signature drawn or typed. */
export async function signWaiver(
  db: Database,
  actor: Actor,
  body: SignWaiverBody,
  seen: { ip: string; userAgent: string | undefined },
  now = new Date(),
): Promise<MyWaiverDto> {
  if (!isClientRole(actor.roleId)) throw badRequest('Only clients sign the waiver, for themselves.');
  await withTenant(db, actor.companyId, async (tx) => {
    const waiver = await currentWaiver(tx, actor.companyId);
    if (!waiver) throw notFound('This studio has no waiver to sign.');
    if (waiver.id !== body.waiverId)
      throw conflict('The studio has just published a new waiver: read it again and sign that one.', {
        waiverId: 'A newer waiver was published',
      });
    const accepted = new Set(body.acceptedTerms);
    const missing = waiver.terms.filter((term) => !accepted.has(term.value));
    if (missing.length > 0)
      throw badRequest(`Tick every term to sign: ${missing.map((term) => `“${term.label}”`).join(', ')}.`, {
        acceptedTerms: 'Tick every term',
      });
    await tx.insert(waiverSignatures).values({
      companyId: actor.companyId,
      id: generateId(),
      clientId: actor.userId,
      waiverId: waiver.id,
      version: waiver.version,
      fullName: body.fullName.trim(),
      kind: body.signature.kind,
      path: body.signature.kind === 'drawn' ? body.signature.path : null,
      acceptedTerms: waiver.terms.map((term) => term.value),
      signedAt: now,
      ipAddress: seen.ip,
      userAgent: seen.userAgent?.slice(0, 300) ?? null,
    });
  });
  return myWaiver(db, actor);
}

/** One signature with the waiver version it signed (the PDF copy); clients see only their own. */
export async function signatureWithWaiver(db: Database, actor: Actor, signatureId: string) {
  return withTenant(db, actor.companyId, async (tx) => {
    const [row] = await tx
      .select({ signature: waiverSignatures, waiver: waivers, company: sql<string>`(select name from companies where id = ${actor.companyId})` })
      .from(waiverSignatures)
      .innerJoin(waivers, and(eq(waivers.companyId, waiverSignatures.companyId), eq(waivers.id, waiverSignatures.waiverId)))
      .where(and(eq(waiverSignatures.companyId, actor.companyId), eq(waiverSignatures.id, signatureId)));
    if (!row || (isClientRole(actor.roleId) && row.signature.clientId !== actor.userId))
      throw notFound('We could not find that signature.');
    return row;
  });
}

export async function getPolicies(db: Database, actor: Actor): Promise<PoliciesDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const [row] = await tx.select().from(policies).where(eq(policies.companyId, actor.companyId));
    return { text: row?.text ?? '', updatedAt: row?.updatedAt.toISOString() ?? null };
  });
}

export async function savePolicies(db: Database, actor: Actor, text: string, now = new Date()): Promise<PoliciesDto> {
  await withTenant(db, actor.companyId, (tx) =>
    tx
      .insert(policies)
      .values({ companyId: actor.companyId, text: text.trim(), updatedAt: now })
      .onConflictDoUpdate({ target: policies.companyId, set: { text: text.trim(), updatedAt: now } }),
  );
  return getPolicies(db, actor);
}
