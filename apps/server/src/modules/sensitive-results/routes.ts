import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@nestling/shared/contract/error';
import {
  sensitiveRuleInputSchema,
  sensitiveRuleParamsSchema,
  sensitiveRuleSchema,
  sensitiveRulesAnswerSchema,
} from '@nestling/shared/contract/sensitive-results';
import { requireAdmin } from '../../plugins/require-admin.ts';
import { createSensitiveResultsRepository } from './repository.ts';
import { createSensitiveResultsService } from './service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

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
      schema: {
        summary:
          'The conditions and genes whose results are held back until released (admins only)',
        tags: ['admin'],
        response: { 200: sensitiveRulesAnswerSchema, ...errors },
      },
    },
    async () => ({ rules: await sensitive.rules() }),
  );

  app.post(
    '/admin/sensitive-rules',
    {
      config: { audit: { action: 'sensitive-rule-update', subject: 'none' } },
      onRequest: adminOnly,
      schema: {
        summary:
          'Marks a condition (a disease code) or a gene (its symbol) as sensitive, with a note (admins only; audited)',
        tags: ['admin'],
        body: sensitiveRuleInputSchema,
        response: { 200: sensitiveRuleSchema, ...errors },
      },
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
      schema: {
        summary:
          'Stops holding back the results of a condition or gene; answers the rules left (admins only; audited)',
        tags: ['admin'],
        params: sensitiveRuleParamsSchema,
        response: { 200: sensitiveRulesAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await sensitive.removeRule(request.params.id);
      return { rules: await sensitive.rules() };
    },
  );
  return Promise.resolve();
};
