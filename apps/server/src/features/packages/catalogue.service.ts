import type {
  ListPackagesQuery,
  ListProductsQuery,
  PackageDto,
  PackageListDto,
  PackageTerms,
  PackageValues,
  ProductDto,
  ProductListDto,
  ProductValues,
  TaxRateDto,
  TaxRateListDto,
  TaxRateValues,
} from '@kinetic/shared';
import { isClientRole } from '@kinetic/shared';
import { and, asc, count, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { withTenant, type Database, type Executor } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import {
  classTemplates,
  clientPackages,
  orderLines,
  orders,
  packages,
  products,
  studios,
  taxRates,
} from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/auth.ts';
import { badRequest, conflict, notFound } from '../../plugins/errors.ts';
import { findCompanyById } from '../accounts/accounts.repo.ts';

export type PackageRow = typeof packages.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type TaxRateRow = typeof taxRates.$inferSelect;

const PACKAGE_NOT_FOUND = 'We could not find that package.';
const PRODUCT_NOT_FOUND = 'We could not find that item.';
const TAX_RATE_NOT_FOUND = 'We could not find that tax rate.';

export async function currencyOf(tx: Executor, companyId: string): Promise<string> {
  const company = await findCompanyById(tx, companyId);
  if (!company) throw notFound('Your company no longer exists.');
  return company.currency;
}

type Status = 'active' | 'archived' | 'all';
function archivedFilter(column: typeof packages.archivedAt | typeof products.archivedAt, status: Status) {
  if (status === 'active') return isNull(column);
  if (status === 'archived') return isNotNull(column);
  return undefined;
}

// ------------------------------------------------------------------------------------------ tax rates

function taxRateDto(row: TaxRateRow): TaxRateDto {
  return {
    id: row.id,
    name: row.name,
    ratePpm: row.ratePpm,
    inclusive: row.inclusive,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listTaxRates(db: Database, actor: Actor): Promise<TaxRateListDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const rows = await tx
      .select()
      .from(taxRates)
      .where(eq(taxRates.companyId, actor.companyId))
      .orderBy(asc(taxRates.name), asc(taxRates.id));
    return { items: rows.map(taxRateDto), total: rows.length };
  });
}

export async function saveTaxRate(
  db: Database,
  actor: Actor,
  taxRateId: string | null,
  values: TaxRateValues,
): Promise<TaxRateDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    if (taxRateId === null) {
      const [row] = await tx
        .insert(taxRates)
        .values({ companyId: actor.companyId, id: generateId(), ...values })
        .returning();
      return taxRateDto(row as TaxRateRow);
    }
    // What was sold keeps the rate it was sold with (order lines copy it): editing changes future sales only.
    const [row] = await tx
      .update(taxRates)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(taxRates.companyId, actor.companyId), eq(taxRates.id, taxRateId)))
      .returning();
    if (!row) throw notFound(TAX_RATE_NOT_FOUND);
    return taxRateDto(row);
  });
}

export async function deleteTaxRate(db: Database, actor: Actor, taxRateId: string): Promise<void> {
  await withTenant(db, actor.companyId, async (tx) => {
    const [inPackages] = await tx
      .select({ n: count() })
      .from(packages)
      .where(and(eq(packages.companyId, actor.companyId), eq(packages.taxRateId, taxRateId)));
    const [inProducts] = await tx
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.companyId, actor.companyId), eq(products.taxRateId, taxRateId)));
    if ((inPackages?.n ?? 0) + (inProducts?.n ?? 0) > 0)
      throw conflict('Packages or items still use this tax rate; choose another rate for them first.');
    const deleted = await tx
      .delete(taxRates)
      .where(and(eq(taxRates.companyId, actor.companyId), eq(taxRates.id, taxRateId)))
      .returning({ id: taxRates.id });
    if (deleted.length === 0) throw notFound(TAX_RATE_NOT_FOUND);
  });
}

async function checkTaxRate(tx: Executor, companyId: string, taxRateId: string | null) {
  if (taxRateId === null) return;
  const [row] = await tx
    .select({ id: taxRates.id })
    .from(taxRates)
    .where(and(eq(taxRates.companyId, companyId), eq(taxRates.id, taxRateId)));
  if (!row)
    throw badRequest('That tax rate no longer exists.', { taxRateId: 'Choose one of your tax rates' });
}

// ------------------------------------------------------------------------------------------- packages

/** The terms a purchase copies (blueprint §5: a client package keeps its own terms). */
export function termsOf(row: PackageRow): PackageTerms {
  return {
    kind: row.kind,
    name: row.name,
    price: row.price,
    period: row.period,
    classLimit: row.classLimit,
    credits: row.credits,
    expiryDays: row.expiryDays,
    expiryFrom: row.expiryFrom,
    autoRenew: row.autoRenew,
    commitmentPeriods: row.commitmentPeriods,
    signupFee: row.signupFee,
    offPeakOnly: row.offPeakOnly,
    templateIds: row.templateIds,
    studioIds: row.studioIds,
  };
}

function packageDto(row: PackageRow, currency: string, activeHolders: number): PackageDto {
  return {
    ...termsOf(row),
    id: row.id,
    description: row.description,
    currency,
    taxRateId: row.taxRateId,
    introOffer: row.introOffer,
    archived: row.archivedAt !== null,
    activeHolders,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function packageColumns(values: PackageValues) {
  const common = {
    kind: values.kind,
    name: values.name,
    description: values.description,
    price: values.price,
    taxRateId: values.taxRateId,
    introOffer: values.introOffer,
    offPeakOnly: values.offPeakOnly,
    templateIds: [...new Set(values.templateIds)],
    studioIds: [...new Set(values.studioIds)],
  };
  if (values.kind === 'membership')
    return {
      ...common,
      period: values.period,
      classLimit: values.classLimit,
      autoRenew: values.autoRenew,
      commitmentPeriods: values.commitmentPeriods,
      signupFee: values.signupFee,
      credits: null,
      expiryDays: null,
      expiryFrom: null,
    };
  return {
    ...common,
    period: null,
    classLimit: null,
    autoRenew: false,
    commitmentPeriods: 0,
    signupFee: 0,
    credits: values.credits,
    expiryDays: values.expiryDays,
    expiryFrom: values.expiryFrom,
  };
}

async function checkRestrictions(tx: Executor, companyId: string, values: PackageValues) {
  await checkTaxRate(tx, companyId, values.taxRateId);
  if (values.templateIds.length > 0) {
    const found = await tx
      .select({ id: classTemplates.id })
      .from(classTemplates)
      .where(and(eq(classTemplates.companyId, companyId), inArray(classTemplates.id, values.templateIds)));
    if (found.length !== new Set(values.templateIds).size)
      throw badRequest('A chosen class template no longer exists.', {
        templateIds: 'Choose your own templates',
      });
  }
  if (values.studioIds.length > 0) {
    const found = await tx
      .select({ id: studios.id })
      .from(studios)
      .where(and(eq(studios.companyId, companyId), inArray(studios.id, values.studioIds)));
    if (found.length !== new Set(values.studioIds).size)
      throw badRequest('A chosen studio no longer exists.', { studioIds: 'Choose your own studios' });
  }
}

async function holdersOf(
  tx: Executor,
  companyId: string,
  packageIds: string[],
): Promise<Map<string, number>> {
  if (packageIds.length === 0) return new Map();
  const rows = await tx
    .select({ packageId: clientPackages.packageId, n: count() })
    .from(clientPackages)
    .where(
      and(
        eq(clientPackages.companyId, companyId),
        inArray(clientPackages.packageId, packageIds),
        eq(clientPackages.status, 'active'),
      ),
    )
    .groupBy(clientPackages.packageId);
  return new Map(rows.map((row) => [row.packageId, row.n]));
}

export async function findPackage(tx: Executor, companyId: string, packageId: string): Promise<PackageRow> {
  const [row] = await tx
    .select()
    .from(packages)
    .where(and(eq(packages.companyId, companyId), eq(packages.id, packageId)));
  if (!row) throw notFound(PACKAGE_NOT_FOUND);
  return row;
}

/** The team sees every package; clients only those on sale. */
export async function listPackages(
  db: Database,
  actor: Actor,
  query: ListPackagesQuery,
): Promise<PackageListDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const client = isClientRole(actor.roleId);
    const status = client ? 'active' : query.status;
    // An intro offer is for a first purchase only: a client who has bought a package before is not offered it.
    const boughtBefore =
      client &&
      (
        await tx
          .select({ id: orders.id })
          .from(orderLines)
          .innerJoin(orders, and(eq(orders.companyId, orderLines.companyId), eq(orders.id, orderLines.orderId)))
          .where(
            and(
              eq(orderLines.companyId, actor.companyId),
              eq(orders.clientId, actor.userId),
              eq(orderLines.kind, 'package'),
              ne(orders.status, 'cancelled'),
            ),
          )
          .limit(1)
      ).length > 0;
    const where: SQL | undefined = and(
      eq(packages.companyId, actor.companyId),
      query.kind ? eq(packages.kind, query.kind) : undefined,
      archivedFilter(packages.archivedAt, status),
      boughtBefore ? eq(packages.introOffer, false) : undefined,
    );
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(packages).where(where);
    const rows = await tx
      .select()
      .from(packages)
      .where(where)
      .orderBy(asc(packages.kind), asc(packages.price), asc(sql`lower(${packages.name})`), asc(packages.id))
      .offset((query.page - 1) * query.pageSize)
      .limit(query.pageSize);
    const currency = await currencyOf(tx, actor.companyId);
    const holders = await holdersOf(
      tx,
      actor.companyId,
      rows.map((row) => row.id),
    );
    return { items: rows.map((row) => packageDto(row, currency, holders.get(row.id) ?? 0)), total };
  });
}

export async function getPackage(db: Database, actor: Actor, packageId: string): Promise<PackageDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const row = await findPackage(tx, actor.companyId, packageId);
    if (isClientRole(actor.roleId) && row.archivedAt) throw notFound(PACKAGE_NOT_FOUND);
    const holders = await holdersOf(tx, actor.companyId, [row.id]);
    return packageDto(row, await currencyOf(tx, actor.companyId), holders.get(row.id) ?? 0);
  });
}

/**
 * Adds (packageId null) or edits a package. An edit changes what is sold from now on; clients who bought
 * it keep the terms they bought (`client_packages.terms`).
 */
export async function savePackage(
  db: Database,
  actor: Actor,
  packageId: string | null,
  values: PackageValues,
): Promise<PackageDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    await checkRestrictions(tx, actor.companyId, values);
    let row: PackageRow | undefined;
    if (packageId === null) {
      [row] = await tx
        .insert(packages)
        .values({ companyId: actor.companyId, id: generateId(), ...packageColumns(values) })
        .returning();
    } else {
      const before = await findPackage(tx, actor.companyId, packageId);
      if (before.kind !== values.kind)
        throw conflict(
          `A ${before.kind === 'membership' ? 'membership' : 'class pack'} stays one; copy it to make a ${values.kind === 'membership' ? 'membership' : 'class pack'}.`,
        );
      [row] = await tx
        .update(packages)
        .set({ ...packageColumns(values), updatedAt: sql`now()` })
        .where(and(eq(packages.companyId, actor.companyId), eq(packages.id, packageId)))
        .returning();
    }
    if (!row) throw notFound(PACKAGE_NOT_FOUND);
    const holders = await holdersOf(tx, actor.companyId, [row.id]);
    return packageDto(row, await currencyOf(tx, actor.companyId), holders.get(row.id) ?? 0);
  });
}

/** Archived packages are no longer sold; clients who hold one keep it. */
export async function setPackageArchived(
  db: Database,
  actor: Actor,
  packageId: string,
  archived: boolean,
): Promise<PackageDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    await findPackage(tx, actor.companyId, packageId);
    const [row] = await tx
      .update(packages)
      .set({
        archivedAt: archived ? sql`coalesce(${packages.archivedAt}, now())` : null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(packages.companyId, actor.companyId), eq(packages.id, packageId)))
      .returning();
    if (!row) throw notFound(PACKAGE_NOT_FOUND);
    const holders = await holdersOf(tx, actor.companyId, [row.id]);
    return packageDto(row, await currencyOf(tx, actor.companyId), holders.get(row.id) ?? 0);
  });
}

// ----------------------------------------------------------------------------- services and products

function productDto(row: ProductRow, currency: string): ProductDto {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    description: row.description,
    price: row.price,
    currency,
    taxRateId: row.taxRateId,
    sku: row.sku,
    archived: row.archivedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findProduct(tx: Executor, companyId: string, productId: string): Promise<ProductRow> {
  const [row] = await tx
    .select()
    .from(products)
    .where(and(eq(products.companyId, companyId), eq(products.id, productId)));
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return row;
}

export async function listProducts(
  db: Database,
  actor: Actor,
  query: ListProductsQuery,
): Promise<ProductListDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const where = and(
      eq(products.companyId, actor.companyId),
      archivedFilter(products.archivedAt, query.status),
    );
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(products).where(where);
    const rows = await tx
      .select()
      .from(products)
      .where(where)
      .orderBy(asc(products.kind), asc(sql`lower(${products.name})`), asc(products.id))
      .offset((query.page - 1) * query.pageSize)
      .limit(query.pageSize);
    const currency = await currencyOf(tx, actor.companyId);
    return { items: rows.map((row) => productDto(row, currency)), total };
  });
}

export async function saveProduct(
  db: Database,
  actor: Actor,
  productId: string | null,
  values: ProductValues,
): Promise<ProductDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    await checkTaxRate(tx, actor.companyId, values.taxRateId);
    let row: ProductRow | undefined;
    if (productId === null) {
      [row] = await tx
        .insert(products)
        .values({ companyId: actor.companyId, id: generateId(), ...values })
        .returning();
    } else {
      [row] = await tx
        .update(products)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(products.companyId, actor.companyId), eq(products.id, productId)))
        .returning();
    }
    if (!row) throw notFound(PRODUCT_NOT_FOUND);
    return productDto(row, await currencyOf(tx, actor.companyId));
  });
}

export async function setProductArchived(
  db: Database,
  actor: Actor,
  productId: string,
  archived: boolean,
): Promise<ProductDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const [row] = await tx
      .update(products)
      .set({
        archivedAt: archived ? sql`coalesce(${products.archivedAt}, now())` : null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(products.companyId, actor.companyId), eq(products.id, productId)))
      .returning();
    if (!row) throw notFound(PRODUCT_NOT_FOUND);
    return productDto(row, await currencyOf(tx, actor.companyId));
  });
}
