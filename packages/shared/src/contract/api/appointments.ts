import { errorAnswers, type ApiRoutes } from './routes.ts';
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
} from '../appointments.ts';

const errors = errorAnswers(400, 401, 403, 404, 409, 429);

/** The appointments module's routes: each one's summary, parameters, query, body and answers (ADR 053). */
export const appointmentsApi = {
  'GET /admin/appointments': {
    summary:
      'The booked appointments starting on a date in a time zone, with who booked them (admins only; audited)',
    tags: ['admin'],
    querystring: dayQuerySchema,
    response: { 200: adminAppointmentsAnswerSchema, ...errors },
  },
  'GET /admin/counselors': {
    summary: 'Every counselor with their weekly hours (admins only)',
    tags: ['admin'],
    response: { 200: adminCounselorsAnswerSchema, ...errors },
  },
  'GET /appointments': {
    summary:
      'The person’s booked appointments that have not ended, earliest first; admins may pass asUser',
    tags: ['appointments'],
    querystring: appointmentsQuerySchema,
    response: { 200: appointmentsAnswerSchema, ...errors },
  },
  'GET /appointments/slots': {
    summary:
      'Free counseling slots starting in [from, to) (at most 31 days), from 24 hours ahead to 8 weeks ahead, earliest first; times in UTC',
    tags: ['appointments'],
    querystring: slotsQuerySchema,
    response: { 200: slotsAnswerSchema, ...errors },
  },
  'POST /admin/counselors': {
    summary: 'Adds a counselor: name, email, short bio, time zone (admins only)',
    tags: ['admin'],
    body: counselorInputSchema,
    response: { 200: adminCounselorSchema, ...errors },
  },
  'POST /appointments': {
    summary:
      'Books a free slot by phone (the number to call) or video (a room of its own); a slot someone else holds answers 409 however many ask at once. Mails a confirmation with a calendar invitation to the person and the counselor, and a reminder the day before; rate-limited',
    tags: ['appointments'],
    body: bookingRequestSchema,
    response: { 200: appointmentSchema, ...errors },
  },
  'POST /appointments/:id/cancel': {
    summary:
      'Cancels the person’s appointment up to 24 hours before it starts (inside that, 409); mails the cancellation for the calendar to the person and the counselor; rate-limited',
    tags: ['appointments'],
    params: appointmentParamsSchema,
    response: { 200: appointmentSchema, ...errors },
  },
  'POST /appointments/:id/reschedule': {
    summary:
      'Moves the person’s appointment to another free slot (the old one is freed) up to 24 hours before it starts, keeping how they meet unless a method is given; mails the updated invitation to them and the counselor; rate-limited',
    tags: ['appointments'],
    params: appointmentParamsSchema,
    body: rescheduleRequestSchema,
    response: { 200: appointmentSchema, ...errors },
  },
  'PUT /admin/counselors/:id': {
    summary:
      'Changes a counselor; an inactive one offers no new slots, booked appointments stay (admins only)',
    tags: ['admin'],
    params: counselorParamsSchema,
    body: counselorInputSchema,
    response: { 200: adminCounselorSchema, ...errors },
  },
  'PUT /admin/counselors/:id/availability': {
    summary:
      'Replaces a counselor’s weekly hours: periods of a weekday in their time zone, each cut into slots (admins only)',
    tags: ['admin'],
    params: counselorParamsSchema,
    body: availabilityUpdateSchema,
    response: { 200: adminCounselorSchema, ...errors },
  },
} satisfies ApiRoutes;
