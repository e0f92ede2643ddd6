import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { user } from '../auth/schema.ts';

/**
 * A genetic counselor whom patients can book (ADR 019). Their weekly hours are wall-clock
 * times in `time_zone` (IANA). An inactive counselor offers no new slots.
 */
export const counselor = pgTable('counselor', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  bio: text('bio').default('').notNull(),
  timeZone: text('time_zone').notNull(),
  active: boolean('active').default(true).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One period of a weekday (ISO: 1 Monday .. 7 Sunday) in which a counselor takes appointments,
 * cut into slots of `slot_minutes` from the start; minutes after local midnight.
 */
export const counselorAvailability = pgTable(
  'counselor_availability',
  {
    id: text('id').primaryKey(),
    counselorId: text('counselor_id')
      .notNull()
      .references(() => counselor.id, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
    slotMinutes: integer('slot_minutes').notNull(),
  },
  (table) => [
    index('counselor_availability_counselor_id_idx').on(table.counselorId),
    check(
      'counselor_availability_window',
      sql`${table.weekday} between 1 and 7 and ${table.startMinute} >= 0 and ${table.endMinute} <= 1440 and ${table.slotMinutes} > 0 and ${table.endMinute} - ${table.startMinute} >= ${table.slotMinutes}`,
    ),
  ],
);

/**
 * A person's counseling appointment. A slot is a counselor and a start time; the partial
 * unique index lets only one booked appointment hold it, however many requests race for it.
 * Moving an appointment changes its times in place (the calendar invitation keeps its UID and
 * raises `sequence`); canceling sets the status, which frees the slot.
 */
export const appointment = pgTable(
  'appointment',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    counselorId: text('counselor_id')
      .notNull()
      .references(() => counselor.id, { onDelete: 'restrict' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The person's time zone when they last booked or moved it: the mails' times are in it. */
    timeZone: text('time_zone').default('UTC').notNull(),
    /** 'booked' or 'canceled'. */
    status: text('status').default('booked').notNull(),
    /** The calendar invitation's SEQUENCE: 0 when booked, one more with each change. */
    sequence: integer('sequence').default(0).notNull(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** 'phone' or 'video'; appointments booked before then were phone calls. */
    method: text('method').default('phone').notNull(),
    /** The number to call (E.164) for a phone visit. */
    phone: text('phone'),
    /** The video room's name (unguessable) for a video visit; the join link is the meeting service's address and it. */
    meetingRoom: text('meeting_room'),
    /** The patient's note for the counselor: shown in the portal, never mailed. */
    note: text('note').default('').notNull(),
    /** When the day-before reminder for the current time went out; a move clears it. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('appointment_booked_slot_idx')
      .on(table.counselorId, table.startsAt)
      .where(sql`${table.status} = 'booked'`),
    index('appointment_user_id_idx').on(table.userId),
    index('appointment_starts_at_idx').on(table.startsAt),
    check('appointment_status', sql`${table.status} in ('booked', 'canceled')`),
    check('appointment_times', sql`${table.endsAt} > ${table.startsAt}`),
    check('appointment_method', sql`${table.method} in ('phone', 'video')`),
  ],
);
