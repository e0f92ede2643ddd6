import type { Database } from '../db/database.ts';
import { counsellor, counsellorAvailability } from '../db/schema.ts';

/**
 * The demo lab's genetic counsellor, so that a fresh portal offers times to book on
 * /schedule-appointment: weekdays 9:00–17:00 in New York, 30-minute slots, and a lunch hour.
 */
export const demoCounsellor = {
  id: 'demo-counsellor',
  name: 'Dana Whitfield, MS, CGC',
  email: 'counselling@demo.test',
  bio: 'Board certified in genetic counseling; has worked with couples planning IVF for ten years.',
  timeZone: 'America/New_York',
} as const;

const WEEKDAYS = [1, 2, 3, 4, 5] as const;
const PERIODS = [
  { startMinute: 9 * 60, endMinute: 12 * 60 },
  { startMinute: 13 * 60, endMinute: 17 * 60 },
] as const;

/** Adds the demo counsellor and her hours once; running it again changes nothing. */
export async function seedDemoCounsellor(db: Database): Promise<boolean> {
  const inserted = await db
    .insert(counsellor)
    .values({ ...demoCounsellor, active: true })
    .onConflictDoNothing()
    .returning({ id: counsellor.id });
  if (inserted.length === 0) return false;
  await db.insert(counsellorAvailability).values(
    WEEKDAYS.flatMap((weekday) =>
      PERIODS.map((period) => ({
        id: `${demoCounsellor.id}-${String(weekday)}-${String(period.startMinute)}`,
        counsellorId: demoCounsellor.id,
        weekday,
        ...period,
        slotMinutes: 30,
      })),
    ),
  );
  return true;
}
