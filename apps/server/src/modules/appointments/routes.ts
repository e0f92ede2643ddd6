import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appointmentsApi } from '@nestling/shared/contract/api/appointments';
import { requireAdmin } from '../../plugins/require-admin.ts';
import { createAppointmentsRepository } from './repository.ts';
import {
  APPOINTMENT_REMINDER_JOB_KIND,
  createAppointmentsService,
  type AppointmentReminderPayload,
  type Booker,
} from './service.ts';
import { Refusal } from '../../lib/refusal.ts';

/** The signed-in person (requireVerifiedUser has run). */
function bookerOf(request: FastifyRequest): Booker {
  const identity = request.identity;
  if (identity === null) throw new Refusal(401, 'No token in context');
  const { user } = identity;
  const name = [user.firstName, user.lastName].filter((part) => part?.trim()).join(' ');
  return { id: identity.userId, email: user.email, name: name || user.name || user.email };
}

/** Genetic counseling appointments and the counselors' hours (ADR 019). */
export const appointmentsRoutes: FastifyPluginAsyncZod = (app) => {
  const appointments = createAppointmentsService({
    repository: createAppointmentsRepository(app.database.db),
    rateLimiter: app.rateLimiter,
    queueMail: (message, options) => app.mailer.send(message, options),
    jobs: app.jobs,
    config: app.config,
  });
  // The day-before reminder. Its result and log name no one and no link.
  app.jobHandlers.register<AppointmentReminderPayload>(
    APPOINTMENT_REMINDER_JOB_KIND,
    async (context) => ({ sent: await appointments.sendReminder(context.payload) }),
  );
  const ownChoice = [app.requireVerifiedUser, app.refuseWhileImpersonating];
  const adminOnly = [app.requireVerifiedUser, requireAdmin];

  app.get(
    '/appointments/slots',
    {
      onRequest: app.requireVerifiedUser,
      schema: appointmentsApi['GET /appointments/slots'],
    },
    (request) => appointments.slots(request.query),
  );

  app.get(
    '/appointments',
    {
      onRequest: app.requireVerifiedUser,
      schema: appointmentsApi['GET /appointments'],
    },
    async (request) => {
      const subject = await app.resolveSubject(request, request.query.asUser);
      const list = await appointments.upcoming(subject.id);
      // The join link is the patient's and the counselor's: not shown to staff viewing as them.
      const own = subject.id === request.identity?.userId;
      return {
        appointments: own ? list : list.map((entry) => ({ ...entry, joinUrl: null })),
      };
    },
  );

  app.post(
    '/appointments',
    {
      onRequest: ownChoice,
      schema: appointmentsApi['POST /appointments'],
    },
    (request) => appointments.book(bookerOf(request), request.body),
  );

  app.post(
    '/appointments/:id/reschedule',
    {
      onRequest: ownChoice,
      schema: appointmentsApi['POST /appointments/:id/reschedule'],
    },
    (request) => appointments.reschedule(bookerOf(request), request.params.id, request.body),
  );

  app.post(
    '/appointments/:id/cancel',
    {
      onRequest: ownChoice,
      schema: appointmentsApi['POST /appointments/:id/cancel'],
    },
    (request) => appointments.cancel(bookerOf(request), request.params.id),
  );

  app.get(
    '/admin/counselors',
    {
      onRequest: adminOnly,
      schema: appointmentsApi['GET /admin/counselors'],
    },
    async () => ({ counselors: await appointments.counselors() }),
  );

  app.post(
    '/admin/counselors',
    {
      config: { audit: { action: 'counselor-update', subject: 'none' } },
      onRequest: adminOnly,
      schema: appointmentsApi['POST /admin/counselors'],
    },
    async (request) => {
      const created = await appointments.createCounselor(request.body);
      return created;
    },
  );

  app.put(
    '/admin/counselors/:id',
    {
      config: { audit: { action: 'counselor-update', subject: 'none' } },
      onRequest: adminOnly,
      schema: appointmentsApi['PUT /admin/counselors/:id'],
    },
    async (request) => {
      const updated = await appointments.updateCounselor(request.params.id, request.body);
      return updated;
    },
  );

  app.put(
    '/admin/counselors/:id/availability',
    {
      config: { audit: { action: 'counselor-update', subject: 'none' } },
      onRequest: adminOnly,
      schema: appointmentsApi['PUT /admin/counselors/:id/availability'],
    },
    async (request) => {
      const updated = await appointments.setAvailability(request.params.id, request.body);
      return updated;
    },
  );

  app.get(
    '/admin/appointments',
    {
      config: { audit: { action: 'appointments-day-read', subject: 'none' } },
      onRequest: adminOnly,
      schema: appointmentsApi['GET /admin/appointments'],
    },
    async (request) => {
      const answer = await appointments.day(request.query);
      return answer;
    },
  );

  return Promise.resolve();
};
