import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminAppointmentsAnswerSchema,
  adminCounselorSchema,
  adminCounselorsAnswerSchema,
  APPOINTMENT_NOT_FOUND,
  APPOINTMENT_NOTE_MAX,
  APPOINTMENT_NOTE_MESSAGE,
  APPOINTMENT_PHONE_MESSAGE,
  APPOINTMENT_PHONE_REQUIRED,
  appointmentSchema,
  appointmentsAnswerSchema,
  INSIDE_NOTICE_MESSAGE,
  SLOT_TAKEN_MESSAGE,
  tooManyAppointments,
  SLOT_UNAVAILABLE_MESSAGE,
  slotsAnswerSchema,
  TIME_ZONE_MESSAGE,
  WINDOW_OVERLAP_MESSAGE,
  type Slot,
} from '@nestling/shared/contract/appointments';
import type { App } from '../../app.ts';
import { demoCounselor } from '../../demo/counselors.ts';
import { counselor } from './schema.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { redactCapabilities } from '../../logger.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, createTestUser, signInToken, TEST_ORIGIN } from '../../test/auth.ts';
import {
  createTestDatabase,
  queryRows,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/database.ts';
import { startTestWorker } from '../../test/my-data.ts';
import { mailsTo as mailsToOutbox } from '../../test/outbox.ts';
import { createLocalFileStore } from '../storage/local-store.ts';

const RACERS = 20;
/** The people the later tests book for: none of them is in the race, whose winner is random. */
const OTHERS = 6;
const DAY_MS = 24 * 60 * 60 * 1000;
const ZONE = 'America/New_York';
const MEETING = 'https://meet.lab.test';
const byPhone = { method: 'phone', phone: '(555) 123-4567' } as const;

/** '09:30' as the counselor's clocks show the instant. */
function wallTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

describe.each(testDatabaseKinds)('counseling appointments on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-appointments-'));
  let adminToken = '';
  /** The racers' tokens, by their user ids. */
  const racerTokens = new Map<string, string>();
  let counselorId = '';
  let winner = '';
  let bystander = '';
  let appointmentId = '';
  let firstSlot: Slot | undefined;
  let worker: Awaited<ReturnType<typeof startTestWorker>>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db, {
      fileStore: createLocalFileStore(path.join(dataDir, 'files')),
    });
    // These tests set up their own counselors and count every slot: the demo one would add hers.
    await database.db.delete(counselor).where(eq(counselor.id, demoCounselor.id));
    for (let index = 0; index < RACERS + OTHERS; index += 1) {
      await createTestUser(database.db, {
        id: `ap-racer-${String(index)}`,
        email: `racer${String(index)}@appointments.test`,
        firstName: `Racer${String(index)}`,
        lastName: 'Test',
      });
    }
    app = await createTestApp({
      database,
      env: { PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir, MEETING_BASE_URL: `${MEETING}/` },
    });
    worker = await startTestWorker(app, database);
    adminToken = await signInToken(app, 'admin@nestling.health');
    for (let index = 0; index < RACERS + OTHERS; index += 1) {
      racerTokens.set(
        `ap-racer-${String(index)}`,
        await signInToken(app, `racer${String(index)}@appointments.test`),
      );
    }
  });
  afterAll(async () => {
    await worker.stop();
    await app.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const tokenOf = (userId: string) => racerTokens.get(userId) ?? '';
  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: token === '' ? {} : bearer(token),
      ...(payload === undefined ? {} : { payload }),
    });
  const message = (response: { body: string }) =>
    (JSON.parse(response.body) as { message: string }).message;
  const slots = async (token: string) => {
    const from = new Date();
    const to = new Date(from.getTime() + 14 * DAY_MS);
    const response = await call(
      token,
      'GET',
      `/api/appointments/slots?from=${from.toISOString()}&to=${to.toISOString()}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return slotsAnswerSchema.parse(response.json()).slots;
  };
  const holds = (list: readonly Slot[], slot: Slot) =>
    list.some(
      (entry) => entry.counselorId === slot.counselorId && entry.startsAt === slot.startsAt,
    );
  const bookedRows = () =>
    queryRows<{ id: string; user_id: string; starts_at: unknown; status: string }>(
      database,
      sql`select id, user_id, starts_at, status from appointment order by created_at`,
    );
  const mailsTo = (to: string) => mailsToOutbox(dataDir, to);

  it('lets staff add a counselor and their weekly hours, and nobody else', async () => {
    const input = {
      name: 'Dana Counselor',
      email: 'dana@lab.test',
      bio: 'Board-certified genetic counselor.',
      timeZone: ZONE,
      active: true,
    };
    const refused = await call(tokenOf('ap-racer-0'), 'POST', '/api/admin/counselors', input);
    expect(refused.statusCode).toBe(403);

    const badZone = await call(adminToken, 'POST', '/api/admin/counselors', {
      ...input,
      timeZone: 'Mars/Olympus',
    });
    expect(badZone.statusCode).toBe(400);
    expect(message(badZone)).toContain(TIME_ZONE_MESSAGE);

    const created = await call(adminToken, 'POST', '/api/admin/counselors', input);
    expect(created.statusCode, created.body).toBe(200);
    counselorId = adminCounselorSchema.parse(created.json()).id;

    const overlapping = await call(
      adminToken,
      'PUT',
      `/api/admin/counselors/${counselorId}/availability`,
      {
        windows: [
          { weekday: 1, start: '09:00', end: '12:00', slotMinutes: 30 },
          { weekday: 1, start: '11:00', end: '13:00', slotMinutes: 30 },
        ],
      },
    );
    expect(overlapping.statusCode).toBe(400);
    expect(message(overlapping)).toContain(WINDOW_OVERLAP_MESSAGE);

    // Every day, so that the test finds slots whichever day it runs.
    const windows = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      start: '09:00',
      end: '12:00',
      slotMinutes: 30,
    }));
    const hours = await call(
      adminToken,
      'PUT',
      `/api/admin/counselors/${counselorId}/availability`,
      { windows },
    );
    expect(hours.statusCode, hours.body).toBe(200);
    expect(adminCounselorSchema.parse(hours.json()).windows).toEqual(windows);

    const listed = await call(adminToken, 'GET', '/api/admin/counselors');
    expect(adminCounselorsAnswerSchema.parse(listed.json()).counselors).toEqual([
      expect.objectContaining({ id: counselorId, timeZone: ZONE, windows }),
    ]);
  });

  it('offers slots in the counselor’s hours, from 24 hours ahead, without the counselor’s address', async () => {
    const response = await call(
      tokenOf('ap-racer-0'),
      'GET',
      `/api/appointments/slots?from=${new Date().toISOString()}&to=${new Date(Date.now() + 14 * DAY_MS).toISOString()}`,
    );
    expect(response.body).not.toContain('dana@lab.test');
    const offered = await slots(tokenOf('ap-racer-0'));
    // 14 days of six slots, less the ones inside 24 hours and past the end of the range.
    expect(offered.length).toBeGreaterThanOrEqual(12 * 6);
    for (const slot of offered) {
      expect(Date.parse(slot.startsAt)).toBeGreaterThanOrEqual(Date.now() + DAY_MS - 60_000);
      expect(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']).toContain(
        wallTime(slot.startsAt, ZONE),
      );
      expect(Date.parse(slot.endsAt) - Date.parse(slot.startsAt)).toBe(30 * 60 * 1000);
    }
    firstSlot = offered[0];
  });

  it('gives one slot to exactly one of 20 people booking it at once', async () => {
    const slot = firstSlot;
    if (slot === undefined) throw new Error('no slot');
    const answers = await Promise.all(
      [...racerTokens.values()].slice(0, RACERS).map((token) =>
        call(token, 'POST', '/api/appointments', {
          ...byPhone,
          counselorId: slot.counselorId,
          startsAt: slot.startsAt,
          timeZone: 'Europe/Berlin',
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(RACERS - 1);
    const lost = answers.find((answer) => answer.statusCode === 409);
    expect(lost && message(lost)).toBe(SLOT_TAKEN_MESSAGE);

    const rows = await bookedRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('booked');
    winner = rows[0]?.user_id ?? '';
    appointmentId = rows[0]?.id ?? '';
    bystander = winner === 'ap-racer-0' ? 'ap-racer-1' : 'ap-racer-0';
    const won = answers.find((answer) => answer.statusCode === 200);
    expect(won && appointmentSchema.parse(won.json()).id).toBe(appointmentId);

    expect(holds(await slots(tokenOf(bystander)), slot)).toBe(false);
  });

  it('mails the booking with a calendar invitation, the time in the person’s zone', async () => {
    const index = winner.replace('ap-racer-', '');
    let mails: ParsedMail[] = [];
    await vi.waitFor(async () => {
      mails = await mailsTo(`racer${index}@appointments.test`);
      expect(mails).toHaveLength(1);
    });
    const mail = mails[0];
    expect(mail?.subject).toBe('Your genetic counseling appointment is booked');
    expect(mail?.text).toContain('(Europe/Berlin)');
    const invitation = mail?.attachments.find((file) => file.filename === 'appointment.ics');
    expect(invitation?.contentType).toBe('text/calendar');
    const ics = invitation?.content.toString('utf8') ?? '';
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain(`UID:${appointmentId}@`);
    expect(ics).toContain('SEQUENCE:0');
    const start = firstSlot?.startsAt ?? '';
    expect(ics).toContain(`DTSTART:${start.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
    expect(ics).toMatch(/\r\nEND:VCALENDAR\r\n$/);
  });

  it('lists the person’s upcoming appointments; admins viewing as them see the same', async () => {
    const own = await call(tokenOf(winner), 'GET', '/api/appointments');
    const list = appointmentsAnswerSchema.parse(own.json()).appointments;
    expect(list.map((entry) => entry.id)).toEqual([appointmentId]);
    expect(list[0]?.counselor.name).toBe('Dana Counselor');
    expect(Date.parse(list[0]?.changeableUntil ?? '')).toBe(
      Date.parse(firstSlot?.startsAt ?? '') - DAY_MS,
    );
    const viewed = await call(adminToken, 'GET', `/api/appointments?asUser=${winner}`);
    expect(appointmentsAnswerSchema.parse(viewed.json()).appointments).toEqual(list);
    const others = await call(tokenOf(bystander), 'GET', '/api/appointments');
    expect(appointmentsAnswerSchema.parse(others.json()).appointments).toEqual([]);
  });

  it('refuses a time that is not one of the counselor’s slots', async () => {
    const slot = firstSlot;
    if (slot === undefined) throw new Error('no slot');
    const response = await call(tokenOf(bystander), 'POST', '/api/appointments', {
      ...byPhone,
      counselorId: slot.counselorId,
      startsAt: new Date(Date.parse(slot.startsAt) + 10 * 60 * 1000).toISOString(),
    });
    expect(response.statusCode).toBe(409);
    expect(message(response)).toBe(SLOT_UNAVAILABLE_MESSAGE);
  });

  it('answers another person’s appointment as not found', async () => {
    const slot = (await slots(tokenOf(bystander)))[3];
    for (const response of [
      await call(tokenOf(bystander), 'POST', `/api/appointments/${appointmentId}/cancel`),
      await call(tokenOf(bystander), 'POST', `/api/appointments/${appointmentId}/reschedule`, {
        counselorId: slot?.counselorId,
        startsAt: slot?.startsAt,
      }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(message(response)).toBe(APPOINTMENT_NOT_FOUND);
    }
    expect((await bookedRows())[0]?.status).toBe('booked');
  });

  it('moves an appointment: the new slot is held and the old one is free again', async () => {
    const old = firstSlot;
    const next = (await slots(tokenOf(winner)))[2];
    if (old === undefined || next === undefined) throw new Error('no slot');
    const moved = await call(
      tokenOf(winner),
      'POST',
      `/api/appointments/${appointmentId}/reschedule`,
      {
        counselorId: next.counselorId,
        startsAt: next.startsAt,
      },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(appointmentSchema.parse(moved.json())).toMatchObject({
      id: appointmentId,
      startsAt: next.startsAt,
    });

    const offered = await slots(tokenOf(bystander));
    expect(holds(offered, old)).toBe(true);
    expect(holds(offered, next)).toBe(false);
    const takesOld = await call(tokenOf(bystander), 'POST', '/api/appointments', {
      ...byPhone,
      counselorId: old.counselorId,
      startsAt: old.startsAt,
    });
    expect(takesOld.statusCode, takesOld.body).toBe(200);
    const takesNext = await call(tokenOf(bystander), 'POST', '/api/appointments', {
      ...byPhone,
      counselorId: next.counselorId,
      startsAt: next.startsAt,
    });
    expect(takesNext.statusCode).toBe(409);

    const index = winner.replace('ap-racer-', '');
    await vi.waitFor(async () => {
      const mails = await mailsTo(`racer${index}@appointments.test`);
      const movedMail = mails.find((mail) => mail.subject?.includes('has moved'));
      expect(movedMail?.attachments[0]?.content.toString('utf8')).toContain('SEQUENCE:1');
    });
  });

  it('shows staff the day’s appointments with who booked them', async () => {
    const [own] = appointmentsAnswerSchema.parse(
      (await call(tokenOf(winner), 'GET', '/api/appointments')).json(),
    ).appointments;
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(
      new Date(own?.startsAt ?? ''),
    );
    const refused = await call(
      tokenOf(winner),
      'GET',
      `/api/admin/appointments?date=${date}&timeZone=${encodeURIComponent(ZONE)}`,
    );
    expect(refused.statusCode).toBe(403);
    const day = await call(
      adminToken,
      'GET',
      `/api/admin/appointments?date=${date}&timeZone=${encodeURIComponent(ZONE)}`,
    );
    expect(day.statusCode, day.body).toBe(200);
    const { appointments } = adminAppointmentsAnswerSchema.parse(day.json());
    expect(appointments).toContainEqual(
      expect.objectContaining({
        id: appointmentId,
        counselorName: 'Dana Counselor',
        personEmail: `racer${winner.replace('ap-racer-', '')}@appointments.test`,
      }),
    );
  });

  it('refuses to move or cancel inside 24 hours, with a clear message', async () => {
    await database.db.execute(
      sql`update appointment set starts_at = now() + interval '23 hours', ends_at = now() + interval '23 hours 30 minutes' where id = ${appointmentId}`,
    );
    const later = (await slots(tokenOf(winner)))[5];
    const cancel = await call(tokenOf(winner), 'POST', `/api/appointments/${appointmentId}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(message(cancel)).toBe(INSIDE_NOTICE_MESSAGE);
    const move = await call(
      tokenOf(winner),
      'POST',
      `/api/appointments/${appointmentId}/reschedule`,
      {
        counselorId: later?.counselorId,
        startsAt: later?.startsAt,
      },
    );
    expect(move.statusCode).toBe(409);
    expect(message(move)).toBe(INSIDE_NOTICE_MESSAGE);
    const rows = await queryRows<{ status: string }>(
      database,
      sql`select status from appointment where id = ${appointmentId}`,
    );
    expect(rows[0]?.status).toBe('booked');
  });

  it('cancels before that: the slot is free and the calendar is told', async () => {
    await database.db.execute(
      sql`update appointment set starts_at = now() + interval '3 days', ends_at = now() + interval '3 days 30 minutes' where id = ${appointmentId}`,
    );
    const cancel = await call(tokenOf(winner), 'POST', `/api/appointments/${appointmentId}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(appointmentSchema.parse(cancel.json()).status).toBe('canceled');
    const again = await call(tokenOf(winner), 'POST', `/api/appointments/${appointmentId}/cancel`);
    expect(again.statusCode).toBe(409);
    const own = await call(tokenOf(winner), 'GET', '/api/appointments');
    expect(appointmentsAnswerSchema.parse(own.json()).appointments).toEqual([]);

    const index = winner.replace('ap-racer-', '');
    await vi.waitFor(async () => {
      const mails = await mailsTo(`racer${index}@appointments.test`);
      const canceled = mails.find((mail) => mail.subject?.includes('canceled'));
      const ics = canceled?.attachments[0]?.content.toString('utf8') ?? '';
      expect(ics).toContain('METHOD:CANCEL');
      expect(ics).toContain('STATUS:CANCELLED');
    });
  });

  it('asks a phone visit for a number it can call, and keeps the note short', async () => {
    const [slot] = await slots(tokenOf('ap-racer-20'));
    const base = { counselorId: slot?.counselorId, startsAt: slot?.startsAt };
    const cases: [object, string][] = [
      [{ method: 'phone' }, APPOINTMENT_PHONE_REQUIRED],
      [{ method: 'phone', phone: '   ' }, APPOINTMENT_PHONE_REQUIRED],
      [{ method: 'phone', phone: '555-1234' }, APPOINTMENT_PHONE_MESSAGE],
      [{ method: 'phone', phone: '(055) 123-4567' }, APPOINTMENT_PHONE_MESSAGE],
      [{ method: 'phone', phone: '+44 20' }, APPOINTMENT_PHONE_MESSAGE],
      [{ method: 'phone', phone: 'call me' }, APPOINTMENT_PHONE_MESSAGE],
      [{ ...byPhone, note: 'x'.repeat(APPOINTMENT_NOTE_MAX + 1) }, APPOINTMENT_NOTE_MESSAGE],
      [{ method: 'fax' }, 'Choose phone or video'],
    ];
    for (const [visit, expected] of cases) {
      const response = await call(tokenOf('ap-racer-20'), 'POST', '/api/appointments', {
        ...base,
        ...visit,
      });
      expect(response.statusCode, JSON.stringify(visit)).toBe(400);
      expect(message(response)).toContain(expected);
    }
    expect((await bookedRows()).filter((row) => row.user_id === 'ap-racer-20')).toEqual([]);

    // Formatting characters are fine; the number is stored in E.164, the note as written.
    const note = 'I would like to talk about my carrier result. ' + 'y'.repeat(400);
    const booked = await call(tokenOf('ap-racer-20'), 'POST', '/api/appointments', {
      ...base,
      method: 'phone',
      phone: ' 1 (555) 123-4567 ',
      note: note.slice(0, APPOINTMENT_NOTE_MAX),
    });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(appointmentSchema.parse(booked.json())).toMatchObject({
      method: 'phone',
      phone: '+15551234567',
      joinUrl: null,
      note: note.slice(0, APPOINTMENT_NOTE_MAX),
    });
    const international = await call(tokenOf('ap-racer-21'), 'POST', '/api/appointments', {
      counselorId: slot?.counselorId,
      startsAt: (await slots(tokenOf('ap-racer-21')))[0]?.startsAt,
      method: 'phone',
      phone: '+44 20 7946 0958',
    });
    expect(international.statusCode, international.body).toBe(200);
    expect(appointmentSchema.parse(international.json()).phone).toBe('+442079460958');
  });

  it('gives each video visit its own unguessable join link, shown to the patient only', async () => {
    const free = await slots(tokenOf('ap-racer-22'));
    const links: string[] = [];
    for (const [index, racer] of ['ap-racer-22', 'ap-racer-23'].entries()) {
      const response = await call(tokenOf(racer), 'POST', '/api/appointments', {
        counselorId: free[index]?.counselorId,
        startsAt: free[index]?.startsAt,
        method: 'video',
        timeZone: ZONE,
      });
      expect(response.statusCode, response.body).toBe(200);
      const booked = appointmentSchema.parse(response.json());
      expect(booked).toMatchObject({ method: 'video', phone: null });
      // A prefix and 128 random bits: as long as a token, so logs redact it.
      expect(booked.joinUrl).toMatch(new RegExp(`^${MEETING}/visit-[0-9a-f]{32}$`));
      links.push(booked.joinUrl ?? '');
    }
    expect(new Set(links).size).toBe(2);
    // Should a link ever reach a log line, the redaction takes the room out.
    for (const link of links) {
      expect(redactCapabilities(`GET ${link} failed`)).toBe(`GET ${MEETING}/[redacted] failed`);
    }

    const own = await call(tokenOf('ap-racer-22'), 'GET', '/api/appointments');
    expect(appointmentsAnswerSchema.parse(own.json()).appointments[0]?.joinUrl).toBe(links[0]);
    const viewed = await call(adminToken, 'GET', '/api/appointments?asUser=ap-racer-22');
    const [seen] = appointmentsAnswerSchema.parse(viewed.json()).appointments;
    expect(seen?.method).toBe('video');
    expect(seen?.joinUrl).toBeNull();

    // Moved without a method it stays a video visit in the same room; moved to phone it has none.
    const later = (await slots(tokenOf('ap-racer-22')))[4];
    const moved = await call(
      tokenOf('ap-racer-22'),
      'POST',
      `/api/appointments/${seen?.id ?? ''}/reschedule`,
      { counselorId: later?.counselorId, startsAt: later?.startsAt },
    );
    expect(appointmentSchema.parse(moved.json()).joinUrl).toBe(links[0]);
    const toPhone = await call(
      tokenOf('ap-racer-22'),
      'POST',
      `/api/appointments/${seen?.id ?? ''}/reschedule`,
      { counselorId: later?.counselorId, startsAt: later?.startsAt, ...byPhone },
    );
    expect(appointmentSchema.parse(toPhone.json())).toMatchObject({
      method: 'phone',
      phone: '+15551234567',
      joinUrl: null,
    });
  });

  it('mails the counselor each change with the calendar file and how to meet, never the note', async () => {
    let mails: ParsedMail[] = [];
    // Mail is delivered at least once (ADR 047): a second copy of one mail has its Message-ID.
    const racer22Moves = () =>
      mails.filter(
        (mail, index) =>
          mail.subject === 'Counseling appointment moved' &&
          mail.text?.includes('Racer22') &&
          mails.findIndex((other) => other.messageId === mail.messageId) === index,
      );
    await vi.waitFor(async () => {
      mails = await mailsTo('dana@lab.test');
      expect(racer22Moves()).toHaveLength(2);
    });
    // The phone visit with a note (racer 10's).
    const phoneVisit = mails.find(
      (mail) => mail.subject === 'New counseling appointment' && mail.text?.includes('Racer20'),
    );
    expect(phoneVisit?.text).toContain('please call Racer20 Test at (555) 123-4567');
    expect(phoneVisit?.text).toContain('They left a note for you. It is not in this mail');
    expect(phoneVisit?.text).not.toContain('carrier');
    expect(phoneVisit?.html).not.toContain('carrier');
    const ics = (mail: ParsedMail | undefined) =>
      mail?.attachments.find((file) => file.filename?.endsWith('.ics'))?.content.toString('utf8') ??
      '';
    expect(ics(phoneVisit)).toContain('METHOD:REQUEST');
    expect(ics(phoneVisit)).toContain('SEQUENCE:0');
    expect(ics(phoneVisit)).toContain('mailto:dana@lab.test');
    expect(ics(phoneVisit)).not.toContain('carrier');

    // The video visit: its link, and the move with the same UID and a higher sequence.
    const own = appointmentsAnswerSchema.parse(
      (await call(tokenOf('ap-racer-23'), 'GET', '/api/appointments')).json(),
    ).appointments[0];
    const videoVisit = mails.find(
      (mail) => mail.subject === 'New counseling appointment' && mail.text?.includes('Racer23'),
    );
    expect(videoVisit?.text).toContain(own?.joinUrl ?? 'no link');
    expect(ics(videoVisit)).toContain(`UID:${own?.id ?? ''}@`);
    const moves = racer22Moves();
    expect(moves.map((mail) => ics(mail).match(/SEQUENCE:(\d+)/)?.[1]).sort()).toEqual(['1', '2']);

    // The winner's cancellation, earlier: METHOD:CANCEL for the counselor's calendar too.
    const canceled = mails.find((mail) => mail.subject === 'Counseling appointment canceled');
    expect(ics(canceled)).toContain('METHOD:CANCEL');
    expect(ics(canceled)).toContain(`UID:${appointmentId}@`);

    // Staff read the note in the portal, with the number and the link.
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(
      new Date(own?.startsAt ?? ''),
    );
    const day = adminAppointmentsAnswerSchema.parse(
      (
        await call(
          adminToken,
          'GET',
          `/api/admin/appointments?date=${date}&timeZone=${encodeURIComponent(ZONE)}`,
        )
      ).json(),
    );
    expect(day.appointments.find((entry) => entry.id === own?.id)).toMatchObject({
      method: 'video',
      joinUrl: own?.joinUrl,
    });
  });

  it('reminds the patient the day before, once, and never of a canceled visit', async () => {
    const racer = 'ap-racer-24';
    const free = await slots(tokenOf(racer));
    const booked = appointmentSchema.parse(
      (
        await call(tokenOf(racer), 'POST', '/api/appointments', {
          counselorId: free[0]?.counselorId,
          startsAt: free[0]?.startsAt,
          method: 'video',
          timeZone: ZONE,
        })
      ).json(),
    );
    const jobs = () =>
      queryRows<{ id: string; run_at: unknown; state: string; payload: unknown }>(
        database,
        sql`select id, run_at, state, payload from job where kind = 'appointment-reminder' and payload->>'appointmentId' = ${booked.id}`,
      );
    const [job] = await jobs();
    expect(new Date(String(job?.run_at)).getTime()).toBe(Date.parse(booked.startsAt) - DAY_MS);
    expect(JSON.stringify(job?.payload)).not.toContain(MEETING);
    // The day before comes now.
    await database.db.execute(sql`update job set run_at = now() where id = ${job?.id ?? ''}`);
    let reminders: ParsedMail[] = [];
    await vi.waitFor(
      async () => {
        reminders = (await mailsTo('racer24@appointments.test')).filter((mail) =>
          mail.subject?.startsWith('Reminder'),
        );
        expect(reminders).toHaveLength(1);
      },
      { timeout: 10_000 },
    );
    expect(reminders[0]?.text).toContain(`(${ZONE})`);
    expect(reminders[0]?.text).toContain(booked.joinUrl ?? 'no link');
    // The same job once more (as after a crash): no second mail.
    const again = await app.jobs.enqueue({
      kind: 'appointment-reminder',
      payload: job?.payload,
      userId: null,
    });
    await vi.waitFor(async () => {
      const rows = await queryRows<{ state: string; result: unknown }>(
        database,
        sql`select state, result from job where id = ${again.id}`,
      );
      expect(rows[0]).toEqual({ state: 'succeeded', result: { sent: false } });
    });

    // A canceled visit: its job runs and sends nothing.
    const other = 'ap-racer-25';
    const slot = (await slots(tokenOf(other)))[1];
    const second = appointmentSchema.parse(
      (
        await call(tokenOf(other), 'POST', '/api/appointments', {
          counselorId: slot?.counselorId,
          startsAt: slot?.startsAt,
          ...byPhone,
        })
      ).json(),
    );
    await call(tokenOf(other), 'POST', `/api/appointments/${second.id}/cancel`);
    await database.db.execute(
      sql`update job set run_at = now() where kind = 'appointment-reminder' and payload->>'appointmentId' = ${second.id}`,
    );
    await vi.waitFor(async () => {
      const rows = await queryRows<{ state: string; result: unknown }>(
        database,
        sql`select state, result from job where kind = 'appointment-reminder' and payload->>'appointmentId' = ${second.id}`,
      );
      expect(rows.map((row) => row.state)).toEqual(['succeeded']);
      expect(rows[0]?.result).toEqual({ sent: false });
    });
    const mails = await mailsTo('racer25@appointments.test');
    expect(mails.filter((mail) => mail.subject?.startsWith('Reminder'))).toEqual([]);
    expect(
      (await mailsTo('racer24@appointments.test')).filter((mail) =>
        mail.subject?.startsWith('Reminder'),
      ),
    ).toHaveLength(1);
  });

  it('lets one person hold one upcoming appointment, however many they book at once', async () => {
    // A racer who holds none: four slots booked at once make one appointment.
    const holder =
      [...racerTokens.keys()]
        .slice(0, RACERS)
        .findLast((id) => id !== winner && id !== bystander) ?? '';
    const free = (await slots(tokenOf(holder))).slice(5, 9);
    const answers = await Promise.all(
      free.map((slot) =>
        call(tokenOf(holder), 'POST', '/api/appointments', {
          ...byPhone,
          counselorId: slot.counselorId,
          startsAt: slot.startsAt,
        }),
      ),
    );
    expect(
      answers.map((answer) => answer.statusCode).sort(),
      answers.map((answer) => answer.body).join(),
    ).toEqual([200, 409, 409, 409]);
    for (const answer of answers.filter((each) => each.statusCode === 409)) {
      expect(message(answer)).toBe(tooManyAppointments(1));
    }
    const held = (await bookedRows()).filter(
      (row) => row.user_id === holder && row.status === 'booked',
    );
    expect(held).toHaveLength(1);
    // Moving the one held is how to choose another time.
    const moved = await call(
      tokenOf(holder),
      'POST',
      `/api/appointments/${held[0]?.id ?? ''}/reschedule`,
      {
        counselorId: free[3]?.counselorId,
        startsAt: free[3]?.startsAt,
      },
    );
    expect([200, 409]).toContain(moved.statusCode);
    expect(moved.statusCode === 409 ? message(moved) : '').not.toBe(tooManyAppointments(1));
  });

  it('refuses anonymous callers (the authorization matrix covers the other roles)', async () => {
    const anonymous = await call('', 'GET', '/api/appointments');
    expect(anonymous.statusCode).toBe(401);
  });
});
