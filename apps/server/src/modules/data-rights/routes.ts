import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataRightsApi } from '@nestling/shared/contract/api/data-rights';
import { createAuditRepository } from '../audit/index.ts';
import { requireDataPortal } from '../my-data/index.ts';
import { deletionScheduledMail } from './mail.ts';
import { createUsersRepository } from '../users/index.ts';
import { createDataRightsRepository } from './repository.ts';
import {
  ACCOUNT_DELETION_JOB_KIND,
  createDataRightsService,
  RETAINED_RECORD_EXPIRY_JOB_KIND,
  type AccountDeletionJobPayload,
  type RetainedRecordExpiryPayload,
} from './service.ts';

/** The data-rights service as the portal runs it (the survey records research consent too). */
export function createDataRightsServiceFor(app: FastifyInstance) {
  const { db } = app.database;
  const users = createUsersRepository(db);
  return createDataRightsService({
    repository: createDataRightsRepository(db),
    jobs: app.jobs,
    files: {
      fileStore: app.fileStore,
      uploads: app.uploads,
    },
    findUser: (id) => users.findById(id),
    testRecordRetentionYears: app.config.lab.testRecordRetentionYears,
  });
}

/**
 * The data-rights center (ADR 027): the overview of what the portal holds,
 * the research consent, and deleting the account after a grace period. The choices are the
 * person's own: staff viewing as them read, impersonating them are refused.
 */
export const dataRightsRoutes: FastifyPluginAsyncZod = (app) => {
  const { db } = app.database;
  const audits = createAuditRepository(db);
  const service = createDataRightsServiceFor(app);
  const ownChoice = [app.requireVerifiedUser, app.refuseWhileImpersonating];
  const callerOf = (request: FastifyRequest) => app.resolveSubject(request, undefined);

  app.jobHandlers.register<AccountDeletionJobPayload>(
    ACCOUNT_DELETION_JOB_KIND,
    async (context) => {
      const done = await service.runDeletionJob(context);
      if (done.pseudonym !== undefined) {
        await audits.insert({
          id: randomUUID(),
          actorId: null,
          subjectId: done.pseudonym,
          action: 'account-deleted',
        });
        context.log.info(
          { testRecordsKeptUntil: done.keptUntil?.toISOString() ?? null },
          'Account deleted',
        );
      }
      return { deleted: done.deleted };
    },
  );
  app.jobHandlers.register<RetainedRecordExpiryPayload>(
    RETAINED_RECORD_EXPIRY_JOB_KIND,
    async (context) => {
      const deleted = await service.runRetainedRecordExpiry(context);
      if (deleted) context.log.info('Kept test records deleted at the end of their period');
      return { deleted };
    },
  );

  app.get(
    '/my-data',
    {
      onRequest: app.requireVerifiedUser,
      schema: dataRightsApi['GET /my-data'],
    },
    async (request) => {
      const subject = await app.resolveSubject(request, request.query.asUser);
      requireDataPortal(subject);
      return service.overview(subject);
    },
  );

  app.get(
    '/user/privacy',
    {
      onRequest: app.requireVerifiedUser,
      schema: dataRightsApi['GET /user/privacy'],
    },
    async (request) => {
      const subject = await app.resolveSubject(request, request.query.asUser);
      return service.privacy(subject);
    },
  );

  app.get(
    '/user/deletion',
    {
      onRequest: app.requireVerifiedUser,
      schema: dataRightsApi['GET /user/deletion'],
    },
    async (request) => {
      const subject = await app.resolveSubject(request, request.query.asUser);
      return { deletion: await service.deletion(subject.id) };
    },
  );

  app.post(
    '/user/deletion',
    {
      config: { audit: { action: 'account-deletion-request', subject: 'caller' } },
      onRequest: ownChoice,
      schema: dataRightsApi['POST /user/deletion'],
    },
    async (request) => {
      const caller = await callerOf(request);
      const deletion = await service.requestDeletion(caller, request.body.confirmEmail);
      await app.mailer.send(
        deletionScheduledMail(app.config, caller.email, new Date(deletion.dueAt)),
      );
      return { deletion };
    },
  );

  app.delete(
    '/user/deletion',
    {
      config: { audit: { action: 'account-deletion-cancel', subject: 'caller' } },
      onRequest: ownChoice,
      schema: dataRightsApi['DELETE /user/deletion'],
    },
    async (request) => {
      const caller = await callerOf(request);
      await service.cancelDeletion(caller.id);
      return { deletion: null };
    },
  );

  app.put(
    '/user/research-consent',
    {
      config: { audit: { action: 'research-consent', subject: 'caller' } },
      onRequest: ownChoice,
      schema: dataRightsApi['PUT /user/research-consent'],
    },
    async (request) => {
      const caller = await callerOf(request);
      const since = await service.setResearchConsent(caller.id, request.body.consent);
      return { researchConsentSince: since };
    },
  );

  return Promise.resolve();
};
