import { callerId } from '../../plugins/caller.ts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clinicSharingApi } from '@nestling/shared/contract/api/clinic-sharing';
import { sendError } from '../../plugins/errors.ts';
import { createClinicsRepository, createClinicsService } from '../clinics/index.ts';
import { createOrdersRepository } from '../orders/index.ts';
import { rateLimitRules, TOO_MANY_REQUESTS } from '../rate-limit/index.ts';
import { createReportsRepository, sendReportPdf, type ReportsService } from '../reports/index.ts';
import {
  createSensitiveResultsRepository,
  createSensitiveResultsService,
} from '../sensitive-results/index.ts';
import { createUsersRepository } from '../users/index.ts';
import { createClinicSharingRepository } from './repository.ts';
import { createClinicSharingService } from './service.ts';

/** The sharing service as the portal runs it: mail through the app's mailer. */
export function createClinicSharingServiceFor(
  app: FastifyInstance,
  reports: Pick<ReportsService, 'peopleOf'>,
) {
  const { db } = app.database;
  return createClinicSharingService({
    repository: createClinicSharingRepository(db),
    reports: createReportsRepository(db),
    orders: createOrdersRepository(db),
    users: createUsersRepository(db),
    forReader: createSensitiveResultsService({
      repository: createSensitiveResultsRepository(db),
    }).forReader,
    peopleOf: (reportId) => reports.peopleOf(reportId),
    sendMail: (message) => app.mailer.send(message),
    config: app.config,
  });
}

/**
 * The person's own clinic (`/user/clinic`, ADR 021) and sharing reports with it (ADR 026): the
 * choice, the person's consent, and the pages behind the link mailed to the clinic. Those answer
 * anyone holding a working link, rate-limited per address, and every opening is audited as the
 * clinic reading the person's reports.
 */
export const clinicSharingRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = (
  app,
  { reports },
) => {
  const sharing = createClinicSharingServiceFor(app, reports);
  const clinics = createClinicsService({ repository: createClinicsRepository(app.database.db) });
  const { rateLimiter } = app;
  /** The person's clinic and whether they share their reports with it. */
  const answerFor = async (userId: string) => ({
    clinic: await clinics.chosenBy(userId),
    sharing: await sharing.stateOf(userId),
  });
  const ownChoice = [app.requireVerifiedUser, app.refuseWhileImpersonating];

  app.get(
    '/user/clinic',
    {
      onRequest: app.requireVerifiedUser,
      schema: clinicSharingApi['GET /user/clinic'],
    },
    async (request) => {
      const subject = await app.resolveSubject(request, request.query.asUser);
      return answerFor(subject.id);
    },
  );

  app.put(
    '/user/clinic',
    {
      onRequest: ownChoice,
      schema: clinicSharingApi['PUT /user/clinic'],
    },
    async (request) => {
      await clinics.choose(callerId(request), request.body.clinicId);
      return answerFor(callerId(request));
    },
  );

  app.delete(
    '/user/clinic',
    {
      onRequest: ownChoice,
      schema: clinicSharingApi['DELETE /user/clinic'],
    },
    async (request) => {
      await clinics.clear(callerId(request));
      return { clinic: null, sharing: null };
    },
  );

  app.put(
    '/user/clinic/sharing',
    {
      config: { audit: { action: 'clinic-sharing', subject: 'caller' } },
      // The person's own consent: never given or withdrawn by staff acting as them.
      onRequest: [app.requireVerifiedUser, app.refuseWhileImpersonating],
      schema: clinicSharingApi['PUT /user/clinic/sharing'],
    },
    async (request, reply) => {
      const userId = request.identity?.userId ?? '';
      if (request.body.share && !(await rateLimiter.consume(rateLimitRules.mailUser, userId))) {
        return sendError(request, reply, 429, TOO_MANY_REQUESTS);
      }
      await sharing.setSharing(userId, request.body.share);
      return { clinic: await clinics.chosenBy(userId), sharing: await sharing.stateOf(userId) };
    },
  );

  app.get(
    '/clinic-shares/:token',
    {
      config: { audit: { action: 'clinic-share-read', subject: 'named' } },
      schema: clinicSharingApi['GET /clinic-shares/:token'],
    },
    async (request, reply) => {
      if (!(await rateLimiter.consume(rateLimitRules.clinicShareIp, request.ip))) {
        return sendError(request, reply, 429, TOO_MANY_REQUESTS);
      }
      const { userId, answer } = await sharing.open(request.params.token);
      request.auditSubject = userId;
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );

  app.get(
    '/clinic-shares/:token/reports/:reportId',
    {
      config: { audit: { action: 'clinic-share-read', subject: 'named' } },
      schema: clinicSharingApi['GET /clinic-shares/:token/reports/:reportId'],
    },
    async (request, reply) => {
      if (!(await rateLimiter.consume(rateLimitRules.clinicShareIp, request.ip))) {
        return sendError(request, reply, 429, TOO_MANY_REQUESTS);
      }
      const { userId, summary, pdf } = await sharing.report(
        request.params.token,
        request.params.reportId,
      );
      request.auditSubject = userId;
      return sendReportPdf(app, reply, summary, pdf);
    },
  );

  return Promise.resolve();
};
