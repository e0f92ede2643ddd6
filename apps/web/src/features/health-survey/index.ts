/** What other features may use of health survey (ADR 051): everything else here is its own. */
export { healthSurveyQueryKey, useSurveySummary } from './use-health-survey.ts';
