import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminClinicSchema,
  adminClinicsAnswerSchema,
  clinicInputSchema,
  clinicParamsSchema,
  clinicSearchAnswerSchema,
  clinicSearchQuerySchema,
} from '@nestling/shared/contract/clinics';
import { errorBodySchema } from '@nestling/shared/contract/error';
import { requireAdmin } from '../../plugins/require-admin.ts';
import { createClinicsRepository } from './repository.ts';
import { createClinicsService } from './service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

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
      schema: {
        summary:
          'Active partner clinics: a 5-digit ZIP orders them by great-circle miles from its center, nearest first; other text matches name, city or state, by name; no query lists all, nearest to the ZIP of the person’s shipping address when known. Admins may pass asUser',
        tags: ['clinics'],
        querystring: clinicSearchQuerySchema,
        response: { 200: clinicSearchAnswerSchema, ...errors },
      },
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
      schema: {
        summary: 'Every clinic of the directory, active or not, by name (admins only)',
        tags: ['admin'],
        response: { 200: adminClinicsAnswerSchema, ...errors },
      },
    },
    async () => ({ clinics: await clinics.all() }),
  );

  app.post(
    '/admin/clinics',
    {
      config: { audit: { action: 'clinic-update', subject: 'none' } },
      onRequest: adminOnly,
      schema: {
        summary:
          'Adds a clinic; without latitude and longitude it is placed at its ZIP’s center, and a ZIP not known answers 400 (admins only; audited)',
        tags: ['admin'],
        body: clinicInputSchema,
        response: { 200: adminClinicSchema, ...errors },
      },
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
      schema: {
        summary:
          'Changes a clinic; an inactive one is no longer listed nor can be chosen, earlier choices stay (admins only; audited)',
        tags: ['admin'],
        params: clinicParamsSchema,
        body: clinicInputSchema,
        response: { 200: adminClinicSchema, ...errors },
      },
    },
    async (request) => {
      const updated = await clinics.update(request.params.id, request.body);
      return updated;
    },
  );

  return Promise.resolve();
};
