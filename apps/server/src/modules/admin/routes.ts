import { requireAdmin } from '../../plugins/require-admin.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUserParamsSchema,
  adminUserSchema,
  adminUsersAnswerSchema,
  adminUsersQuerySchema,
  AUDIT_CSV_MAX_ROWS,
  auditAnswerSchema,
  auditCsvTooLarge,
  auditFilterSchema,
  auditQuerySchema,
  dataPortalBodySchema,
  impersonationBodySchema,
} from '@nestling/shared/contract/admin';
import { USER_NOT_FOUND } from '@nestling/shared/contract/portal-user';
import { accessTokenSchema } from '@nestling/shared/contract/auth';
import { errorBodySchema } from '@nestling/shared/contract/error';
import { sendCsv } from '../../csv.ts';
import { sendError } from '../../plugins/errors.ts';
import { createAuthRepository } from '../auth/index.ts';
import { createImpersonationService } from '../impersonation/index.ts';
import { createUsersRepository } from '../users/index.ts';
import { createAdminRepository } from './repository.ts';
import { createAdminService } from './service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
};

/** The lab staff's API: user search, the audit log and its export, impersonation. */
export const adminRoutes: FastifyPluginAsyncZod = (app) => {
  const { database, audit, authService, config } = app;
  const admin = createAdminService(createAdminRepository(database.db));
  const impersonation = createImpersonationService({
    config,
    sessions: createAuthRepository(database.db),
    users: createUsersRepository(database.db),
    authService,
    audit,
  });

  const adminOnly = [app.requireVerifiedUser, requireAdmin];

  app.get(
    '/admin/users',
    {
      onRequest: adminOnly,
      schema: {
        summary: 'Users whose name or email contains q, newest first (admins only)',
        tags: ['admin'],
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersAnswerSchema, ...errors },
      },
    },
    async (request) => ({ users: await admin.searchUsers(request.query) }),
  );

  app.put(
    '/admin/users/:id/data-portal',
    {
      config: { audit: { action: 'data-portal-update', subject: 'named' } },
      onRequest: adminOnly,
      schema: {
        summary: 'Turns My Data on or off for one person; audited (admins only)',
        tags: ['admin'],
        params: adminUserParamsSchema,
        body: dataPortalBodySchema,
        response: { 200: adminUserSchema, ...errors, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      if (request.identity === null) return sendError(request, reply, 401, 'No token in context');
      const updated = await admin.setDataPortal(request.params.id, request.body.enabled);
      if (updated === null) return sendError(request, reply, 404, USER_NOT_FOUND);
      request.auditSubject = updated.id;
      return updated;
    },
  );

  app.get(
    '/admin/audit',
    {
      onRequest: adminOnly,
      schema: {
        summary:
          'The audit log, newest first, a page at a time; filters by staff member, patient (id or email), action and time (admins only)',
        tags: ['admin'],
        querystring: auditQuerySchema,
        response: { 200: auditAnswerSchema, ...errors },
      },
    },
    async (request) => audit.list(request.query),
  );

  app.get(
    '/admin/audit.csv',
    {
      config: { audit: { action: 'audit-export', subject: 'none' } },
      onRequest: adminOnly,
      schema: {
        summary: `The audit log entries the filters match as a CSV file, at most ${String(AUDIT_CSV_MAX_ROWS)}; formulas are made plain text; the export is audited (admins only)`,
        tags: ['admin'],
        querystring: auditFilterSchema,
        // No response schema: the answer is the CSV text; errors are the usual body.
      },
    },
    async (request, reply) => {
      if (request.identity === null) return sendError(request, reply, 401, 'No token in context');
      const total = await audit.count(request.query);
      // One bounded file rather than a silently cut one: narrower filters always fit.
      if (total > AUDIT_CSV_MAX_ROWS) {
        return sendError(request, reply, 400, auditCsvTooLarge(total));
      }
      const csv = await audit.csv(request.query);
      // The log names whose pages were viewed, so taking it away is itself recorded.
      return sendCsv(reply, 'audit-log', csv);
    },
  );

  app.post(
    '/admin/impersonation',
    {
      onRequest: [
        app.requireVerifiedUser,
        async (request) => {
          if (request.identity !== null) {
            await impersonation.refuseUnlessImpersonator(request.identity);
          }
        },
      ],
      schema: {
        summary:
          "Starts acting as a patient: an access token for a 1-hour session of the patient's",
        tags: ['admin'],
        body: impersonationBodySchema,
        response: { 200: accessTokenSchema, ...errors, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      if (request.identity === null) return sendError(request, reply, 401, 'No token in context');
      return impersonation.start(request, request.identity, request.body.userId);
    },
  );

  app.delete(
    '/admin/impersonation',
    {
      // Ends the impersonation: made with the impersonated session's token.
      config: { whileImpersonating: 'allowed' },
      onRequest: app.requireUser,
      schema: {
        summary: "Ends the impersonation: an access token for the admin's own session again",
        tags: ['admin'],
        response: { 200: accessTokenSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (request.identity === null) return sendError(request, reply, 401, 'No token in context');
      return impersonation.end(request, request.identity);
    },
  );

  return Promise.resolve();
};
