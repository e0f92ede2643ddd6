import { randomBytes, randomUUID } from 'node:crypto';
import {
  APPOINTMENT_HORIZON_DAYS,
  APPOINTMENT_NOT_BOOKED,
  APPOINTMENT_NOT_FOUND,
  APPOINTMENT_NOTICE_HOURS,
  COUNSELOR_NOT_FOUND,
  INSIDE_NOTICE_MESSAGE,
  minutesOf,
  normalizePhone,
  SLOT_TAKEN_MESSAGE,
  VIDEO_UNAVAILABLE_MESSAGE,
  tooManyAppointments,
  SLOT_UNAVAILABLE_MESSAGE,
  timeOf,
  type AdminAppointmentsAnswer,
  type AdminCounselor,
  type Appointment,
  type AvailabilityUpdate,
  type AvailabilityWindow,
  type BookingRequest,
  type CounselorInput,
  type DayQuery,
  type MeetingMethod,
  type RescheduleRequest,
  type SlotsAnswer,
  type SlotsQuery,
} from '@nestling/shared/contract/appointments';
import type { Config } from '../../config.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { MailMessage } from '../mail/index.ts';
import type { RateLimiter, RateLimitRule } from '../rate-limit/index.ts';
import {
  appointmentMail,
  counselorMail,
  reminderMail,
  type AppointmentChange,
  type AppointmentMailFacts,
} from './mail.ts';
import type {
  AppointmentWithCounselor,
  AppointmentsRepository,
  AvailabilityRow,
  CounselorRow,
  VisitFields,
} from './repository.ts';
import { dayBounds, weeklySlots } from './slots.ts';
import { Refusal } from '../../lib/refusal.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const NOTICE_MS = APPOINTMENT_NOTICE_HOURS * HOUR_MS;

/** Bookings, moves and cancellations (each sends a mail) one person may make per hour. */
export const appointmentMailRule: RateLimitRule = {
  bucket: 'appointment-mail:user',
  limit: 10,
  windowMs: HOUR_MS,
};

export const APPOINTMENT_TOO_MANY =
  'You have changed your appointments many times in the last hour. Please wait a while and try again.';

/** The signed-in person booking for themselves. */
export interface Booker {
  id: string;
  email: string;
  name: string;
}

/** The day-before reminder's job: one per version of an appointment. */
export const APPOINTMENT_REMINDER_JOB_KIND = 'appointment-reminder';
export interface AppointmentReminderPayload {
  appointmentId: string;
  /** The appointment's sequence when the job was queued: a move or cancellation outdates it. */
  sequence: number;
}
/** The reminder goes this long before the start. */
export const REMINDER_BEFORE_MS = 24 * 60 * 60 * 1000;

/** A video room's name: a fixed prefix and 128 random bits (hex), so that nobody can guess one. */
export function meetingRoomName(): string {
  return `visit-${randomBytes(16).toString('hex')}`;
}

export interface AppointmentsServiceDeps {
  repository: AppointmentsRepository;
  rateLimiter: RateLimiter;
  /**
   * Queues a mail (app.mailer, ADR 047); `key` keeps one mail for one event (a reminder job
   * run twice).
   */
  queueMail: (message: MailMessage, options?: { key?: string }) => Promise<void>;
  /** Where the day-before reminders are queued. */
  jobs: Pick<JobQueue, 'enqueue'>;
  config: Pick<Config, 'publicUrl' | 'brand' | 'limits' | 'appointments'>;
  now?: () => Date;
}

function windowOf(row: AvailabilityRow): AvailabilityWindow {
  return {
    weekday: row.weekday,
    start: timeOf(row.startMinute),
    end: timeOf(row.endMinute),
    slotMinutes: row.slotMinutes as AvailabilityWindow['slotMinutes'],
  };
}

/** The video room's address, when the visit is by video and a meeting service is set. */
export function joinUrlOf(
  config: Pick<Config, 'appointments'>,
  row: Pick<VisitFields, 'method' | 'meetingRoom'>,
): string | null {
  const base = config.appointments.meetingBaseUrl;
  if (row.method !== 'video' || row.meetingRoom === null || base === null) return null;
  return `${base}/${row.meetingRoom}`;
}

const methodOf = (value: string): MeetingMethod => (value === 'video' ? 'video' : 'phone');

function appointmentOf(
  config: Pick<Config, 'appointments'>,
  row: AppointmentWithCounselor,
): Appointment {
  return {
    id: row.id,
    counselor: { id: row.counselorId, name: row.counselorName, bio: row.counselorBio },
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    status: row.status === 'canceled' ? 'canceled' : 'booked',
    changeableUntil: new Date(row.startsAt.getTime() - NOTICE_MS).toISOString(),
    method: methodOf(row.method),
    phone: row.phone,
    joinUrl: joinUrlOf(config, row),
    note: row.note,
  };
}

const slotKey = (counselorId: string, startsAt: Date) => `${counselorId} ${startsAt.toISOString()}`;

/** Counselors, their hours, free slots and the person's bookings (ADR 019). */
export function createAppointmentsService(deps: AppointmentsServiceDeps) {
  const { repository, rateLimiter, config } = deps;
  const now = deps.now ?? (() => new Date());

  /** The bookable window: from the notice period ahead to the horizon. */
  function bookable(at: Date) {
    return {
      from: new Date(at.getTime() + NOTICE_MS),
      to: new Date(at.getTime() + APPOINTMENT_HORIZON_DAYS * DAY_MS),
    };
  }

  /** Free slots of active counselors starting in [from, to), earliest first. */
  async function freeSlots(from: Date, to: Date, onlyCounselor?: CounselorRow) {
    const counselors =
      onlyCounselor === undefined
        ? await repository.counselors({ activeOnly: true })
        : [onlyCounselor];
    if (counselors.length === 0 || to.getTime() <= from.getTime()) {
      return { counselors, slots: [] };
    }
    const hours = await repository.availability(counselors.map((row) => row.id));
    const taken = new Set(
      (await repository.bookedStarts(from, to)).map((row) =>
        slotKey(row.counselorId, row.startsAt),
      ),
    );
    const slots = counselors
      .flatMap((row) =>
        weeklySlots(
          hours.filter((window) => window.counselorId === row.id),
          row.timeZone,
          from,
          to,
        ).map((slot) => ({ counselorId: row.id, ...slot })),
      )
      .filter((slot) => !taken.has(slotKey(slot.counselorId, slot.startsAt)))
      .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    return { counselors, slots };
  }

  /** The slot the request names, when the counselor's hours offer it and it is bookable. */
  async function offeredSlot(request: Pick<BookingRequest, 'counselorId' | 'startsAt'>, at: Date) {
    const row = await repository.counselor(request.counselorId);
    if (row?.active !== true) throw new Refusal(404, COUNSELOR_NOT_FOUND);
    const startsAt = new Date(request.startsAt);
    const window = bookable(at);
    if (startsAt.getTime() < window.from.getTime() || startsAt.getTime() >= window.to.getTime()) {
      throw new Refusal(409, SLOT_UNAVAILABLE_MESSAGE);
    }
    const hours = await repository.availability([row.id]);
    const slot = weeklySlots(hours, row.timeZone, startsAt, new Date(startsAt.getTime() + 1))[0];
    if (slot?.startsAt.getTime() !== startsAt.getTime()) {
      throw new Refusal(409, SLOT_UNAVAILABLE_MESSAGE);
    }
    return { counselor: row, startsAt: slot.startsAt, endsAt: slot.endsAt };
  }

  async function consumeMailAllowance(person: Booker) {
    if (!(await rateLimiter.consume(appointmentMailRule, person.id))) {
      throw new Refusal(429, APPOINTMENT_TOO_MANY);
    }
  }

  function factsOf(
    row: AppointmentWithCounselor,
    person: { name: string; email: string },
  ): AppointmentMailFacts {
    return {
      id: row.id,
      sequence: row.sequence,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      timeZone: row.timeZone,
      counselorName: row.counselorName,
      person: { name: person.name, email: person.email },
      method: methodOf(row.method),
      phone: row.phone,
      joinUrl: joinUrlOf(config, row),
    };
  }

  /** The person's mail and the counselor's, each with the calendar file. */
  async function mail(change: AppointmentChange, row: AppointmentWithCounselor, person: Booker) {
    const at = now();
    await deps.queueMail(appointmentMail(config, change, factsOf(row, person), at));
    await deps.queueMail(
      counselorMail(
        config,
        change,
        {
          ...factsOf(row, person),
          counselorEmail: row.counselorEmail,
          counselorTimeZone: row.counselorTimeZone,
          hasNote: row.note !== '',
        },
        at,
      ),
    );
  }

  /** Queues the day-before reminder of this version of the appointment. */
  async function queueReminder(row: AppointmentWithCounselor) {
    await deps.jobs.enqueue({
      kind: APPOINTMENT_REMINDER_JOB_KIND,
      payload: {
        appointmentId: row.id,
        sequence: row.sequence,
      } satisfies AppointmentReminderPayload,
      // The lab's work, not a task the person follows; the payload names no one.
      userId: null,
      runAt: new Date(Math.max(row.startsAt.getTime() - REMINDER_BEFORE_MS, now().getTime())),
    });
  }

  /**
   * How the visit happens, from the request: a phone visit's number in E.164, a video visit's
   * room (kept when it already was one, new otherwise). Without a method, the current visit's.
   */
  function visitOf(
    request: Pick<RescheduleRequest, 'method' | 'phone' | 'note'>,
    current: VisitFields | null,
  ): VisitFields {
    const method = request.method;
    if (method === undefined) {
      if (current === null) throw new Refusal(400, 'Choose phone or video');
      return {
        method: current.method,
        phone: current.phone,
        meetingRoom: current.meetingRoom,
        note: request.note ?? current.note,
      };
    }
    const note = request.note ?? '';
    if (method === 'phone') {
      const phone = normalizePhone(request.phone ?? '');
      // The contract checked it; a number it let by and this refuses is a bug.
      if (phone === null) throw new Refusal(400, 'Enter the phone number we should call');
      return { method, phone, meetingRoom: null, note };
    }
    if (config.appointments.meetingBaseUrl === null) {
      throw new Refusal(400, VIDEO_UNAVAILABLE_MESSAGE);
    }
    const room =
      current?.method === 'video' && current.meetingRoom !== null
        ? current.meetingRoom
        : meetingRoomName();
    return { method, phone: null, meetingRoom: room, note };
  }

  /** The person's own appointment that may still change; another person's is not found. */
  async function changeable(person: Booker, id: string, at: Date) {
    const row = await repository.ownAppointment(person.id, id);
    if (row === null) throw new Refusal(404, APPOINTMENT_NOT_FOUND);
    if (row.status !== 'booked') throw new Refusal(409, APPOINTMENT_NOT_BOOKED);
    if (row.startsAt.getTime() - at.getTime() < NOTICE_MS) {
      throw new Refusal(409, INSIDE_NOTICE_MESSAGE);
    }
    return row;
  }

  async function adminCounselor(row: CounselorRow): Promise<AdminCounselor> {
    const hours = await repository.availability([row.id]);
    return { ...counselorFields(row), windows: hours.map(windowOf) };
  }

  function counselorFields(row: CounselorRow) {
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      bio: row.bio,
      timeZone: row.timeZone,
      active: row.active,
    };
  }

  return {
    async slots(query: SlotsQuery): Promise<SlotsAnswer> {
      const window = bookable(now());
      const from = new Date(Math.max(Date.parse(query.from), window.from.getTime()));
      const to = new Date(Math.min(Date.parse(query.to), window.to.getTime()));
      const { counselors, slots } = await freeSlots(from, to);
      return {
        counselors: counselors.map((row) => ({ id: row.id, name: row.name, bio: row.bio })),
        videoVisits: config.appointments.meetingBaseUrl !== null,
        slots: slots.map((slot) => ({
          counselorId: slot.counselorId,
          startsAt: slot.startsAt.toISOString(),
          endsAt: slot.endsAt.toISOString(),
        })),
      };
    },

    async upcoming(userId: string): Promise<Appointment[]> {
      return (await repository.upcoming(userId, now())).map((row) => appointmentOf(config, row));
    },

    async book(person: Booker, request: BookingRequest): Promise<Appointment> {
      const visit = visitOf(request, null);
      await consumeMailAllowance(person);
      const at = now();
      const slot = await offeredSlot(request, at);
      const id = randomUUID();
      const outcome = await repository.insertAppointment(
        {
          id,
          userId: person.id,
          counselorId: slot.counselor.id,
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
          timeZone: request.timeZone ?? 'UTC',
          ...visit,
        },
        { perPerson: config.limits.appointmentsPerPerson, at },
      );
      if (outcome === 'taken') throw new Refusal(409, SLOT_TAKEN_MESSAGE);
      if (outcome === 'limit') {
        throw new Refusal(409, tooManyAppointments(config.limits.appointmentsPerPerson));
      }
      const row = await repository.ownAppointment(person.id, id);
      if (row === null) throw new Error('The appointment just booked is not there');
      await mail('booked', row, person);
      await queueReminder(row);
      return appointmentOf(config, row);
    },

    async reschedule(person: Booker, id: string, request: RescheduleRequest): Promise<Appointment> {
      const at = now();
      const current = await changeable(person, id, at);
      const slot = await offeredSlot(request, at);
      const visit = visitOf(request, current);
      if (
        slot.counselor.id === current.counselorId &&
        slot.startsAt.getTime() === current.startsAt.getTime() &&
        visit.method === current.method &&
        visit.phone === current.phone &&
        visit.note === current.note
      ) {
        return appointmentOf(config, current);
      }
      await consumeMailAllowance(person);
      const outcome = await repository.move(id, {
        counselorId: slot.counselor.id,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        timeZone: request.timeZone ?? current.timeZone,
        ...visit,
      });
      if (outcome === 'taken') throw new Refusal(409, SLOT_TAKEN_MESSAGE);
      if (outcome === 'gone') throw new Refusal(409, APPOINTMENT_NOT_BOOKED);
      const row = await repository.ownAppointment(person.id, id);
      if (row === null) throw new Error('The appointment just moved is not there');
      if (row.counselorId !== current.counselorId) {
        // Another counselor takes it: the first one's calendar drops it.
        await deps.queueMail(
          counselorMail(
            config,
            'canceled',
            {
              ...factsOf({ ...current, sequence: row.sequence }, person),
              counselorEmail: current.counselorEmail,
              counselorTimeZone: current.counselorTimeZone,
              hasNote: false,
            },
            now(),
          ),
        );
        await mail('booked', row, person);
      } else {
        await mail('moved', row, person);
      }
      await queueReminder(row);
      return appointmentOf(config, row);
    },

    async cancel(person: Booker, id: string): Promise<Appointment> {
      const at = now();
      await changeable(person, id, at);
      await consumeMailAllowance(person);
      if (!(await repository.cancel(id, at))) {
        throw new Refusal(409, APPOINTMENT_NOT_BOOKED);
      }
      const row = await repository.ownAppointment(person.id, id);
      if (row === null) throw new Error('The appointment just canceled is not there');
      // Its reminder job finds it canceled and sends nothing.
      await mail('canceled', row, person);
      return appointmentOf(config, row);
    },

    /**
     * The reminder job: mails the person the day before, once for each version of the
     * appointment. Nothing when it was canceled, moved since the job was queued (the move
     * queued its own), already reminded, or has started. The mail is queued before the mark, with
     * a key, so a job run twice queues it once.
     */
    async sendReminder(payload: AppointmentReminderPayload): Promise<boolean> {
      const row = await repository.forReminder(payload.appointmentId);
      if (
        row === null ||
        row.status !== 'booked' ||
        row.sequence !== payload.sequence ||
        row.reminderSentAt !== null ||
        row.startsAt.getTime() <= now().getTime()
      ) {
        return false;
      }
      await deps.queueMail(
        reminderMail(config, factsOf(row, { name: row.personName, email: row.personEmail })),
        { key: `appointment-reminder:${row.id}:${String(row.sequence)}` },
      );
      return repository.markReminded(row.id, row.sequence, now());
    },

    /* ---- lab staff ---- */

    async counselors(): Promise<AdminCounselor[]> {
      const rows = await repository.counselors({ activeOnly: false });
      const hours = await repository.availability(rows.map((row) => row.id));
      return rows.map((row) => ({
        ...counselorFields(row),
        windows: hours.filter((window) => window.counselorId === row.id).map(windowOf),
      }));
    },

    async createCounselor(input: CounselorInput): Promise<AdminCounselor> {
      const id = randomUUID();
      await repository.insertCounselor({ id, ...input });
      const row = await repository.counselor(id);
      if (row === null) throw new Error('The counselor just added is not there');
      return adminCounselor(row);
    },

    async updateCounselor(id: string, input: CounselorInput): Promise<AdminCounselor> {
      if (!(await repository.updateCounselor(id, input))) {
        throw new Refusal(404, COUNSELOR_NOT_FOUND);
      }
      const row = await repository.counselor(id);
      if (row === null) throw new Refusal(404, COUNSELOR_NOT_FOUND);
      return adminCounselor(row);
    },

    /** Booked appointments keep their times: new hours change only what is offered next. */
    async setAvailability(id: string, update: AvailabilityUpdate): Promise<AdminCounselor> {
      const row = await repository.counselor(id);
      if (row === null) throw new Refusal(404, COUNSELOR_NOT_FOUND);
      await repository.replaceAvailability(
        id,
        update.windows.map((window) => ({
          id: randomUUID(),
          counselorId: id,
          weekday: window.weekday,
          startMinute: minutesOf(window.start) ?? 0,
          endMinute: minutesOf(window.end) ?? 0,
          slotMinutes: window.slotMinutes,
        })),
      );
      return adminCounselor(row);
    },

    async day(query: DayQuery): Promise<AdminAppointmentsAnswer> {
      const [year, month, day] = query.date.split('-').map(Number);
      const { from, to } = dayBounds(
        { year: year ?? 1970, month: month ?? 1, day: day ?? 1 },
        query.timeZone,
      );
      const rows = await repository.day(from, to);
      return {
        appointments: rows.map(({ meetingRoom, ...row }) => ({
          ...row,
          startsAt: row.startsAt.toISOString(),
          endsAt: row.endsAt.toISOString(),
          method: methodOf(row.method),
          joinUrl: joinUrlOf(config, { method: row.method, meetingRoom }),
        })),
      };
    },
  };
}

export type AppointmentsService = ReturnType<typeof createAppointmentsService>;
