/*
 * Wall-clock times in a counselor's time zone, turned into instants (ADR 019). The runtime's
 * own time zone data (Intl) is the only source: no offsets are stored, so a change of the
 * rules reaches the slots with the next Node or ICU update.
 */

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock in the zone at the instant, as if it were UTC (milliseconds). */
function wallClockAt(timeZone: string, instant: number): number {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/** The zone's offset from UTC at the instant, in milliseconds. */
function offsetAt(timeZone: string, instant: number): number {
  return (
    wallClockAt(timeZone, Math.floor(instant / 1000) * 1000) - Math.floor(instant / 1000) * 1000
  );
}

export interface LocalDate {
  year: number;
  /** 1-12. */
  month: number;
  day: number;
}

/**
 * The instant at which the zone's clocks show the date and time, or null when they never do
 * (the hour skipped when clocks go forward). When they show it twice (clocks go back), the
 * first.
 */
export function instantOf(date: LocalDate, minutes: number, timeZone: string): Date | null {
  const wall = Date.UTC(date.year, date.month - 1, date.day) + minutes * MINUTE_MS;
  // The offsets a day either side cover both sides of any one change of the clocks.
  const candidates = [offsetAt(timeZone, wall - DAY_MS), offsetAt(timeZone, wall + DAY_MS)]
    .map((offset) => wall - offset)
    .filter((instant) => wallClockAt(timeZone, instant) === wall)
    .sort((a, b) => a - b);
  const first = candidates[0];
  return first === undefined ? null : new Date(first);
}

/** The date the zone's calendars show at the instant. */
export function localDateOf(instant: Date, timeZone: string): LocalDate {
  const wall = new Date(wallClockAt(timeZone, instant.getTime()));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

function addDays(date: LocalDate, days: number): LocalDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * DAY_MS);
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** ISO weekday: 1 Monday .. 7 Sunday. */
function isoWeekday(date: LocalDate): number {
  const day = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return day === 0 ? 7 : day;
}

export interface WeeklyWindow {
  weekday: number;
  startMinute: number;
  endMinute: number;
  slotMinutes: number;
}

export interface GeneratedSlot {
  startsAt: Date;
  endsAt: Date;
}

/**
 * Every slot of the weekly windows (wall-clock times in `timeZone`) that starts in
 * [from, to), earliest first. A slot lasts its minutes of real time, also across a change of
 * the clocks; a start the clocks skip is not offered.
 */
export function weeklySlots(
  windows: readonly WeeklyWindow[],
  timeZone: string,
  from: Date,
  to: Date,
): GeneratedSlot[] {
  if (windows.length === 0 || to.getTime() <= from.getTime()) return [];
  const slots: GeneratedSlot[] = [];
  const last = localDateOf(to, timeZone);
  for (
    let date = addDays(localDateOf(from, timeZone), -1);
    Date.UTC(date.year, date.month - 1, date.day) <= Date.UTC(last.year, last.month - 1, last.day);
    date = addDays(date, 1)
  ) {
    const weekday = isoWeekday(date);
    for (const window of windows) {
      if (window.weekday !== weekday) continue;
      for (
        let minute = window.startMinute;
        minute + window.slotMinutes <= window.endMinute;
        minute += window.slotMinutes
      ) {
        const startsAt = instantOf(date, minute, timeZone);
        if (startsAt === null) continue;
        if (startsAt.getTime() < from.getTime() || startsAt.getTime() >= to.getTime()) continue;
        slots.push({
          startsAt,
          endsAt: new Date(startsAt.getTime() + window.slotMinutes * MINUTE_MS),
        });
      }
    }
  }
  return slots.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** The instants at which the date starts and the next one starts, in the zone. */
export function dayBounds(date: LocalDate, timeZone: string): { from: Date; to: Date } {
  const start = (day: LocalDate) =>
    // Midnight may be skipped (a few zones change their clocks then): the first minute that is.
    instantOf(day, 0, timeZone) ??
    instantOf(day, 60, timeZone) ??
    new Date(Date.UTC(day.year, day.month - 1, day.day));
  return { from: start(date), to: start(addDays(date, 1)) };
}
