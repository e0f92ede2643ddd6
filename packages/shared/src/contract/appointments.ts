import * as z from 'zod/mini';
import { emailSchema } from './fields.ts';
import { asUserSchema } from './view-as.ts';

/*
 * Genetic counseling appointments (/schedule-appointment, ADR 019). Lab staff keep the
 * counselors and their weekly hours (/admin); a person books one free slot, moves it or
 * cancels it up to 24 hours before it starts. Every instant on the wire is ISO 8601 in UTC; the
 * browser shows it in its own time zone, and the counselor's hours are wall-clock times in the
 * counselor's time zone.
 */

/** Changing or canceling closes this long before the start; booking closes at the same time. */
export const APPOINTMENT_NOTICE_HOURS = 24;
/** How far ahead slots are offered. */
export const APPOINTMENT_HORIZON_DAYS = 56;
/** The longest range one slots request may ask for. */
export const SLOTS_MAX_RANGE_DAYS = 31;
export const SLOT_MINUTES = [15, 20, 30, 45, 60, 90] as const;

export const SLOT_TAKEN_MESSAGE = 'Someone has just booked this time. Please choose another one.';
export const SLOT_UNAVAILABLE_MESSAGE =
  'This time is not open for booking. Please choose one of the times shown.';
export const INSIDE_NOTICE_MESSAGE = `Appointments can be moved or canceled only up to ${String(APPOINTMENT_NOTICE_HOURS)} hours before they start. For this one, please write to us instead.`;
/** The person already holds as many upcoming appointments as the lab allows. */
export function tooManyAppointments(limit: number): string {
  return limit === 1
    ? 'You already have an appointment booked. To choose another time, move or cancel it.'
    : `You already have ${String(limit)} appointments booked, the most one person can hold. To choose another time, move or cancel one.`;
}
export const APPOINTMENT_NOT_FOUND = 'There is no such appointment';
export const APPOINTMENT_NOT_BOOKED = 'This appointment has already been canceled';
export const COUNSELOR_NOT_FOUND = 'There is no such counselor';
export const TIME_ZONE_MESSAGE = 'Choose a time zone, like America/New_York';
export const TIME_MESSAGE = 'Enter a time as HH:MM, like 09:30';
export const WINDOW_ORDER_MESSAGE = 'The end must come after the start, with room for one slot';
export const WINDOW_OVERLAP_MESSAGE = 'Two periods on the same day overlap';
export const RANGE_MESSAGE = `Ask for at most ${String(SLOTS_MAX_RANGE_DAYS)} days, the end after the start`;

/** How a visit happens. */
export const MEETING_METHODS = ['phone', 'video'] as const;
export type MeetingMethod = (typeof MEETING_METHODS)[number];

/** An IANA time zone this runtime knows ('Europe/Berlin', 'UTC'). */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string({ error: TIME_ZONE_MESSAGE })
  .check(z.trim(), z.refine(isTimeZone, { error: TIME_ZONE_MESSAGE }));

/** 'HH:MM', 00:00 to 24:00, as minutes after midnight. */
export function minutesOf(time: string): number | null {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(time);
  if (match === null) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 24 * 60 ? minutes : null;
}

/** 570 -> '09:30'. */
export function timeOf(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const timeSchema = z
  .string({ error: TIME_MESSAGE })
  .check(z.refine((time) => minutesOf(time) !== null, { error: TIME_MESSAGE }));

const instantSchema = z.iso.datetime({ offset: true, error: 'Give an ISO 8601 date and time' });

const idParam = z.string().check(z.minLength(1), z.maxLength(64));

/* ---- counselors (lab staff) ---- */

/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export const weekdaySchema = z.number().check(z.int(), z.gte(1), z.lte(7));

/** One period of a weekday in which a counselor takes appointments, in their own time zone. */
export const availabilityWindowSchema = z
  .object({
    weekday: weekdaySchema,
    start: timeSchema,
    end: timeSchema,
    slotMinutes: z.literal(SLOT_MINUTES, { error: 'Choose a slot length' }),
  })
  .check(
    z.refine(
      (window) => {
        const start = minutesOf(window.start);
        const end = minutesOf(window.end);
        return start !== null && end !== null && end - start >= window.slotMinutes;
      },
      { error: WINDOW_ORDER_MESSAGE, path: ['end'] },
    ),
  );
export type AvailabilityWindow = z.infer<typeof availabilityWindowSchema>;

/** Whether two periods of one weekday share any minute. */
export function windowsOverlap(windows: readonly AvailabilityWindow[]): boolean {
  const sorted = windows
    .map((window) => ({
      weekday: window.weekday,
      start: minutesOf(window.start) ?? 0,
      end: minutesOf(window.end) ?? 0,
    }))
    .sort((a, b) => a.weekday - b.weekday || a.start - b.start);
  return sorted.some((window, index) => {
    const next = sorted[index + 1];
    return next !== undefined && next.weekday === window.weekday && next.start < window.end;
  });
}

/** PUT /admin/counselors/{id}/availability: the whole week, replacing what was there. */
export const availabilityUpdateSchema = z
  .strictObject({ windows: z.array(availabilityWindowSchema).check(z.maxLength(50)) })
  .check(
    z.refine((update) => !windowsOverlap(update.windows), {
      error: WINDOW_OVERLAP_MESSAGE,
      path: ['windows'],
    }),
  );
export type AvailabilityUpdate = z.infer<typeof availabilityUpdateSchema>;

const nameSchema = z
  .string({ error: 'Enter a name' })
  .check(z.trim(), z.minLength(1, { error: 'Enter a name' }), z.maxLength(120));

/** POST /admin/counselors and PUT /admin/counselors/{id}. */
export const counselorInputSchema = z.strictObject({
  name: nameSchema,
  email: emailSchema,
  bio: z.string().check(z.trim(), z.maxLength(600, { error: 'Keep the bio under 600 characters' })),
  timeZone: timeZoneSchema,
  /** An inactive counselor offers no new slots; booked appointments stay. */
  active: z.boolean(),
});
export type CounselorInput = z.infer<typeof counselorInputSchema>;

export const counselorParamsSchema = z.object({ id: idParam });

/** A counselor as staff see them. */
export const adminCounselorSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  bio: z.string(),
  timeZone: z.string(),
  active: z.boolean(),
  /** By weekday, then start. */
  windows: z.array(availabilityWindowSchema),
});
export type AdminCounselor = z.infer<typeof adminCounselorSchema>;

export const adminCounselorsAnswerSchema = z.object({
  counselors: z.array(adminCounselorSchema),
});
export type AdminCounselorsAnswer = z.infer<typeof adminCounselorsAnswerSchema>;

/* ---- the day's appointments (lab staff) ---- */

/** GET /admin/appointments: one calendar day in a time zone (the staff member's browser's). */
export const dayQuerySchema = z.object({
  date: z.iso.date({ error: 'Give a date as YYYY-MM-DD' }),
  timeZone: timeZoneSchema,
});
export type DayQuery = z.infer<typeof dayQuerySchema>;

export const adminAppointmentSchema = z.object({
  id: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  counselorId: z.string(),
  counselorName: z.string(),
  personName: z.string(),
  personEmail: z.string(),
  method: z.enum(MEETING_METHODS),
  phone: z.nullable(z.string()),
  joinUrl: z.nullable(z.string()),
  /** The patient's note for the counselor: read here, never mailed. */
  note: z.string(),
});
export type AdminAppointment = z.infer<typeof adminAppointmentSchema>;

export const adminAppointmentsAnswerSchema = z.object({
  /** Booked appointments starting that day, earliest first. */
  appointments: z.array(adminAppointmentSchema),
});
export type AdminAppointmentsAnswer = z.infer<typeof adminAppointmentsAnswerSchema>;

/* ---- slots and bookings (patients) ---- */

/** A counselor as patients see them: no address. */
export const publicCounselorSchema = z.object({
  id: z.string(),
  name: z.string(),
  bio: z.string(),
});
export type PublicCounselor = z.infer<typeof publicCounselorSchema>;

/** GET /appointments/slots: free slots starting in [from, to). */
export const slotsQuerySchema = z.object({ from: instantSchema, to: instantSchema }).check(
  z.refine(
    ({ from, to }) => {
      const span = Date.parse(to) - Date.parse(from);
      return span > 0 && span <= SLOTS_MAX_RANGE_DAYS * 24 * 60 * 60 * 1000;
    },
    { error: RANGE_MESSAGE, path: ['to'] },
  ),
);
export type SlotsQuery = z.infer<typeof slotsQuerySchema>;

export const slotSchema = z.object({
  counselorId: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
});
export type Slot = z.infer<typeof slotSchema>;

export const slotsAnswerSchema = z.object({
  counselors: z.array(publicCounselorSchema),
  /** Earliest first; only slots at least the notice period ahead and within the horizon. */
  slots: z.array(slotSchema),
  /** Whether video visits are offered (the lab has set a meeting service). */
  videoVisits: z.boolean(),
});
export type SlotsAnswer = z.infer<typeof slotsAnswerSchema>;

/* ---- how a visit happens ---- */

/** The longest note for the counselor, in characters. */
export const APPOINTMENT_NOTE_MAX = 500;
export const APPOINTMENT_PHONE_MESSAGE =
  'Enter a US phone number of 10 digits, like (555) 123-4567, or an international number starting with +';
export const APPOINTMENT_PHONE_REQUIRED = 'Enter the phone number we should call';
export const APPOINTMENT_NOTE_MESSAGE = `Keep the note to ${String(APPOINTMENT_NOTE_MAX)} characters`;
export const VIDEO_UNAVAILABLE_MESSAGE =
  'Video visits are not offered here yet. Please choose a phone call.';

/**
 * A phone number in E.164 ('+15551234567'), or null when it is none: a US number of 10 digits
 * (an 11th, a leading 1, allowed), or an international one starting with '+' (8 to 15 digits).
 * Spaces, dots, dashes and parentheses may separate the digits.
 */
export function normalizePhone(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) {
    return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
  }
  if (/^[2-9]\d{9}$/.test(digits)) return `+1${digits}`;
  if (/^1[2-9]\d{9}$/.test(digits)) return `+${digits}`;
  return null;
}

/** '+15551234567' -> '(555) 123-4567'; other countries' numbers as stored. */
export function phoneText(e164: string): string {
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return us === null ? e164 : `(${us[1] ?? ''}) ${us[2] ?? ''}-${us[3] ?? ''}`;
}

const appointmentPhoneSchema = z
  .string({ error: APPOINTMENT_PHONE_MESSAGE })
  .check(z.refine((value) => normalizePhone(value) !== null, { error: APPOINTMENT_PHONE_MESSAGE }));

const noteSchema = z
  .string()
  .check(z.trim(), z.maxLength(APPOINTMENT_NOTE_MAX, { error: APPOINTMENT_NOTE_MESSAGE }));

/** How to meet: phone with a number to call, or video. */
const visitFields = {
  method: z.enum(MEETING_METHODS, { error: 'Choose phone or video' }),
  /** Required for a phone visit; stored in E.164. */
  phone: z.optional(appointmentPhoneSchema),
  /** For the counselor, read in the portal, never mailed (ADR 019). */
  note: z.optional(noteSchema),
};

const phoneForPhoneVisit = z.refine<{ method?: MeetingMethod; phone?: string }>(
  (request) => request.method !== 'phone' || (request.phone ?? '').trim() !== '',
  { error: APPOINTMENT_PHONE_REQUIRED, path: ['phone'] },
);

/** POST /appointments. */
export const bookingRequestSchema = z
  .strictObject({
    counselorId: idParam,
    startsAt: instantSchema,
    /** The browser's time zone: the confirmation mail states the time in it. */
    timeZone: z.optional(timeZoneSchema),
    ...visitFields,
  })
  .check(phoneForPhoneVisit);
export type BookingRequest = z.infer<typeof bookingRequestSchema>;

/**
 * POST /appointments/{id}/reschedule: a new time; without `method` the visit keeps its method,
 * number and note.
 */
export const rescheduleRequestSchema = z
  .strictObject({
    counselorId: idParam,
    startsAt: instantSchema,
    timeZone: z.optional(timeZoneSchema),
    method: z.optional(visitFields.method),
    phone: visitFields.phone,
    note: visitFields.note,
  })
  .check(phoneForPhoneVisit);
export type RescheduleRequest = z.infer<typeof rescheduleRequestSchema>;

export const appointmentParamsSchema = z.object({ id: idParam });

export const appointmentsQuerySchema = z.object({ asUser: z.optional(asUserSchema) });

export const appointmentSchema = z.object({
  id: z.string(),
  counselor: publicCounselorSchema,
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(['booked', 'canceled']),
  /** The last moment it may be moved or canceled (the notice period before the start). */
  changeableUntil: z.string(),
  method: z.enum(MEETING_METHODS),
  /** E.164, for a phone visit. */
  phone: z.nullable(z.string()),
  /** The video room's address, for a video visit; only ever shown to the patient and staff. */
  joinUrl: z.nullable(z.string()),
  /** The patient's note for the counselor ('' when none). */
  note: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const appointmentsAnswerSchema = z.object({
  /** Booked appointments that have not ended, earliest first. */
  appointments: z.array(appointmentSchema),
});
export type AppointmentsAnswer = z.infer<typeof appointmentsAnswerSchema>;
