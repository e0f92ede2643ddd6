import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { riskCalculatorApi } from '@nestling/shared/contract/api/risk-calculator';
import { requireAdmin } from '../../plugins/require-admin.ts';
import { createRiskCalculatorRepository } from './repository.ts';
import { createRiskCalculatorService } from './service.ts';

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
      schema: riskCalculatorApi['GET /risk-calculator/conditions'],
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
      schema: riskCalculatorApi['PUT /admin/risk-conditions/:code'],
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
      schema: riskCalculatorApi['DELETE /admin/risk-conditions/:code'],
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
