import { z } from 'zod';

/** Settings pages a new company completes, in settings-menu order (spec §2, §3). */
export const ONBOARDING_STEPS = [
  'companyDetails',
  'studios',
  'classesSettings',
  'hours',
  'clientWaiver',
  'contractTerms',
] as const;
export const onboardingStepSchema = z.enum(ONBOARDING_STEPS);
export type OnboardingStep = z.infer<typeof onboardingStepSchema>;

/** Solo instructors have no studios to set up. */
export function onboardingStepsFor(kind: 'company' | 'solo'): readonly OnboardingStep[] {
  return kind === 'solo' ? ONBOARDING_STEPS.filter((step) => step !== 'studios') : ONBOARDING_STEPS;
}

export function pendingOnboarding(kind: 'company' | 'solo', completed: readonly string[]): OnboardingStep[] {
  return onboardingStepsFor(kind).filter((step) => !completed.includes(step));
}
