import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INSIDE_NOTICE_MESSAGE,
  SLOT_UNAVAILABLE_MESSAGE,
} from '@nestling/shared/contract/appointments';
import { createTestUser } from '../../test/auth.ts';
import { testConfig } from '../../test/app.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/database.ts';
import { mailText } from '../mail/layout.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { createRateLimitRepository } from '../rate-limit/repository.ts';
import { createRateLimiter } from '../rate-limit/service.ts';
import { createAppointmentsRepository } from './repository.ts';
import { AppointmentError, appointmentMailRule, createAppointmentsService } from './service.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Monday 2 March 2026, 08:00 in London (UTC then). */
const MONDAY = new Date('2026-03-02T08:00:00Z');
const person = { id: 'svc-person', email: 'svc@appointments.test', name: 'Sam Person' };

describe.each(testDatabaseKinds)('appointment rules with a set clock on %s', (kind) => {
  let database: TestDatabase;
  let clock = MONDAY;
  const sent: MailMessage[] = [];
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
      sendLater: (message) => sent.push(message),
      config: testConfig({ PUBLIC_URL: 'http://portal.test' }),
      now: () => clock,
    });
    const counsellor = await service.createCounsellor({
      name: 'Lee Counsellor',
      email: 'lee@lab.test',
      bio: '',
      timeZone: 'Europe/London',
      active: true,
    });
    await service.setAvailability(counsellor.id, {
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
      if (error instanceof AppointmentError) return `${String(error.statusCode)} ${error.message}`;
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
    const [counsellor] = week.counsellors;
    expect(
      await refusal(
        service.book(person, {
          counsellorId: counsellor?.id ?? '',
          startsAt: '2026-03-04T10:00:00.000Z',
        }),
      ),
    ).toBe(`409 ${SLOT_UNAVAILABLE_MESSAGE}`);
  });

  it('lets the person cancel until exactly 24 hours before, and not a minute later', async () => {
    clock = MONDAY;
    const [counsellor] = (await service.counsellors()).filter(
      (row) => row.name === 'Lee Counsellor',
    );
    const booked = await service.book(person, {
      counsellorId: counsellor?.id ?? '',
      startsAt: '2026-03-04T10:00:00.000Z',
      timeZone: 'Europe/London',
    });
    expect(booked.changeableUntil).toBe('2026-03-03T10:00:00.000Z');

    clock = new Date('2026-03-03T10:01:00Z');
    expect(await refusal(service.cancel(person, booked.id))).toBe(`409 ${INSIDE_NOTICE_MESSAGE}`);
    expect(
      await refusal(
        service.reschedule(person, booked.id, {
          counsellorId: counsellor?.id ?? '',
          startsAt: '2026-03-11T10:00:00.000Z',
        }),
      ),
    ).toBe(`409 ${INSIDE_NOTICE_MESSAGE}`);

    clock = new Date('2026-03-03T10:00:00Z');
    expect((await service.cancel(person, booked.id)).status).toBe('cancelled');
    expect(sent.map((message) => message.subject)).toEqual([
      'Your genetic counseling appointment is booked',
      'Your genetic counseling appointment is cancelled',
    ]);
    const [bookedMail] = sent;
    expect(bookedMail && mailText(testConfig().brand, bookedMail)).toContain(
      'Wednesday, March 4, 2026, 10:00 AM – 11:00 AM (Europe/London)',
    );
  });

  it('stops the mails of one person after the hour’s allowance', async () => {
    clock = new Date('2026-03-05T08:00:00Z');
    const [counsellor] = await service.counsellors();
    const outcomes: string[] = [];
    for (let index = 0; index <= appointmentMailRule.limit; index += 1) {
      outcomes.push(
        await refusal(
          service.book(person, {
            counsellorId: counsellor?.id ?? '',
            startsAt: '2026-03-18T09:00:00.000Z',
          }),
        ),
      );
    }
    expect(outcomes.slice(0, -1).every((outcome) => outcome.startsWith('409'))).toBe(true);
    expect(outcomes.at(-1)?.startsWith('429')).toBe(true);
  });
});
