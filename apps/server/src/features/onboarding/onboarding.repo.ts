import { eq, sql, type SQL } from 'drizzle-orm';
import type { OnboardingStep } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';

/** The `completed_onboarding` value with `step` added once: saving a settings page twice keeps one entry. */
export function withOnboardingStep(step: OnboardingStep): SQL {
  return sql`case when ${step}::text = any(${companies.completedOnboarding})
    then ${companies.completedOnboarding}
    else array_append(${companies.completedOnboarding}, ${step}::text) end`;
}

/** Marks a settings page's onboarding step done, in the caller's transaction. */
export async function completeOnboardingStep(
  tx: Executor,
  companyId: string,
  step: OnboardingStep,
): Promise<void> {
  await tx
    .update(companies)
    .set({ completedOnboarding: withOnboardingStep(step) })
    .where(eq(companies.id, companyId));
}
