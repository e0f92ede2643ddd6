import * as z from 'zod/mini';

/**
 * The steps a couple account records in `donePilotOnboardingSteps` (spec section 3). The
 * account is shared, so a person's own steps (survey, terms) are recorded per role.
 */
export const ONBOARDING_STEPS = [
  'PURCHASED',
  'MOTHER_HEALTH_SURVEY',
  'FATHER_HEALTH_SURVEY',
  'MOTHER_TERMS',
  'FATHER_TERMS',
  'PARTNER_JOINED',
  'KIT_ACTIVATED',
  'SAMPLE_SENT',
  'RESULTS',
] as const;
export const onboardingStepSchema = z.enum(ONBOARDING_STEPS);
export type OnboardingStep = z.infer<typeof onboardingStepSchema>;

/** A person's own steps, recorded as 'MOTHER_…' or 'FATHER_…' on each account they are on. */
export type PersonalStep = 'HEALTH_SURVEY' | 'TERMS';
