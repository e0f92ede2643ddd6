import type { Database } from '../db/database.ts';
import { counselor, counselorAvailability } from '../modules/appointments/schema.ts';

/**
 * The demo lab's genetic counselor, so that a fresh portal offers times to book on
 * /schedule-appointment: weekdays 9:00–17:00 in New York, 30-minute slots, and a lunch hour.
 */
export const demoCounselor = {
  id: 'demo-counselor',
  name: 'Dana Whitfield, MS, CGC',
  email: 'counseling@demo.test',
  bio: 'Board certified in genetic counseling; has worked with couples planning IVF for ten years.',
  timeZone: 'America/New_York',
} as const;

const WEEKDAYS = [1, 2, 3, 4, 5] as const;
const PERIODS = [
  { startMinute: 9 * 60, endMinute: 12 * 60 },
  { startMinute: 13 * 60, endMinute: 17 * 60 },
] as const;

/** Adds the demo counselor and her hours once; running it again changes nothing. */
export async function seedDemoCounselor(db: Database): Promise<boolean> {
  const inserted = await db
    .insert(counselor)
    .values({ ...demoCounselor, active: true })
    .onConflictDoNothing()
    .returning({ id: counselor.id });
  if (inserted.length === 0) return false;
  await db.insert(counselorAvailability).values(
    WEEKDAYS.flatMap((weekday) =>
      PERIODS.map((period) => ({
        id: `${demoCounselor.id}-${String(weekday)}-${String(period.startMinute)}`,
        counselorId: demoCounselor.id,
        weekday,
        ...period,
        slotMinutes: 30,
      })),
    ),
  );
  return true;
}
