import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sensitiveResultsApi } from '@nestling/shared/contract/api/sensitive-results';
import { requireAdmin } from '../../plugins/require-admin.ts';
import { createSensitiveResultsRepository } from './repository.ts';
import { createSensitiveResultsService } from './service.ts';

/** Counseling-first release of sensitive results (ADR 022). */
export const sensitiveResultsRoutes: FastifyPluginAsyncZod = (app) => {
  const { db } = app.database;
  const sensitive = createSensitiveResultsService({
    repository: createSensitiveResultsRepository(db),
  });
  const adminOnly = [app.requireVerifiedUser, requireAdmin];
  const staffId = (request: FastifyRequest) => {
    const identity = request.identity;
    if (identity === null) throw new Error('requireVerifiedUser lets no anonymous caller by');
    return identity.userId;
  };

  app.get(
    '/admin/sensitive-rules',
    {
      onRequest: adminOnly,
      schema: sensitiveResultsApi['GET /admin/sensitive-rules'],
    },
    async () => ({ rules: await sensitive.rules() }),
  );

  app.post(
    '/admin/sensitive-rules',
    {
      config: { audit: { action: 'sensitive-rule-update', subject: 'none' } },
      onRequest: adminOnly,
      schema: sensitiveResultsApi['POST /admin/sensitive-rules'],
    },
    async (request) => {
      const rule = await sensitive.addRule(request.body, staffId(request));
      return rule;
    },
  );

  app.delete(
    '/admin/sensitive-rules/:id',
    {
      config: { audit: { action: 'sensitive-rule-update', subject: 'none' } },
      onRequest: adminOnly,
      schema: sensitiveResultsApi['DELETE /admin/sensitive-rules/:id'],
    },
    async (request) => {
      await sensitive.removeRule(request.params.id);
      return { rules: await sensitive.rules() };
    },
  );
  return Promise.resolve();
};
