import type { PromoCodeDto, PromoCodeListDto, PromoCodeValues } from '@kinetic/shared';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { withTenant, type Database, type Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { generateId } from '../../db/ids.ts';
import { orders, packages, promoCodes } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/auth.ts';
import { badRequest, conflict, notFound } from '../../plugins/errors.ts';
import { currencyOf } from '../packages/catalogue.service.ts';

export type PromoCodeRow = typeof promoCodes.$inferSelect;
const PROMO_NOT_FOUND = 'We could not find that promo code.';

function promoCodeDto(row: PromoCodeRow, currency: string, uses: number): PromoCodeDto {
  return {
    id: row.id,
    code: row.code,
    discountKind: row.discountKind,
    discountValue: row.discountValue,
    currency,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    maxUses: row.maxUses,
    maxUsesPerClient: row.maxUsesPerClient,
    packageIds: row.packageIds,
    uses,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Orders that used a code and were not cancelled: what its limits count. */
export async function usesOf(
  tx: Executor,
  companyId: string,
  promoCodeIds: string[],
  clientId?: string,
): Promise<Map<string, number>> {
  if (promoCodeIds.length === 0) return new Map();
  const rows = await tx
    .select({ promoCodeId: orders.promoCodeId, n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.companyId, companyId),
        inArray(orders.promoCodeId, promoCodeIds),
        ne(orders.status, 'cancelled'),
        clientId ? eq(orders.clientId, clientId) : undefined,
      ),
    )
    .groupBy(orders.promoCodeId);
  return new Map(rows.map((row) => [row.promoCodeId ?? '', row.n]));
}

export async function listPromoCodes(db: Database, actor: Actor): Promise<PromoCodeListDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const rows = await tx
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.companyId, actor.companyId))
      .orderBy(asc(promoCodes.code));
    const currency = await currencyOf(tx, actor.companyId);
    const uses = await usesOf(
      tx,
      actor.companyId,
      rows.map((row) => row.id),
    );
    return {
      items: rows.map((row) => promoCodeDto(row, currency, uses.get(row.id) ?? 0)),
      total: rows.length,
    };
  });
}

export async function getPromoCode(db: Database, actor: Actor, promoCodeId: string): Promise<PromoCodeDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const [row] = await tx
      .select()
      .from(promoCodes)
      .where(and(eq(promoCodes.companyId, actor.companyId), eq(promoCodes.id, promoCodeId)));
    if (!row) throw notFound(PROMO_NOT_FOUND);
    const uses = await usesOf(tx, actor.companyId, [row.id]);
    return promoCodeDto(row, await currencyOf(tx, actor.companyId), uses.get(row.id) ?? 0);
  });
}

export async function savePromoCode(
  db: Database,
  actor: Actor,
  promoCodeId: string | null,
  values: PromoCodeValues,
): Promise<PromoCodeDto> {
  try {
    return await withTenant(db, actor.companyId, async (tx) => {
      const packageIds = [...new Set(values.packageIds)];
      if (packageIds.length > 0) {
        const found = await tx
          .select({ id: packages.id })
          .from(packages)
          .where(and(eq(packages.companyId, actor.companyId), inArray(packages.id, packageIds)));
        if (found.length !== packageIds.length)
          throw badRequest('A chosen package no longer exists.', { packageIds: 'Choose your own packages' });
      }
      const columns = { ...values, packageIds };
      let row: PromoCodeRow | undefined;
      if (promoCodeId === null) {
        [row] = await tx
          .insert(promoCodes)
          .values({ companyId: actor.companyId, id: generateId(), ...columns })
          .returning();
      } else {
        [row] = await tx
          .update(promoCodes)
          .set({ ...columns, updatedAt: sql`now()` })
          .where(and(eq(promoCodes.companyId, actor.companyId), eq(promoCodes.id, promoCodeId)))
          .returning();
      }
      if (!row) throw notFound(PROMO_NOT_FOUND);
      const uses = await usesOf(tx, actor.companyId, [row.id]);
      return promoCodeDto(row, await currencyOf(tx, actor.companyId), uses.get(row.id) ?? 0);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const message = `The code ${values.code} is already in use; choose another.`;
      throw conflict(message, { code: message });
    }
    throw error;
  }
}

/** Orders that used the code keep its name and discount (they copied them). */
export async function deletePromoCode(db: Database, actor: Actor, promoCodeId: string): Promise<void> {
  await withTenant(db, actor.companyId, async (tx) => {
    const deleted = await tx
      .delete(promoCodes)
      .where(and(eq(promoCodes.companyId, actor.companyId), eq(promoCodes.id, promoCodeId)))
      .returning({ id: promoCodes.id });
    if (deleted.length === 0) throw notFound(PROMO_NOT_FOUND);
  });
}

export async function findPromoByCode(
  tx: Executor,
  companyId: string,
  code: string,
): Promise<PromoCodeRow | undefined> {
  const [row] = await tx
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.companyId, companyId), eq(promoCodes.code, code.toUpperCase())));
  return row;
}
