/** What other modules may use of health survey (ADR 051): everything else here is its own. */
export { createHealthSurveyRepository } from './repository.ts';
export { createHealthSurveyService } from './service.ts';
