import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAppointmentsAnswerSchema,
  adminCounselorSchema,
  adminCounselorsAnswerSchema,
  appointmentParamsSchema,
  appointmentSchema,
  appointmentsAnswerSchema,
  appointmentsQuerySchema,
  availabilityUpdateSchema,
  bookingRequestSchema,
  counselorInputSchema,
  counselorParamsSchema,
  dayQuerySchema,
  rescheduleRequestSchema,
  slotsAnswerSchema,
  slotsQuerySchema,
} from '@nestling/shared/contract/appointments';
import { errorBodySchema } from '@nestling/shared/contract/error';
import { requireAdmin } from '../../plugins/require-admin.ts';
import { createAppointmentsRepository } from './repository.ts';
import {
  APPOINTMENT_REMINDER_JOB_KIND,
  createAppointmentsService,
  type AppointmentReminderPayload,
  type Booker,
} from './service.ts';
import { Refusal } from '../../lib/refusal.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};

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
      schema: {
        summary:
          'Free counseling slots starting in [from, to) (at most 31 days), from 24 hours ahead to 8 weeks ahead, earliest first; times in UTC',
        tags: ['appointments'],
        querystring: slotsQuerySchema,
        response: { 200: slotsAnswerSchema, ...errors },
      },
    },
    (request) => appointments.slots(request.query),
  );

  app.get(
    '/appointments',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        summary:
          'The person’s booked appointments that have not ended, earliest first; admins may pass asUser',
        tags: ['appointments'],
        querystring: appointmentsQuerySchema,
        response: { 200: appointmentsAnswerSchema, ...errors },
      },
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
      schema: {
        summary:
          'Books a free slot by phone (the number to call) or video (a room of its own); a slot someone else holds answers 409 however many ask at once. Mails a confirmation with a calendar invitation to the person and the counselor, and a reminder the day before; rate-limited',
        tags: ['appointments'],
        body: bookingRequestSchema,
        response: { 200: appointmentSchema, ...errors },
      },
    },
    (request) => appointments.book(bookerOf(request), request.body),
  );

  app.post(
    '/appointments/:id/reschedule',
    {
      onRequest: ownChoice,
      schema: {
        summary:
          'Moves the person’s appointment to another free slot (the old one is freed) up to 24 hours before it starts, keeping how they meet unless a method is given; mails the updated invitation to them and the counselor; rate-limited',
        tags: ['appointments'],
        params: appointmentParamsSchema,
        body: rescheduleRequestSchema,
        response: { 200: appointmentSchema, ...errors },
      },
    },
    (request) => appointments.reschedule(bookerOf(request), request.params.id, request.body),
  );

  app.post(
    '/appointments/:id/cancel',
    {
      onRequest: ownChoice,
      schema: {
        summary:
          'Cancels the person’s appointment up to 24 hours before it starts (inside that, 409); mails the cancellation for the calendar to the person and the counselor; rate-limited',
        tags: ['appointments'],
        params: appointmentParamsSchema,
        response: { 200: appointmentSchema, ...errors },
      },
    },
    (request) => appointments.cancel(bookerOf(request), request.params.id),
  );

  app.get(
    '/admin/counselors',
    {
      onRequest: adminOnly,
      schema: {
        summary: 'Every counselor with their weekly hours (admins only)',
        tags: ['admin'],
        response: { 200: adminCounselorsAnswerSchema, ...errors },
      },
    },
    async () => ({ counselors: await appointments.counselors() }),
  );

  app.post(
    '/admin/counselors',
    {
      config: { audit: { action: 'counselor-update', subject: 'none' } },
      onRequest: adminOnly,
      schema: {
        summary: 'Adds a counselor: name, email, short bio, time zone (admins only)',
        tags: ['admin'],
        body: counselorInputSchema,
        response: { 200: adminCounselorSchema, ...errors },
      },
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
      schema: {
        summary:
          'Changes a counselor; an inactive one offers no new slots, booked appointments stay (admins only)',
        tags: ['admin'],
        params: counselorParamsSchema,
        body: counselorInputSchema,
        response: { 200: adminCounselorSchema, ...errors },
      },
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
      schema: {
        summary:
          'Replaces a counselor’s weekly hours: periods of a weekday in their time zone, each cut into slots (admins only)',
        tags: ['admin'],
        params: counselorParamsSchema,
        body: availabilityUpdateSchema,
        response: { 200: adminCounselorSchema, ...errors },
      },
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
      schema: {
        summary:
          'The booked appointments starting on a date in a time zone, with who booked them (admins only; audited)',
        tags: ['admin'],
        querystring: dayQuerySchema,
        response: { 200: adminAppointmentsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const answer = await appointments.day(request.query);
      return answer;
    },
  );

  return Promise.resolve();
};
