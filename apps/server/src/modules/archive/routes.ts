import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ARCHIVE_MEDIA_TYPE,
  ARCHIVE_NOT_ACCEPTABLE,
  ARCHIVE_RATE_LIMIT,
  ARCHIVE_TOO_MANY,
} from '@nestling/shared/contract/archive';
import { sendError } from '../../plugins/errors.ts';
import type { SurveyVariant } from '@nestling/shared/health-survey/questionnaires';
import { archiveApi } from '@nestling/shared/contract/api/archive';
import { createDocumentsRepository } from '../documents/index.ts';
import { createHealthSurveyRepository, createHealthSurveyService } from '../health-survey/index.ts';
import type { RateLimitRule } from '../rate-limit/index.ts';
import { createReportsRepository, type ReportsService } from '../reports/index.ts';
import { createPersonRecords } from './records.ts';
import { createArchiveService } from './service.ts';

/** Archives asked for by one signed-in person (an admin's count covers every patient). */
export const archiveRateLimit = {
  bucket: 'archive:user',
  limit: ARCHIVE_RATE_LIMIT.limit,
  windowMs: ARCHIVE_RATE_LIMIT.windowMinutes * 60 * 1000,
} as const satisfies RateLimitRule;

/** True when the Accept header lists application/zip (and not with q=0). */
function acceptsZip(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((range) => {
    const [type, ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    return type === ARCHIVE_MEDIA_TYPE && !parameters.some((p) => /^q=0(\.0*)?$/.test(p));
  });
}

/** The ZIP as an attachment, never cached (the route's schema types only its errors). */
function sendZip(reply: FastifyReply, fileName: string, zip: Readable) {
  return reply
    .type(ARCHIVE_MEDIA_TYPE)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(zip);
}

/**
 * The archive service as the portal runs it: the person's own reports and documents. The
 * reports are read through the app's reports service, so sensitive results the person has not
 * chosen to see stay out of the ZIP (ADR 022).
 */
export function createArchiveServiceFor(app: FastifyInstance, reports: ReportsService) {
  const { db } = app.database;
  const reportsRepository = createReportsRepository(db);
  const surveyRepository = createHealthSurveyRepository(db);
  return createArchiveService({
    reports,
    reportsRepository,
    documents: createDocumentsRepository(db),
    records: createPersonRecords(db),
    async surveysOf(person) {
      const surveys = createHealthSurveyService({ repository: surveyRepository });
      const began = await surveyRepository.listOf(person.id);
      // Through the survey service: its research answer is the person's one consent.
      return Promise.all(
        began.map((row) => surveys.download(person, row.variant as SurveyVariant)),
      );
    },
    fileStore: app.fileStore,
    brand: app.config.brand,
  });
}

/** Spec section 7's ZIP download: everything the portal keeps for a person, in one file. */
export const archiveRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = (
  app,
  { reports },
) => {
  const archive = createArchiveServiceFor(app, reports);

  app.post(
    '/user/archive',
    {
      config: { whileImpersonating: 'allowed' },
      onRequest: app.requireVerifiedUser,
      schema: archiveApi['POST /user/archive'],
    },
    async (request, reply) => {
      if (!acceptsZip(request.headers.accept)) {
        return sendError(request, reply, 406, ARCHIVE_NOT_ACCEPTABLE);
      }
      const subject = await app.resolveSubject(request, request.query.asUser);
      // The caller's count, not the subject's: it is the caller who makes the server render.
      const caller = request.identity?.userId ?? subject.id;
      if (!(await app.rateLimiter.consume(archiveRateLimit, caller))) {
        reply.header('retry-after', String(archiveRateLimit.windowMs / 1000));
        return sendError(request, reply, 429, ARCHIVE_TOO_MANY);
      }
      const planned = await archive.plan(subject, request.log);
      return sendZip(reply, planned.fileName, archive.stream(planned, request.log));
    },
  );
  return Promise.resolve();
};
