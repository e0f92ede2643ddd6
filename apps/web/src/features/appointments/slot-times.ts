import type { Slot } from '@nestling/shared/contract/appointments';

/*
 * Times on the appointments page: the server sends instants in UTC, the page shows them in the
 * browser's time zone (or the one a test fixes).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The browser's IANA time zone; UTC when the browser does not say. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** 'YYYY-MM-DD' of the instant in the zone. */
export function localDateKey(instant: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));
}

/** 'Tuesday, March 3'. */
export function dayText(instant: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  }).format(new Date(instant));
}

/** 'Tue, Mar 3'. */
export function shortDayText(instant: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  }).format(new Date(instant));
}

/** '9:30 AM', with an ordinary space (some runtimes put a narrow one before AM). */
export function timeText(instant: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' })
    .format(new Date(instant))
    .replace(/\u202f/g, ' ');
}

/** 'Tuesday, March 3, 9:30 AM'. */
export function dayAndTimeText(instant: Date | string, timeZone: string): string {
  return `${dayText(instant, timeZone)}, ${timeText(instant, timeZone)}`;
}

export interface SlotDay {
  /** 'YYYY-MM-DD' in the zone. */
  key: string;
  /** 'Tuesday, March 3'. */
  title: string;
  slots: Slot[];
}

/** The slots by the day they fall on in the zone, days and slots in time order. */
export function slotsByDay(slots: readonly Slot[], timeZone: string): SlotDay[] {
  const days = new Map<string, SlotDay>();
  for (const slot of [...slots].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))) {
    const key = localDateKey(slot.startsAt, timeZone);
    let day = days.get(key);
    if (day === undefined) {
      day = { key, title: dayText(slot.startsAt, timeZone), slots: [] };
      days.set(key, day);
    }
    day.slots.push(slot);
  }
  return [...days.values()];
}

/** The seven days shown: `week` weeks after the one starting now. */
export function weekRange(now: Date, week: number): { from: string; to: string } {
  const from = new Date(now.getTime() + week * 7 * DAY_MS);
  return { from: from.toISOString(), to: new Date(from.getTime() + 7 * DAY_MS).toISOString() };
}
