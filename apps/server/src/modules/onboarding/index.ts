/** What other modules may use of onboarding (ADR 051): everything else here is its own. */
export { recordAccountStep, recordPersonalStep } from './steps.ts';
