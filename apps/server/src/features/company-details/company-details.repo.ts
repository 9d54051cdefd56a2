import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, type CompanyAddress } from '../../db/schema/index.ts';
import { withOnboardingStep } from '../onboarding/onboarding.repo.ts';

export interface CompanyDetailsUpdate {
  name: string;
  email: string | null;
  phone: string | null;
  address: CompanyAddress;
  timeZone: string;
  currency: string;
  /** Absent: unchanged. */
  locale?: string | undefined;
  logo: string | null;
}

/** Saves the details and marks the onboarding step done (once). */
export async function updateCompanyDetails(tx: Executor, companyId: string, values: CompanyDetailsUpdate) {
  const [row] = await tx
    .update(companies)
    .set({
      ...values,
      updatedAt: sql`now()`,
      completedOnboarding: withOnboardingStep('companyDetails'),
    })
    .where(eq(companies.id, companyId))
    .returning();
  return row;
}
