import { count, eq } from 'drizzle-orm';
import { formatMoney, type CompanyDetailsDto } from '@kinetic/shared';
import { withTenant, type Database, type Executor } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';
import { orders } from '../../db/schema/packages.ts';
import { lockCompanyOrders } from '../orders/orders.repo.ts';
import type { Actor } from '../../plugins/auth.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { findCompanyById, type CompanyRow } from '../accounts/accounts.repo.ts';
import { uploadUrl } from '../uploads/uploads.storage.ts';
import { updateCompanyDetails, type CompanyDetailsUpdate } from './company-details.repo.ts';

export function toCompanyDetailsDto(company: CompanyRow, orderCount: number): CompanyDetailsDto {
  return {
    id: company.id,
    slug: company.slug,
    kind: company.kind,
    name: company.name,
    email: company.email,
    phone: company.phone,
    address: company.address,
    timeZone: company.timeZone,
    currency: company.currency,
    orderCount,
    locale: company.locale,
    logo: company.logo,
    logoUrl: company.logo ? uploadUrl(company.logo) : null,
  };
}

const orderCountOf = async (tx: Executor, companyId: string) =>
  (await tx.select({ n: count() }).from(orders).where(eq(orders.companyId, companyId)))[0]?.n ?? 0;

export async function getCompanyDetails(db: Database, actor: Actor): Promise<CompanyDetailsDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const company = await findCompanyById(tx, actor.companyId);
    if (!company) throw notFound('Your company no longer exists.');
    return toCompanyDetailsDto(company, await orderCountOf(tx, actor.companyId));
  });
}

export async function saveCompanyDetails(
  db: Database,
  actor: Actor,
  values: CompanyDetailsUpdate,
): Promise<CompanyDetailsDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    // The lock every sale takes to number its order: no sale is written between the count and the change
    // (and a sale that read the old currency before it is refused by insertOrder).
    await lockCompanyOrders(tx, actor.companyId);
    const [current] = await tx.select().from(companies).where(eq(companies.id, actor.companyId)).for('update');
    if (!current) throw notFound('Your company no longer exists.');
    const orderCount = await orderCountOf(tx, actor.companyId);
    if (values.currency !== current.currency && orderCount > 0) {
      const example = formatMoney(12345, current.currency, current.locale);
      throw badRequest('The currency cannot change after the first sale.', {
        currency: `Your ${orderCount === 1 ? 'order is' : `${orderCount} orders are`} in ${current.currency} (for example ${example}); changing the currency would relabel them as another money. Keep ${current.currency}, or start a new company for a studio that charges in another currency.`,
      });
    }
    const company = await updateCompanyDetails(tx, actor.companyId, values);
    if (!company) throw notFound('Your company no longer exists.');
    return toCompanyDetailsDto(company, orderCount);
  });
}
