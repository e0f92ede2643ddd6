import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_ONLY,
  adminUserParamsSchema,
  adminUserSchema,
  adminUsersAnswerSchema,
  adminUsersQuerySchema,
  auditAnswerSchema,
  auditQuerySchema,
  dataPortalBodySchema,
  impersonationBodySchema,
} from '@nestling/shared/contract/admin';
import { USER_NOT_FOUND } from '@nestling/shared/contract/portal-user';
import { accessTokenSchema } from '@nestling/shared/contract/auth';
import { errorBodySchema } from '@nestling/shared/contract/error';
import { sendError } from '../../plugins/errors.ts';
import { createAuthRepository } from '../auth/repository.ts';
import { createImpersonationService } from '../impersonation/service.ts';
import { createUsersRepository } from '../users/repository.ts';
import { createAdminRepository } from './repository.ts';
import { createAdminService } from './service.ts';

/** preHandler after requireVerifiedUser: admins only. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply) {
  if (request.identity?.isAdminUser !== true) await sendError(request, reply, 403, ADMIN_ONLY);
}

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
};

/** The lab staff's API: user search, the audit log, impersonation. */
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
      preHandler: adminOnly,
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
      preHandler: adminOnly,
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
      await audit.record(request, {
        actorId: request.identity.userId,
        subjectId: updated.id,
        action: 'data-portal-update',
      });
      return updated;
    },
  );

  app.get(
    '/admin/audit',
    {
      preHandler: adminOnly,
      schema: {
        summary: 'The audit log, newest first; subject is a user id or email (admins only)',
        tags: ['admin'],
        querystring: auditQuerySchema,
        response: { 200: auditAnswerSchema, ...errors },
      },
    },
    async (request) => ({ entries: await audit.list(request.query) }),
  );

  app.post(
    '/admin/impersonation',
    {
      preHandler: app.requireVerifiedUser,
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
      preHandler: app.requireUser,
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
