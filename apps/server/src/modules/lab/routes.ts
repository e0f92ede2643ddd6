import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LAB_KEY_INVALID, LAB_KEY_REQUIRED } from '@nestling/shared/contract/lab';
import { labApi } from '@nestling/shared/contract/api/lab';
import { labKeysApi } from '@nestling/shared/contract/api/lab-keys';
import { sendError } from '../../plugins/errors.ts';
import { requireAdmin } from '../../plugins/require-admin.ts';
import { rateLimitRules, TOO_MANY_REQUESTS } from '../rate-limit/index.ts';
import { createReportsRepository } from '../reports/index.ts';
import { createUsersRepository } from '../users/index.ts';
import { createLabRepository } from './repository.ts';
import { createLabService, type LabService } from './service.ts';
import {
  createVersionNoticeHandler,
  VERSION_NOTICE_JOB_KIND,
  type VersionNoticePayload,
} from './version-notice.ts';
import { Refusal } from '../../lib/refusal.ts';

/** An embryo report with many embryos and fine density charts is larger than Fastify's 1 MiB. */
const REPORT_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * onRequest: a live lab API key, read from the headers before a byte of the body is: a caller
 * without one never gets the large body limit, and only a lab learns what the schema refuses.
 * Failed keys count against the caller's address. A refusal closes the connection, so that the
 * unread body is not drained either. Also guards the lab's order events (purchase-orders).
 */
export function labKeyGuard(
  app: FastifyInstance,
  lab: LabService = createLabService(createLabRepository(app.database.db)),
) {
  const { rateLimiter } = app;
  return async function requireLabKey(request: FastifyRequest, reply: FastifyReply) {
    const refuse = (statusCode: number, message: string) =>
      sendError(request, reply.header('connection', 'close'), statusCode, message);
    if (await rateLimiter.exhausted(rateLimitRules.labKeyFailureIp, request.ip)) {
      return refuse(429, TOO_MANY_REQUESTS);
    }
    const header = request.headers.authorization;
    const key = header === undefined ? undefined : /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    if (key === undefined) return refuse(401, LAB_KEY_REQUIRED);
    try {
      await lab.authenticate(key);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      await rateLimiter.record(rateLimitRules.labKeyFailureIp, request.ip);
      return refuse(401, LAB_KEY_INVALID);
    }
  };
}

/** Lab delivery (ADR 009): reports in with a lab API key; the keys, for admins. */
export const labRoutes: FastifyPluginAsyncZod = (app) => {
  const { database } = app;
  const lab = createLabService(createLabRepository(database.db));

  const requireLabKey = labKeyGuard(app, lab);
  const adminOnly = [app.requireVerifiedUser, requireAdmin];

  const reports = createReportsRepository(database.db);
  const users = createUsersRepository(database.db);
  app.jobHandlers.register<VersionNoticePayload>(
    VERSION_NOTICE_JOB_KIND,
    createVersionNoticeHandler({
      ownersOf: (reportId) => reports.ownerIds(reportId),
      findUser: (id) => users.findById(id),
      sendMail: (message) => app.mailer.send(message),
      config: app.config,
    }),
  );

  app.post(
    '/lab/reports',
    {
      onRequest: requireLabKey,
      bodyLimit: REPORT_BODY_LIMIT,
      schema: labApi['POST /lab/reports'],
    },
    async (request, reply) => {
      const receipt = await lab.receive(request.body);
      if (receipt.created) {
        // The owners hear of it by mail, through a durable job so a mail server's hiccup is
        // retried and never fails the delivery.
        await app.jobs.enqueue({
          kind: VERSION_NOTICE_JOB_KIND,
          payload: { reportId: receipt.reportId, version: receipt.version },
          userId: null,
        });
      }
      return reply.code(receipt.created ? 201 : 200).send(receipt);
    },
  );

  app.post(
    '/admin/lab-keys',
    {
      config: { audit: { action: 'lab-key-create', subject: 'none' } },
      onRequest: adminOnly,
      schema: labKeysApi['POST /admin/lab-keys'],
    },
    async (request, reply) => {
      const actorId = request.identity?.userId ?? null;
      const created = await lab.createKey(request.body.name, actorId);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/admin/lab-keys',
    {
      onRequest: adminOnly,
      schema: labKeysApi['GET /admin/lab-keys'],
    },
    async () => ({ keys: await lab.listKeys() }),
  );

  app.delete(
    '/admin/lab-keys/:id',
    {
      config: { audit: { action: 'lab-key-revoke', subject: 'none' } },
      onRequest: adminOnly,
      schema: labKeysApi['DELETE /admin/lab-keys/:id'],
    },
    async (request) => {
      const revoked = await lab.revokeKey(request.params.id);
      return revoked;
    },
  );

  return Promise.resolve();
};
