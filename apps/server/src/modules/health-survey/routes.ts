import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { errorBodySchema } from '@nestling/shared/contract/error';
import {
  SURVEY_VIEW_AS_READ_ONLY,
  surveyConflictSchema,
  surveyMissingSchema,
  surveyReadQuerySchema,
  surveyResponseAnswerSchema,
  surveySaveRequestSchema,
  surveySummarySchema,
  surveyVariantParamsSchema,
} from '@nestling/shared/contract/health-survey';
import { questionnaireFor } from '@nestling/shared/health-survey/questionnaires';
import { errorBody } from '../../plugins/errors.ts';
import type { RateLimitRule } from '../rate-limit/index.ts';
import { createDataRightsServiceFor } from '../data-rights/index.ts';
import { createHealthSurveyRepository } from './repository.ts';
import { createHealthSurveyService } from './service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/** Autosave sends a request per answer given, so the limit is generous: one every 1.5 s. */
export const surveyWriteRule: RateLimitRule = {
  bucket: 'health-survey:write',
  limit: 600,
  windowMs: 15 * 60 * 1000,
};
export const SURVEY_TOO_MANY = 'Too many saves. Please wait a few minutes and try again.';
/** The whole survey with every answer is about 20 kB; a save is far smaller. */
const SAVE_BODY_LIMIT = 64 * 1024;

/** Writes take no `asUser`: staff viewing a patient read only. */
const writeQuerySchema = z.object({ asUser: z.optional(z.string()) });

/**
 * Health surveys: the person's variant, the FHIR Questionnaires, autosave with
 * revisions, submit and the FHIR download. Answers are health data: never logged.
 */
export const healthSurveyRoutes: FastifyPluginAsyncZod = (app) => {
  const surveys = createHealthSurveyService({
    repository: createHealthSurveyRepository(app.database.db),
  });
  const researchConsent = createDataRightsServiceFor(app);

  const writeGuard = [
    app.requireVerifiedUser,
    app.refuseWhileImpersonating,
    async (request: FastifyRequest, reply: FastifyReply) => {
      if ((request.query as { asUser?: string }).asUser !== undefined) {
        return reply.code(403).send(errorBody(403, SURVEY_VIEW_AS_READ_ONLY, request.id));
      }
      const userId = request.identity?.userId ?? '';
      if (!(await app.rateLimiter.consume(surveyWriteRule, userId))) {
        return reply.code(429).send(errorBody(429, SURVEY_TOO_MANY, request.id));
      }
    },
  ];

  app.get(
    '/health-survey',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        summary:
          "The person's health survey: their variant (sex gives mother or father; pgt on a couple account with an embryo report, else saliva), its status and whether it may still change; admins may pass asUser",
        tags: ['health-survey'],
        querystring: surveyReadQuerySchema,
        response: { 200: surveySummarySchema, ...errors },
      },
    },
    async (request) => {
      const subject = await app.resolveSubject(request, request.query.asUser);
      return surveys.summary(subject);
    },
  );

  app.get(
    '/health-survey/questionnaires/:variant',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        summary: 'A health survey variant as an HL7 FHIR R4 Questionnaire resource',
        tags: ['health-survey'],
        params: surveyVariantParamsSchema,
        // No response schema: the answer is the FHIR resource as built in the shared package.
      },
    },
    async (request, reply) =>
      reply
        .type('application/fhir+json; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(JSON.stringify(questionnaireFor(request.params.variant))),
  );

  app.get(
    '/health-survey/:variant/response',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        summary:
          "The person's answers to a variant as a FHIR QuestionnaireResponse with its revision and page (an empty in-progress one before any answer); admins may pass asUser",
        tags: ['health-survey'],
        params: surveyVariantParamsSchema,
        querystring: surveyReadQuerySchema,
        response: { 200: surveyResponseAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const subject = await app.resolveSubject(request, request.query.asUser);
      return surveys.read(subject, request.params.variant);
    },
  );

  app.put(
    '/health-survey/:variant/response',
    {
      config: { audit: { action: 'research-consent', subject: 'named' } },
      onRequest: writeGuard,
      bodyLimit: SAVE_BODY_LIMIT,
      schema: {
        summary:
          'Autosave: answers for some questions (an empty list clears one), the page, and the revision last read; a stale revision answers 409 with the stored response; once a report is issued, 409',
        tags: ['health-survey'],
        params: surveyVariantParamsSchema,
        querystring: writeQuerySchema,
        body: surveySaveRequestSchema,
        response: {
          200: surveyResponseAnswerSchema,
          ...errors,
          409: z.union([surveyConflictSchema, errorBodySchema]),
          422: surveyMissingSchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const subject = await app.resolveSubject(request, undefined);
      return await surveys.save(subject, request.params.variant, request.body, async (consent) => {
        const since = await researchConsent.setResearchConsent(subject.id, consent);
        request.auditSubject = subject.id;
        return since === null ? null : new Date(since);
      });
    },
  );

  app.post(
    '/health-survey/:variant/submit',
    {
      onRequest: writeGuard,
      schema: {
        summary:
          "Submits the survey: completed when every required, enabled question has an answer (else 422 naming the missing ones); the person's healthSurveyStatus becomes 'done'",
        tags: ['health-survey'],
        params: surveyVariantParamsSchema,
        querystring: writeQuerySchema,
        response: {
          200: surveyResponseAnswerSchema,
          ...errors,
          409: z.union([surveyConflictSchema, errorBodySchema]),
          422: surveyMissingSchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const subject = await app.resolveSubject(request, undefined);
      return await surveys.submit(subject, request.params.variant);
    },
  );

  app.get(
    '/health-survey/:variant/response.json',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        summary:
          "The person's answers as a FHIR QuestionnaireResponse file (application/fhir+json); 404 before any answer; admins may pass asUser",
        tags: ['health-survey'],
        params: surveyVariantParamsSchema,
        querystring: surveyReadQuerySchema,
        // No response schema: the answer is the FHIR resource file.
      },
    },
    async (request, reply) => {
      const subject = await app.resolveSubject(request, request.query.asUser);
      const response = await surveys.download(subject, request.params.variant);
      return await reply
        .type('application/fhir+json; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="health-survey-${request.params.variant}.json"`,
        )
        .header('cache-control', 'no-store')
        .send(JSON.stringify(response, null, 2));
    },
  );

  return Promise.resolve();
};
