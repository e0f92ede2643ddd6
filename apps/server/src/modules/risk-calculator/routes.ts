import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@nestling/shared/contract/error';
import {
  riskConditionParamsSchema,
  riskConditionSchema,
  riskConditionsAnswerSchema,
  riskConditionsQuerySchema,
  riskConditionUpdateSchema,
} from '@nestling/shared/contract/risk-calculator';
import { requireAdmin } from '../../plugins/require-admin.ts';
import { createRiskCalculatorRepository } from './repository.ts';
import { createRiskCalculatorService } from './service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/** The risk calculator's starting values per condition, and lab staff's own values for them. */
export const riskCalculatorRoutes: FastifyPluginAsyncZod = (app) => {
  const riskCalculator = createRiskCalculatorService({
    repository: createRiskCalculatorRepository(app.database.db),
  });
  const adminOnly = [app.requireVerifiedUser, requireAdmin];

  app.get(
    '/risk-calculator/conditions',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        summary:
          "Every catalogue condition's prevalence, score r² and heritability, each with its source: the lab's value where staff set one, the published one else; changedBy is sent to admins only; admins may pass asUser",
        tags: ['risk-calculator'],
        querystring: riskConditionsQuerySchema,
        response: { 200: riskConditionsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      // The values are the same for everyone; asUser is still checked (and audited) as on
      // every page an admin views as a patient.
      await app.resolveSubject(request, request.query.asUser);
      const reader = { isAdminUser: request.identity?.isAdminUser === true };
      return { conditions: await riskCalculator.conditions(reader) };
    },
  );

  app.put(
    '/admin/risk-conditions/:code',
    {
      config: { audit: { action: 'risk-condition-update', subject: 'none' } },
      onRequest: adminOnly,
      schema: {
        summary:
          "Sets the lab's prevalence, r² and heritability of a condition (null: the published value) with a note saying where they come from; r² may not exceed the heritability (admins only)",
        tags: ['admin'],
        params: riskConditionParamsSchema,
        body: riskConditionUpdateSchema,
        response: { 200: riskConditionSchema, ...errors },
      },
    },
    async (request) => {
      const identity = request.identity;
      if (identity === null) throw new Error('requireVerifiedUser lets no anonymous caller by');
      const updated = await riskCalculator.set(request.params.code, request.body, identity);
      return updated;
    },
  );

  app.delete(
    '/admin/risk-conditions/:code',
    {
      config: { audit: { action: 'risk-condition-reset', subject: 'none' } },
      onRequest: adminOnly,
      schema: {
        summary: 'Puts a condition back to its published values (admins only)',
        tags: ['admin'],
        params: riskConditionParamsSchema,
        response: { 200: riskConditionSchema, ...errors },
      },
    },
    async (request) => {
      const identity = request.identity;
      if (identity === null) throw new Error('requireVerifiedUser lets no anonymous caller by');
      const restored = await riskCalculator.reset(request.params.code, identity);
      return restored;
    },
  );

  return Promise.resolve();
};
