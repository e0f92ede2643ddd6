import { randomUUID } from 'node:crypto';
import {
  APPOINTMENT_HORIZON_DAYS,
  APPOINTMENT_NOT_BOOKED,
  APPOINTMENT_NOT_FOUND,
  APPOINTMENT_NOTICE_HOURS,
  COUNSELLOR_NOT_FOUND,
  INSIDE_NOTICE_MESSAGE,
  minutesOf,
  SLOT_TAKEN_MESSAGE,
  tooManyAppointments,
  SLOT_UNAVAILABLE_MESSAGE,
  timeOf,
  type AdminAppointmentsAnswer,
  type AdminCounsellor,
  type Appointment,
  type AvailabilityUpdate,
  type AvailabilityWindow,
  type BookingRequest,
  type CounsellorInput,
  type DayQuery,
  type SlotsAnswer,
  type SlotsQuery,
} from '@nestling/shared/contract/appointments';
import type { Config } from '../../config.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { RateLimiter, RateLimitRule } from '../rate-limit/service.ts';
import { appointmentMail, type AppointmentChange } from './mail.ts';
import type {
  AppointmentWithCounsellor,
  AppointmentsRepository,
  AvailabilityRow,
  CounsellorRow,
} from './repository.ts';
import { dayBounds, weeklySlots } from './slots.ts';

/** A refusal the error handler answers with its status and message. */
export class AppointmentError extends Error {
  constructor(
    public readonly statusCode: 400 | 404 | 409 | 429,
    message: string,
  ) {
    super(message);
  }
}

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

export interface AppointmentsServiceDeps {
  repository: AppointmentsRepository;
  rateLimiter: RateLimiter;
  /** Sends after the answer; a failure is logged without the message. */
  sendLater: (message: MailMessage, what: string) => void;
  config: Pick<Config, 'publicUrl' | 'brand' | 'limits'>;
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

function appointmentOf(row: AppointmentWithCounsellor): Appointment {
  return {
    id: row.id,
    counsellor: { id: row.counsellorId, name: row.counsellorName, bio: row.counsellorBio },
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    status: row.status === 'cancelled' ? 'cancelled' : 'booked',
    changeableUntil: new Date(row.startsAt.getTime() - NOTICE_MS).toISOString(),
  };
}

const slotKey = (counsellorId: string, startsAt: Date) =>
  `${counsellorId} ${startsAt.toISOString()}`;

/** Counsellors, their hours, free slots and the person's bookings (ADR 019). */
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

  /** Free slots of active counsellors starting in [from, to), earliest first. */
  async function freeSlots(from: Date, to: Date, onlyCounsellor?: CounsellorRow) {
    const counsellors =
      onlyCounsellor === undefined
        ? await repository.counsellors({ activeOnly: true })
        : [onlyCounsellor];
    if (counsellors.length === 0 || to.getTime() <= from.getTime()) {
      return { counsellors, slots: [] };
    }
    const hours = await repository.availability(counsellors.map((row) => row.id));
    const taken = new Set(
      (await repository.bookedStarts(from, to)).map((row) =>
        slotKey(row.counsellorId, row.startsAt),
      ),
    );
    const slots = counsellors
      .flatMap((row) =>
        weeklySlots(
          hours.filter((window) => window.counsellorId === row.id),
          row.timeZone,
          from,
          to,
        ).map((slot) => ({ counsellorId: row.id, ...slot })),
      )
      .filter((slot) => !taken.has(slotKey(slot.counsellorId, slot.startsAt)))
      .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    return { counsellors, slots };
  }

  /** The slot the request names, when the counsellor's hours offer it and it is bookable. */
  async function offeredSlot(request: BookingRequest, at: Date) {
    const row = await repository.counsellor(request.counsellorId);
    if (row?.active !== true) throw new AppointmentError(404, COUNSELLOR_NOT_FOUND);
    const startsAt = new Date(request.startsAt);
    const window = bookable(at);
    if (startsAt.getTime() < window.from.getTime() || startsAt.getTime() >= window.to.getTime()) {
      throw new AppointmentError(409, SLOT_UNAVAILABLE_MESSAGE);
    }
    const hours = await repository.availability([row.id]);
    const slot = weeklySlots(hours, row.timeZone, startsAt, new Date(startsAt.getTime() + 1))[0];
    if (slot?.startsAt.getTime() !== startsAt.getTime()) {
      throw new AppointmentError(409, SLOT_UNAVAILABLE_MESSAGE);
    }
    return { counsellor: row, startsAt: slot.startsAt, endsAt: slot.endsAt };
  }

  async function consumeMailAllowance(person: Booker) {
    if (!(await rateLimiter.consume(appointmentMailRule, person.id))) {
      throw new AppointmentError(429, APPOINTMENT_TOO_MANY);
    }
  }

  function mail(change: AppointmentChange, row: AppointmentWithCounsellor, person: Booker) {
    deps.sendLater(
      appointmentMail(
        config,
        change,
        {
          id: row.id,
          sequence: row.sequence,
          startsAt: row.startsAt,
          endsAt: row.endsAt,
          timeZone: row.timeZone,
          counsellorName: row.counsellorName,
          person: { name: person.name, email: person.email },
        },
        now(),
      ),
      `Appointment mail (${change})`,
    );
  }

  /** The person's own appointment that may still change; another person's is not found. */
  async function changeable(person: Booker, id: string, at: Date) {
    const row = await repository.ownAppointment(person.id, id);
    if (row === null) throw new AppointmentError(404, APPOINTMENT_NOT_FOUND);
    if (row.status !== 'booked') throw new AppointmentError(409, APPOINTMENT_NOT_BOOKED);
    if (row.startsAt.getTime() - at.getTime() < NOTICE_MS) {
      throw new AppointmentError(409, INSIDE_NOTICE_MESSAGE);
    }
    return row;
  }

  async function adminCounsellor(row: CounsellorRow): Promise<AdminCounsellor> {
    const hours = await repository.availability([row.id]);
    return { ...counsellorFields(row), windows: hours.map(windowOf) };
  }

  function counsellorFields(row: CounsellorRow) {
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
      const { counsellors, slots } = await freeSlots(from, to);
      return {
        counsellors: counsellors.map((row) => ({ id: row.id, name: row.name, bio: row.bio })),
        slots: slots.map((slot) => ({
          counsellorId: slot.counsellorId,
          startsAt: slot.startsAt.toISOString(),
          endsAt: slot.endsAt.toISOString(),
        })),
      };
    },

    async upcoming(userId: string): Promise<Appointment[]> {
      return (await repository.upcoming(userId, now())).map(appointmentOf);
    },

    async book(person: Booker, request: BookingRequest): Promise<Appointment> {
      await consumeMailAllowance(person);
      const at = now();
      const slot = await offeredSlot(request, at);
      const id = randomUUID();
      const outcome = await repository.insertAppointment(
        {
          id,
          userId: person.id,
          counsellorId: slot.counsellor.id,
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
          timeZone: request.timeZone ?? 'UTC',
        },
        { perPerson: config.limits.appointmentsPerPerson, at },
      );
      if (outcome === 'taken') throw new AppointmentError(409, SLOT_TAKEN_MESSAGE);
      if (outcome === 'limit') {
        throw new AppointmentError(409, tooManyAppointments(config.limits.appointmentsPerPerson));
      }
      const row = await repository.ownAppointment(person.id, id);
      if (row === null) throw new Error('The appointment just booked is not there');
      mail('booked', row, person);
      return appointmentOf(row);
    },

    async reschedule(person: Booker, id: string, request: BookingRequest): Promise<Appointment> {
      const at = now();
      const current = await changeable(person, id, at);
      const slot = await offeredSlot(request, at);
      if (
        slot.counsellor.id === current.counsellorId &&
        slot.startsAt.getTime() === current.startsAt.getTime()
      ) {
        return appointmentOf(current);
      }
      await consumeMailAllowance(person);
      const outcome = await repository.move(id, {
        counsellorId: slot.counsellor.id,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        timeZone: request.timeZone ?? current.timeZone,
      });
      if (outcome === 'taken') throw new AppointmentError(409, SLOT_TAKEN_MESSAGE);
      if (outcome === 'gone') throw new AppointmentError(409, APPOINTMENT_NOT_BOOKED);
      const row = await repository.ownAppointment(person.id, id);
      if (row === null) throw new Error('The appointment just moved is not there');
      mail('moved', row, person);
      return appointmentOf(row);
    },

    async cancel(person: Booker, id: string): Promise<Appointment> {
      const at = now();
      await changeable(person, id, at);
      await consumeMailAllowance(person);
      if (!(await repository.cancel(id, at))) {
        throw new AppointmentError(409, APPOINTMENT_NOT_BOOKED);
      }
      const row = await repository.ownAppointment(person.id, id);
      if (row === null) throw new Error('The appointment just cancelled is not there');
      mail('cancelled', row, person);
      return appointmentOf(row);
    },

    /* ---- lab staff ---- */

    async counsellors(): Promise<AdminCounsellor[]> {
      const rows = await repository.counsellors({ activeOnly: false });
      const hours = await repository.availability(rows.map((row) => row.id));
      return rows.map((row) => ({
        ...counsellorFields(row),
        windows: hours.filter((window) => window.counsellorId === row.id).map(windowOf),
      }));
    },

    async createCounsellor(input: CounsellorInput): Promise<AdminCounsellor> {
      const id = randomUUID();
      await repository.insertCounsellor({ id, ...input });
      const row = await repository.counsellor(id);
      if (row === null) throw new Error('The counselor just added is not there');
      return adminCounsellor(row);
    },

    async updateCounsellor(id: string, input: CounsellorInput): Promise<AdminCounsellor> {
      if (!(await repository.updateCounsellor(id, input))) {
        throw new AppointmentError(404, COUNSELLOR_NOT_FOUND);
      }
      const row = await repository.counsellor(id);
      if (row === null) throw new AppointmentError(404, COUNSELLOR_NOT_FOUND);
      return adminCounsellor(row);
    },

    /** Booked appointments keep their times: new hours change only what is offered next. */
    async setAvailability(id: string, update: AvailabilityUpdate): Promise<AdminCounsellor> {
      const row = await repository.counsellor(id);
      if (row === null) throw new AppointmentError(404, COUNSELLOR_NOT_FOUND);
      await repository.replaceAvailability(
        id,
        update.windows.map((window) => ({
          id: randomUUID(),
          counsellorId: id,
          weekday: window.weekday,
          startMinute: minutesOf(window.start) ?? 0,
          endMinute: minutesOf(window.end) ?? 0,
          slotMinutes: window.slotMinutes,
        })),
      );
      return adminCounsellor(row);
    },

    async day(query: DayQuery): Promise<AdminAppointmentsAnswer> {
      const [year, month, day] = query.date.split('-').map(Number);
      const { from, to } = dayBounds(
        { year: year ?? 1970, month: month ?? 1, day: day ?? 1 },
        query.timeZone,
      );
      const rows = await repository.day(from, to);
      return {
        appointments: rows.map((row) => ({
          ...row,
          startsAt: row.startsAt.toISOString(),
          endsAt: row.endsAt.toISOString(),
        })),
      };
    },
  };
}

export type AppointmentsService = ReturnType<typeof createAppointmentsService>;
