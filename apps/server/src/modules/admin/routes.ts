import { requireAdmin } from '../../plugins/require-admin.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUDIT_CSV_MAX_ROWS, auditCsvTooLarge } from '@nestling/shared/contract/admin';
import { USER_NOT_FOUND } from '@nestling/shared/contract/portal-user';
import { adminApi } from '@nestling/shared/contract/api/admin';
import { sendCsv } from '../../csv.ts';
import { sendError } from '../../plugins/errors.ts';
import { createAuthRepository } from '../auth/index.ts';
import { createImpersonationService } from '../impersonation/index.ts';
import { createUsersRepository } from '../users/index.ts';
import { createAdminRepository } from './repository.ts';
import { createAdminService } from './service.ts';

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
      schema: adminApi['GET /admin/users'],
    },
    async (request) => ({ users: await admin.searchUsers(request.query) }),
  );

  app.put(
    '/admin/users/:id/data-portal',
    {
      config: { audit: { action: 'data-portal-update', subject: 'named' } },
      onRequest: adminOnly,
      schema: adminApi['PUT /admin/users/:id/data-portal'],
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
      schema: adminApi['GET /admin/audit'],
    },
    async (request) => audit.list(request.query),
  );

  app.get(
    '/admin/audit.csv',
    {
      config: { audit: { action: 'audit-export', subject: 'none' } },
      onRequest: adminOnly,
      schema: adminApi['GET /admin/audit.csv'],
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
      schema: adminApi['POST /admin/impersonation'],
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
      schema: adminApi['DELETE /admin/impersonation'],
    },
    async (request, reply) => {
      if (request.identity === null) return sendError(request, reply, 401, 'No token in context');
      return impersonation.end(request, request.identity);
    },
  );

  return Promise.resolve();
};
