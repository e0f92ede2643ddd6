import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INSIDE_NOTICE_MESSAGE,
  SLOT_UNAVAILABLE_MESSAGE,
} from '@nestling/shared/contract/appointments';
import { createTestUser } from '../../test/auth.ts';
import { testConfig } from '../../test/app.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/database.ts';
import { mailText } from '../mail/layout.tsx';
import type { MailMessage } from '../mail/mailer.ts';
import { createRateLimitRepository } from '../rate-limit/repository.ts';
import { createRateLimiter } from '../rate-limit/service.ts';
import { createAppointmentsRepository } from './repository.ts';
import {
  appointmentMailRule,
  APPOINTMENT_REMINDER_JOB_KIND,
  createAppointmentsService,
  type AppointmentReminderPayload,
} from './service.ts';
import type { EnqueueOptions } from '../jobs/queue.ts';
import { Refusal } from '../../lib/refusal.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Monday 2 March 2026, 08:00 in London (UTC then). */
const MONDAY = new Date('2026-03-02T08:00:00Z');
const person = { id: 'svc-person', email: 'svc@appointments.test', name: 'Sam Person' };
const byPhone = { method: 'phone', phone: '555.123.4567' } as const;

describe.each(testDatabaseKinds)('appointment rules with a set clock on %s', (kind) => {
  let database: TestDatabase;
  let clock = MONDAY;
  const sent: MailMessage[] = [];
  /** The reminders the job queued, apart from the mails queued by an answer. */
  const reminded: MailMessage[] = [];
  const queued: EnqueueOptions[] = [];
  let service: ReturnType<typeof createAppointmentsService>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await createTestUser(database.db, {
      id: person.id,
      email: person.email,
      firstName: 'Sam',
      lastName: 'Person',
    });
    service = createAppointmentsService({
      repository: createAppointmentsRepository(database.db),
      rateLimiter: createRateLimiter(createRateLimitRepository(database.db), () => clock),
      // The reminder job's mails carry a key (one per appointment and time); the others none.
      queueMail: (message, options) => {
        (options?.key === undefined ? sent : reminded).push(message);
        return Promise.resolve();
      },
      jobs: {
        enqueue: (options) => {
          queued.push(options);
          return Promise.resolve({} as never);
        },
      },
      config: testConfig({
        PUBLIC_URL: 'http://portal.test',
        MEETING_BASE_URL: 'https://meet.lab.test/',
      }),
      now: () => clock,
    });
    const counselor = await service.createCounselor({
      name: 'Lee Counselor',
      email: 'lee@lab.test',
      bio: '',
      timeZone: 'Europe/London',
      active: true,
    });
    await service.setAvailability(counselor.id, {
      windows: [{ weekday: 3, start: '10:00', end: '12:00', slotMinutes: 60 }],
    });
  });
  afterAll(async () => {
    await database.destroy();
  });

  const refusal = async (work: Promise<unknown>) => {
    try {
      await work;
    } catch (error) {
      if (error instanceof Refusal) return `${String(error.statusCode)} ${error.message}`;
      throw error;
    }
    return 'accepted';
  };

  it('offers Wednesday’s slots, never one less than 24 hours ahead', async () => {
    clock = MONDAY;
    const week = await service.slots({
      from: MONDAY.toISOString(),
      to: new Date(MONDAY.getTime() + 7 * 24 * HOUR_MS).toISOString(),
    });
    expect(week.slots.map((slot) => slot.startsAt)).toEqual([
      '2026-03-04T10:00:00.000Z',
      '2026-03-04T11:00:00.000Z',
    ]);
    clock = new Date('2026-03-03T10:30:00Z');
    const later = await service.slots({
      from: MONDAY.toISOString(),
      to: new Date(MONDAY.getTime() + 7 * 24 * HOUR_MS).toISOString(),
    });
    expect(later.slots.map((slot) => slot.startsAt)).toEqual(['2026-03-04T11:00:00.000Z']);
    const [counselor] = week.counselors;
    expect(
      await refusal(
        service.book(person, {
          counselorId: counselor?.id ?? '',
          startsAt: '2026-03-04T10:00:00.000Z',
          ...byPhone,
        }),
      ),
    ).toBe(`409 ${SLOT_UNAVAILABLE_MESSAGE}`);
  });

  it('lets the person cancel until exactly 24 hours before, and not a minute later', async () => {
    clock = MONDAY;
    const [counselor] = (await service.counselors()).filter((row) => row.name === 'Lee Counselor');
    const booked = await service.book(person, {
      counselorId: counselor?.id ?? '',
      startsAt: '2026-03-04T10:00:00.000Z',
      timeZone: 'Europe/London',
      ...byPhone,
    });
    expect(booked.changeableUntil).toBe('2026-03-03T10:00:00.000Z');

    clock = new Date('2026-03-03T10:01:00Z');
    expect(await refusal(service.cancel(person, booked.id))).toBe(`409 ${INSIDE_NOTICE_MESSAGE}`);
    expect(
      await refusal(
        service.reschedule(person, booked.id, {
          counselorId: counselor?.id ?? '',
          startsAt: '2026-03-11T10:00:00.000Z',
        }),
      ),
    ).toBe(`409 ${INSIDE_NOTICE_MESSAGE}`);

    clock = new Date('2026-03-03T10:00:00Z');
    expect((await service.cancel(person, booked.id)).status).toBe('canceled');
    const own = sent.filter((message) => message.to === person.email);
    expect(own.map((message) => message.subject)).toEqual([
      'Your genetic counseling appointment is booked',
      'Your genetic counseling appointment is canceled',
    ]);
    expect(
      sent.filter((message) => message.to === 'lee@lab.test').map((message) => message.subject),
    ).toEqual(['New counseling appointment', 'Counseling appointment canceled']);
    const [bookedMail] = own;
    expect(bookedMail && mailText(testConfig().brand, bookedMail)).toContain(
      'Wednesday, March 4, 2026, 10:00 AM – 11:00 AM (Europe/London)',
    );
  });

  it('stops the mails of one person after the hour’s allowance', async () => {
    clock = new Date('2026-03-05T08:00:00Z');
    const [counselor] = await service.counselors();
    const outcomes: string[] = [];
    for (let index = 0; index <= appointmentMailRule.limit; index += 1) {
      outcomes.push(
        await refusal(
          service.book(person, {
            counselorId: counselor?.id ?? '',
            startsAt: '2026-03-18T09:00:00.000Z',
            ...byPhone,
          }),
        ),
      );
    }
    expect(outcomes.slice(0, -1).every((outcome) => outcome.startsWith('409'))).toBe(true);
    expect(outcomes.at(-1)?.startsWith('429')).toBe(true);
  });

  /** The reminder jobs queued for the appointment, as the worker would run them. */
  const remindersOf = (id: string) =>
    queued
      .filter((job) => job.kind === APPOINTMENT_REMINDER_JOB_KIND)
      .filter((job) => (job.payload as AppointmentReminderPayload).appointmentId === id);

  it('reminds the person once, the day before, in their zone and with how to join', async () => {
    clock = new Date('2026-03-20T08:00:00Z');
    const [counselor] = (await service.counselors()).filter((row) => row.name === 'Lee Counselor');
    const booked = await service.book(person, {
      counselorId: counselor?.id ?? '',
      startsAt: '2026-03-25T10:00:00.000Z',
      timeZone: 'America/New_York',
      method: 'video',
    });
    expect(booked.joinUrl).toMatch(/^https:\/\/meet\.lab\.test\/visit-[0-9a-f]{32}$/);
    const [job] = remindersOf(booked.id);
    expect(job?.runAt?.toISOString()).toBe('2026-03-24T10:00:00.000Z');
    expect(job?.userId).toBeNull();
    // The payload names no one and holds no link.
    expect(JSON.stringify(job?.payload)).not.toContain('meet.lab.test');

    clock = new Date('2026-03-24T10:00:00Z');
    reminded.length = 0;
    const payload = job?.payload as AppointmentReminderPayload;
    expect(await service.sendReminder(payload)).toBe(true);
    // Run again (a retry, a second worker): nothing more.
    expect(await service.sendReminder(payload)).toBe(false);
    expect(reminded).toHaveLength(1);
    const text = mailText(testConfig().brand, reminded[0] as MailMessage);
    expect(reminded[0]?.to).toBe(person.email);
    expect(reminded[0]?.subject).toBe('Reminder: your genetic counseling appointment');
    expect(text).toContain('Wednesday, March 25, 2026, 6:00 AM – 7:00 AM (America/New_York)');
    expect(text).toContain(booked.joinUrl ?? 'no link');
  });

  it('reminds a moved visit at its new time only, and a canceled one never', async () => {
    clock = new Date('2026-03-26T08:00:00Z');
    const [counselor] = (await service.counselors()).filter((row) => row.name === 'Lee Counselor');
    const booked = await service.book(person, {
      counselorId: counselor?.id ?? '',
      startsAt: '2026-04-01T09:00:00.000Z',
      timeZone: 'Europe/London',
      ...byPhone,
    });
    // Moved without a method: it stays a phone call to the same number.
    const moved = await service.reschedule(person, booked.id, {
      counselorId: counselor?.id ?? '',
      startsAt: '2026-04-08T09:00:00.000Z',
    });
    expect(moved).toMatchObject({ method: 'phone', phone: '+15551234567', joinUrl: null });
    const [first, second] = remindersOf(booked.id);
    expect(second?.runAt?.toISOString()).toBe('2026-04-07T09:00:00.000Z');

    reminded.length = 0;
    clock = new Date('2026-03-31T09:00:00Z');
    expect(await service.sendReminder(first?.payload as AppointmentReminderPayload)).toBe(false);
    clock = new Date('2026-04-07T09:00:00Z');
    expect(await service.sendReminder(second?.payload as AppointmentReminderPayload)).toBe(true);
    expect(reminded).toHaveLength(1);
    expect(mailText(testConfig().brand, reminded[0] as MailMessage)).toContain(
      'Your counselor will call you at (555) 123-4567.',
    );

    // Another one, canceled: its job sends nothing.
    clock = new Date('2026-04-09T08:00:00Z');
    const other = await service.book(person, {
      counselorId: counselor?.id ?? '',
      startsAt: '2026-04-15T09:00:00.000Z',
      method: 'video',
    });
    await service.cancel(person, other.id);
    const [job] = remindersOf(other.id);
    clock = new Date('2026-04-14T09:00:00Z');
    expect(await service.sendReminder(job?.payload as AppointmentReminderPayload)).toBe(false);
    expect(reminded).toHaveLength(1);
  });
});
