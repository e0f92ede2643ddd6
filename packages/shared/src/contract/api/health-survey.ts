import { errorAnswers, type ApiRoutes } from './routes.ts';
import { errorBodySchema } from '../error.ts';
import {
  surveyConflictSchema,
  surveyMissingSchema,
  surveyReadQuerySchema,
  surveyResponseAnswerSchema,
  surveySaveRequestSchema,
  surveySummarySchema,
  surveyVariantParamsSchema,
} from '../health-survey.ts';
import * as z from 'zod/mini';

const writeQuerySchema = z.object({ asUser: z.optional(z.string()) });

const errors = errorAnswers(400, 401, 403, 404);

/** A save or a submission: the response, or a stale revision's conflict, or what is missing. */
const writeAnswers = {
  200: surveyResponseAnswerSchema,
  ...errors,
  409: z.union([surveyConflictSchema, errorBodySchema]),
  422: surveyMissingSchema,
  429: errorBodySchema,
};

/** The health-survey module's routes: each one's summary, parameters, query, body and answers (ADR 053). */
export const healthSurveyApi = {
  'GET /health-survey': {
    summary:
      "The person's health survey: their variant (sex gives mother or father; pgt on a couple account with an embryo report, else saliva), its status and whether it may still change; admins may pass asUser",
    tags: ['health-survey'],
    querystring: surveyReadQuerySchema,
    response: { 200: surveySummarySchema, ...errors },
  },
  'GET /health-survey/:variant/response': {
    summary:
      "The person's answers to a variant as a FHIR QuestionnaireResponse with its revision and page (an empty in-progress one before any answer); admins may pass asUser",
    tags: ['health-survey'],
    params: surveyVariantParamsSchema,
    querystring: surveyReadQuerySchema,
    response: { 200: surveyResponseAnswerSchema, ...errors },
  },
  'GET /health-survey/:variant/response.json': {
    summary:
      "The person's answers as a FHIR QuestionnaireResponse file (application/fhir+json); 404 before any answer; admins may pass asUser",
    tags: ['health-survey'],
    params: surveyVariantParamsSchema,
    querystring: surveyReadQuerySchema,
    // No response schema: the answer is the FHIR resource file.
  },
  'GET /health-survey/questionnaires/:variant': {
    summary: 'A health survey variant as an HL7 FHIR R4 Questionnaire resource',
    tags: ['health-survey'],
    params: surveyVariantParamsSchema,
    // No response schema: the answer is the FHIR resource as built in the shared package.
  },
  'POST /health-survey/:variant/submit': {
    summary:
      "Submits the survey: completed when every required, enabled question has an answer (else 422 naming the missing ones); the person's healthSurveyStatus becomes 'done'",
    tags: ['health-survey'],
    params: surveyVariantParamsSchema,
    querystring: writeQuerySchema,
    response: writeAnswers,
  },
  'PUT /health-survey/:variant/response': {
    summary:
      'Autosave: answers for some questions (an empty list clears one), the page, and the revision last read; a stale revision answers 409 with the stored response; once a report is issued, 409',
    tags: ['health-survey'],
    params: surveyVariantParamsSchema,
    querystring: writeQuerySchema,
    body: surveySaveRequestSchema,
    response: writeAnswers,
  },
} satisfies ApiRoutes;
