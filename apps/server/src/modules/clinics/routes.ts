import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminClinicSchema,
  adminClinicsAnswerSchema,
  clinicInputSchema,
  clinicParamsSchema,
  clinicSearchAnswerSchema,
  clinicSearchQuerySchema,
  myClinicAnswerSchema,
  myClinicQuerySchema,
  myClinicRequestSchema,
} from '@nestling/shared/contract/clinics';
import { errorBodySchema } from '@nestling/shared/contract/error';
import { requireAdmin } from '../../plugins/require-admin.ts';
import { createClinicSharingServiceFor } from '../clinic-sharing/routes.ts';
import { createClinicsRepository } from './repository.ts';
import { createClinicsService } from './service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/** The partner clinic directory and each person's chosen clinic (ADR 021). */
export const clinicsRoutes: FastifyPluginAsyncZod = (app) => {
  const clinics = createClinicsService({
    repository: createClinicsRepository(app.database.db),
  });
  const sharing = createClinicSharingServiceFor(app);
  /** The person's clinic and whether they share their reports with it. */
  const answerFor = async (userId: string) => ({
    clinic: await clinics.chosenBy(userId),
    sharing: await sharing.stateOf(userId),
  });
  const ownChoice = [app.requireVerifiedUser, app.refuseWhileImpersonating];
  const adminOnly = [app.requireVerifiedUser, requireAdmin];
  const callerId = (request: FastifyRequest) => {
    const identity = request.identity;
    if (identity === null) throw new Error('requireVerifiedUser lets no anonymous caller by');
    return identity.userId;
  };

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
    '/user/clinic',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        summary:
          'The clinic the person chose as theirs, or null, and whether they share their reports with it; admins may pass asUser',
        tags: ['clinics'],
        querystring: myClinicQuerySchema,
        response: { 200: myClinicAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const subject = await app.resolveSubject(request, request.query.asUser);
      return answerFor(subject.id);
    },
  );

  app.put(
    '/user/clinic',
    {
      onRequest: ownChoice,
      schema: {
        summary:
          'Marks an active clinic as the person’s own, replacing any earlier choice (sharing reports with another clinic stops); an inactive or unknown clinic answers 404',
        tags: ['clinics'],
        body: myClinicRequestSchema,
        response: { 200: myClinicAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await clinics.choose(callerId(request), request.body.clinicId);
      return answerFor(callerId(request));
    },
  );

  app.delete(
    '/user/clinic',
    {
      onRequest: ownChoice,
      schema: {
        summary: 'Clears the person’s chosen clinic; sharing reports with it stops',
        tags: ['clinics'],
        response: { 200: myClinicAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await clinics.clear(callerId(request));
      return { clinic: null, sharing: null };
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
      await app.audit.record(request, {
        actorId: callerId(request),
        subjectId: null,
        action: 'clinic-update',
      });
      return created;
    },
  );

  app.put(
    '/admin/clinics/:id',
    {
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
      await app.audit.record(request, {
        actorId: callerId(request),
        subjectId: null,
        action: 'clinic-update',
      });
      return updated;
    },
  );

  return Promise.resolve();
};
