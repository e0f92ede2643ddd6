import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clinicsApi } from '@nestling/shared/contract/api/clinics';
import { requireAdmin } from '../../plugins/require-admin.ts';
import { createClinicsRepository } from './repository.ts';
import { createClinicsService } from './service.ts';

/** The partner clinic directory (ADR 021); the person's own clinic is clinic-sharing's. */
export const clinicsRoutes: FastifyPluginAsyncZod = (app) => {
  const clinics = createClinicsService({
    repository: createClinicsRepository(app.database.db),
  });
  const adminOnly = [app.requireVerifiedUser, requireAdmin];

  app.get(
    '/clinics',
    {
      onRequest: app.requireVerifiedUser,
      schema: clinicsApi['GET /clinics'],
    },
    async (request) => {
      const subject = await app.resolveSubject(request, request.query.asUser);
      return clinics.search(subject.id, request.query.query);
    },
  );

  app.get(
    '/admin/clinics',
    {
      onRequest: adminOnly,
      schema: clinicsApi['GET /admin/clinics'],
    },
    async () => ({ clinics: await clinics.all() }),
  );

  app.post(
    '/admin/clinics',
    {
      config: { audit: { action: 'clinic-update', subject: 'none' } },
      onRequest: adminOnly,
      schema: clinicsApi['POST /admin/clinics'],
    },
    async (request) => {
      const created = await clinics.create(request.body);
      return created;
    },
  );

  app.put(
    '/admin/clinics/:id',
    {
      config: { audit: { action: 'clinic-update', subject: 'none' } },
      onRequest: adminOnly,
      schema: clinicsApi['PUT /admin/clinics/:id'],
    },
    async (request) => {
      const updated = await clinics.update(request.params.id, request.body);
      return updated;
    },
  );

  return Promise.resolve();
};
