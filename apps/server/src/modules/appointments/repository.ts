import { isUniqueViolation } from '../../db/errors.ts';
import { and, asc, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { appointment, counselor, counselorAvailability } from './schema.ts';
import { user } from '../auth/schema.ts';

export type CounselorRow = typeof counselor.$inferSelect;
export type AvailabilityRow = typeof counselorAvailability.$inferSelect;
export type AppointmentRow = typeof appointment.$inferSelect;

export interface AppointmentWithCounselor extends AppointmentRow {
  counselorName: string;
  counselorBio: string;
  counselorEmail: string;
  counselorTimeZone: string;
}

/** An appointment with whom to remind: the person's name and address. */
export interface ReminderRow extends AppointmentWithCounselor {
  personName: string;
  personEmail: string;
}

/** How a visit happens: what booking and moving write. */
export type VisitFields = Pick<AppointmentRow, 'method' | 'phone' | 'meetingRoom' | 'note'>;

export interface DayAppointmentRow {
  id: string;
  startsAt: Date;
  endsAt: Date;
  counselorId: string;
  counselorName: string;
  personName: string;
  personEmail: string;
  method: string;
  phone: string | null;
  meetingRoom: string | null;
  note: string;
}

/** Counselors, their weekly hours and appointments: the only code that speaks Drizzle for them. */
export function createAppointmentsRepository(db: Database) {
  const withCounselor = () =>
    db
      .select({
        appointment,
        counselorName: counselor.name,
        counselorBio: counselor.bio,
        counselorEmail: counselor.email,
        counselorTimeZone: counselor.timeZone,
      })
      .from(appointment)
      .innerJoin(counselor, eq(counselor.id, appointment.counselorId));
  const flatten = (row: {
    appointment: AppointmentRow;
    counselorName: string;
    counselorBio: string;
    counselorEmail: string;
    counselorTimeZone: string;
  }): AppointmentWithCounselor => ({
    ...row.appointment,
    counselorName: row.counselorName,
    counselorBio: row.counselorBio,
    counselorEmail: row.counselorEmail,
    counselorTimeZone: row.counselorTimeZone,
  });

  return {
    async counselors(options: { activeOnly: boolean }): Promise<CounselorRow[]> {
      const query = db.select().from(counselor);
      return (options.activeOnly ? query.where(eq(counselor.active, true)) : query).orderBy(
        asc(counselor.name),
        asc(counselor.id),
      );
    },

    async counselor(id: string): Promise<CounselorRow | null> {
      const rows = await db.select().from(counselor).where(eq(counselor.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async insertCounselor(row: typeof counselor.$inferInsert): Promise<void> {
      await db.insert(counselor).values(row);
    },

    /** Whether there was such a counselor. */
    async updateCounselor(
      id: string,
      changes: Pick<CounselorRow, 'name' | 'email' | 'bio' | 'timeZone' | 'active'>,
    ): Promise<boolean> {
      const rows = await db
        .update(counselor)
        .set(changes)
        .where(eq(counselor.id, id))
        .returning({ id: counselor.id });
      return rows.length > 0;
    },

    /** The weekly hours of the counselors, by weekday and start. */
    async availability(counselorIds: readonly string[]): Promise<AvailabilityRow[]> {
      if (counselorIds.length === 0) return [];
      return db
        .select()
        .from(counselorAvailability)
        .where(inArray(counselorAvailability.counselorId, [...counselorIds]))
        .orderBy(asc(counselorAvailability.weekday), asc(counselorAvailability.startMinute));
    },

    /** Replaces the counselor's week as a whole. */
    async replaceAvailability(
      counselorId: string,
      rows: readonly (typeof counselorAvailability.$inferInsert)[],
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .delete(counselorAvailability)
          .where(eq(counselorAvailability.counselorId, counselorId));
        if (rows.length > 0) await tx.insert(counselorAvailability).values([...rows]);
      });
    },

    /** Start times of booked appointments in [from, to), per counselor: the taken slots. */
    async bookedStarts(from: Date, to: Date): Promise<{ counselorId: string; startsAt: Date }[]> {
      return db
        .select({ counselorId: appointment.counselorId, startsAt: appointment.startsAt })
        .from(appointment)
        .where(
          and(
            eq(appointment.status, 'booked'),
            gte(appointment.startsAt, from),
            lt(appointment.startsAt, to),
          ),
        );
    },

    /**
     * Books the slot: 'taken' when a booked appointment already holds it (the partial unique
     * index decides, not a read before the write), 'limit' when the person already holds
     * `perPerson` booked appointments that end after `at`. The person's row is locked while
     * they are counted, so bookings of theirs made at once are counted one after the other.
     */
    async insertAppointment(
      row: typeof appointment.$inferInsert & { userId: string },
      limit: { perPerson: number; at: Date },
    ): Promise<'inserted' | 'taken' | 'limit'> {
      try {
        return await db.transaction(async (tx) => {
          await tx.select({ id: user.id }).from(user).where(eq(user.id, row.userId)).for('update');
          const [held] = await tx
            .select({ count: sql<number>`count(*)::int` })
            .from(appointment)
            .where(
              and(
                eq(appointment.userId, row.userId),
                eq(appointment.status, 'booked'),
                gt(appointment.endsAt, limit.at),
              ),
            );
          if ((held?.count ?? 0) >= limit.perPerson) return 'limit';
          await tx.insert(appointment).values(row);
          return 'inserted';
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    /** The person's appointment; another person's is not found. */
    async ownAppointment(userId: string, id: string): Promise<AppointmentWithCounselor | null> {
      const rows = await withCounselor()
        .where(and(eq(appointment.id, id), eq(appointment.userId, userId)))
        .limit(1);
      const row = rows[0];
      return row === undefined ? null : flatten(row);
    },

    /** The person's booked appointments that end after the instant, earliest first. */
    async upcoming(userId: string, after: Date): Promise<AppointmentWithCounselor[]> {
      const rows = await withCounselor()
        .where(
          and(
            eq(appointment.userId, userId),
            eq(appointment.status, 'booked'),
            gt(appointment.endsAt, after),
          ),
        )
        .orderBy(asc(appointment.startsAt));
      return rows.map(flatten);
    },

    /**
     * Moves a booked appointment to another slot in one statement; the old slot is free the
     * moment it commits. 'gone' when it is no longer booked, 'taken' when the slot is held.
     */
    async move(
      id: string,
      slot: { counselorId: string; startsAt: Date; endsAt: Date; timeZone: string } & VisitFields,
    ): Promise<'moved' | 'gone' | 'taken'> {
      try {
        const rows = await db
          .update(appointment)
          // The new time gets its own reminder.
          .set({ ...slot, reminderSentAt: null, sequence: sql`${appointment.sequence} + 1` })
          .where(and(eq(appointment.id, id), eq(appointment.status, 'booked')))
          .returning({ id: appointment.id });
        return rows.length > 0 ? 'moved' : 'gone';
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    /** Whether it was booked (and now is not). */
    async cancel(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(appointment)
        .set({ status: 'canceled', canceledAt: at, sequence: sql`${appointment.sequence} + 1` })
        .where(and(eq(appointment.id, id), eq(appointment.status, 'booked')))
        .returning({ id: appointment.id });
      return rows.length > 0;
    },

    /** Booked appointments starting in [from, to), with who booked them, for staff. */
    async day(from: Date, to: Date): Promise<DayAppointmentRow[]> {
      return db
        .select({
          id: appointment.id,
          startsAt: appointment.startsAt,
          endsAt: appointment.endsAt,
          counselorId: appointment.counselorId,
          counselorName: counselor.name,
          personName: user.name,
          personEmail: user.email,
          method: appointment.method,
          phone: appointment.phone,
          meetingRoom: appointment.meetingRoom,
          note: appointment.note,
        })
        .from(appointment)
        .innerJoin(counselor, eq(counselor.id, appointment.counselorId))
        .innerJoin(user, eq(user.id, appointment.userId))
        .where(
          and(
            eq(appointment.status, 'booked'),
            gte(appointment.startsAt, from),
            lt(appointment.startsAt, to),
          ),
        )
        .orderBy(asc(appointment.startsAt), asc(counselor.name));
    },

    /** The appointment with the person's name and address, whoever's it is (the reminder job). */
    async forReminder(id: string): Promise<ReminderRow | null> {
      const rows = await db
        .select({
          appointment,
          counselorName: counselor.name,
          counselorBio: counselor.bio,
          counselorEmail: counselor.email,
          counselorTimeZone: counselor.timeZone,
          personName: user.name,
          personEmail: user.email,
          personFirstName: user.firstName,
          personLastName: user.lastName,
        })
        .from(appointment)
        .innerJoin(counselor, eq(counselor.id, appointment.counselorId))
        .innerJoin(user, eq(user.id, appointment.userId))
        .where(eq(appointment.id, id))
        .limit(1);
      const row = rows[0];
      if (row === undefined) return null;
      const name = [row.personFirstName, row.personLastName]
        .filter((part) => part?.trim())
        .join(' ');
      return {
        ...flatten(row),
        personName: name || row.personName || row.personEmail,
        personEmail: row.personEmail,
      };
    },

    /** Marks the reminder of this version of the appointment as sent; false when it changed. */
    async markReminded(id: string, sequence: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(appointment)
        .set({ reminderSentAt: at })
        .where(
          and(
            eq(appointment.id, id),
            eq(appointment.sequence, sequence),
            eq(appointment.status, 'booked'),
            isNull(appointment.reminderSentAt),
          ),
        )
        .returning({ id: appointment.id });
      return rows.length > 0;
    },
  };
}

export type AppointmentsRepository = ReturnType<typeof createAppointmentsRepository>;
