import { describe, expect, it } from 'vitest';
import { dayBounds, instantOf, localDateOf, weeklySlots } from './slots.ts';

const HOUR_MS = 60 * 60 * 1000;

describe('wall-clock times in a time zone', () => {
  it('turns a New York morning into UTC in winter and in summer', () => {
    expect(instantOf({ year: 2026, month: 1, day: 15 }, 9 * 60, 'America/New_York')).toEqual(
      new Date('2026-01-15T14:00:00Z'),
    );
    expect(instantOf({ year: 2026, month: 7, day: 15 }, 9 * 60, 'America/New_York')).toEqual(
      new Date('2026-07-15T13:00:00Z'),
    );
  });

  it('has no 02:30 on the night clocks go forward, and takes the first 01:30 when they go back', () => {
    expect(instantOf({ year: 2026, month: 3, day: 8 }, 150, 'America/New_York')).toBeNull();
    expect(instantOf({ year: 2026, month: 11, day: 1 }, 90, 'America/New_York')).toEqual(
      new Date('2026-11-01T05:30:00Z'),
    );
  });

  it('knows zones with half-hour offsets and zones east of Greenwich', () => {
    expect(instantOf({ year: 2026, month: 5, day: 4 }, 10 * 60, 'Asia/Kolkata')).toEqual(
      new Date('2026-05-04T04:30:00Z'),
    );
    expect(localDateOf(new Date('2026-05-04T23:30:00Z'), 'Pacific/Auckland')).toEqual({
      year: 2026,
      month: 5,
      day: 5,
    });
  });

  it('gives a day of 23 hours when clocks go forward', () => {
    const { from, to } = dayBounds({ year: 2026, month: 3, day: 8 }, 'America/New_York');
    expect(to.getTime() - from.getTime()).toBe(23 * HOUR_MS);
  });
});

describe('weekly slots', () => {
  const mondayMornings = [
    { weekday: 1, startMinute: 9 * 60, endMinute: 10 * 60 + 15, slotMinutes: 30 },
  ];

  it('cuts each window into whole slots on the right weekday', () => {
    const slots = weeklySlots(
      mondayMornings,
      'Europe/Berlin',
      new Date('2026-06-01T00:00:00Z'),
      new Date('2026-06-09T00:00:00Z'),
    );
    // Monday June 1 and Monday June 8, 09:00 and 09:30 (10:00 has no room for 30 minutes).
    expect(slots.map((slot) => slot.startsAt.toISOString())).toEqual([
      '2026-06-01T07:00:00.000Z',
      '2026-06-01T07:30:00.000Z',
      '2026-06-08T07:00:00.000Z',
      '2026-06-08T07:30:00.000Z',
    ]);
    expect(slots[0]?.endsAt.toISOString()).toBe('2026-06-01T07:30:00.000Z');
  });

  it('keeps the local hour across a change of the clocks', () => {
    const slots = weeklySlots(
      mondayMornings,
      'Europe/Berlin',
      new Date('2026-03-23T00:00:00Z'),
      new Date('2026-03-31T00:00:00Z'),
    );
    expect(slots.map((slot) => slot.startsAt.toISOString())).toEqual([
      '2026-03-23T08:00:00.000Z',
      '2026-03-23T08:30:00.000Z',
      '2026-03-30T07:00:00.000Z',
      '2026-03-30T07:30:00.000Z',
    ]);
  });

  it('offers only starts inside the range', () => {
    const slots = weeklySlots(
      mondayMornings,
      'Europe/Berlin',
      new Date('2026-06-01T07:30:00Z'),
      new Date('2026-06-01T07:30:00.001Z'),
    );
    expect(slots).toHaveLength(1);
    expect(weeklySlots([], 'UTC', new Date(0), new Date(1e12))).toEqual([]);
  });
});
