import {
  promoAmountProblem,
  type PromoCodeDto,
  type PromoCodeListDto,
  type PromoCodeValues,
  type PromoStatus,
} from '@kinetic/shared';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { withTenant, type Database, type Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { generateId } from '../../db/ids.ts';
import { orders, packages, promoCodes } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/auth.ts';
import { badRequest, conflict, notFound } from '../../plugins/errors.ts';
import { companyOrNotFound, type CompanyRow } from '../accounts/accounts.repo.ts';
import { localDateOf } from '../fitness-sessions/zoned-time.ts';

export type PromoCodeRow = typeof promoCodes.$inferSelect;
const PROMO_NOT_FOUND = 'We could not find that promo code.';

type Company = CompanyRow;
const companyOf = companyOrNotFound;

/** Where a code stands on the company's `today`: the same rules an order applies. */
export function promoStatus(row: PromoCodeRow, uses: number, today: string): PromoStatus {
  if (row.validUntil && today > row.validUntil) return 'expired';
  if (row.validFrom && today < row.validFrom) return 'not-yet-valid';
  if (row.maxUses !== null && uses >= row.maxUses) return 'used-up';
  return 'active';
}

function promoCodeDto(row: PromoCodeRow, company: Company, uses: number, now = new Date()): PromoCodeDto {
  const currency = company.currency;
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
    status: promoStatus(row, uses, localDateOf(now, company.timeZone)),
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
    const company = await companyOf(tx, actor.companyId);
    const uses = await usesOf(
      tx,
      actor.companyId,
      rows.map((row) => row.id),
    );
    return {
      items: rows.map((row) => promoCodeDto(row, company, uses.get(row.id) ?? 0)),
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
    return promoCodeDto(row, await companyOf(tx, actor.companyId), uses.get(row.id) ?? 0);
  });
}

/**
 * Adds (promoCodeId null) or edits a code. Besides the body's own rules: the packages must be the
 * company's, and an amount off may not be more than the price it comes off (`promoAmountProblem`: the
 * cheapest chosen package, or with every package the dearest on sale). Both are said at once.
 */
export async function savePromoCode(
  db: Database,
  actor: Actor,
  promoCodeId: string | null,
  values: PromoCodeValues,
): Promise<PromoCodeDto> {
  try {
    return await withTenant(db, actor.companyId, async (tx) => {
      const packageIds = [...new Set(values.packageIds)];
      const company = await companyOf(tx, actor.companyId);
      const catalogue = await tx
        .select({ id: packages.id, name: packages.name, price: packages.price, archivedAt: packages.archivedAt })
        .from(packages)
        .where(
          and(
            eq(packages.companyId, actor.companyId),
            packageIds.length > 0 ? inArray(packages.id, packageIds) : undefined,
          ),
        );
      const errors: Record<string, string> = {};
      if (catalogue.length !== packageIds.length && packageIds.length > 0)
        errors.packageIds = 'Choose your own packages: one of these no longer exists';
      const tooMuch = promoAmountProblem(
        { ...values, packageIds },
        catalogue.map((item) => ({ ...item, archived: item.archivedAt !== null })),
        company.currency,
        company.locale,
      );
      if (tooMuch) errors.discountValue = tooMuch;
      if (Object.keys(errors).length > 0)
        throw badRequest(
          `Please correct the code. ${Object.values(errors).join('; ')}.`,
          errors,
        );
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
      return promoCodeDto(row, company, uses.get(row.id) ?? 0);
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
