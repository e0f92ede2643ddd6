import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SURVEY_VIEW_AS_READ_ONLY } from '@nestling/shared/contract/health-survey';
import { questionnaireFor } from '@nestling/shared/health-survey/questionnaires';
import { healthSurveyApi } from '@nestling/shared/contract/api/health-survey';
import { errorBody } from '../../plugins/errors.ts';
import type { RateLimitRule } from '../rate-limit/index.ts';
import { createDataRightsServiceFor } from '../data-rights/index.ts';
import { createHealthSurveyRepository } from './repository.ts';
import { createHealthSurveyService } from './service.ts';

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
      schema: healthSurveyApi['GET /health-survey'],
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
      schema: healthSurveyApi['GET /health-survey/questionnaires/:variant'],
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
      schema: healthSurveyApi['GET /health-survey/:variant/response'],
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
      schema: healthSurveyApi['PUT /health-survey/:variant/response'],
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
      schema: healthSurveyApi['POST /health-survey/:variant/submit'],
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
      schema: healthSurveyApi['GET /health-survey/:variant/response.json'],
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
