import { describe, expect, it } from 'vitest';
import { dayAndTimeText, localDateKey, slotsByDay, weekRange } from './slot-times.ts';

const slot = (startsAt: string) => ({
  counselorId: 'c',
  startsAt,
  endsAt: new Date(Date.parse(startsAt) + 30 * 60 * 1000).toISOString(),
});

describe('appointment times in the browser’s zone', () => {
  it('puts a late-evening UTC slot on the next day in Tokyo and the same day in Los Angeles', () => {
    const late = '2037-03-03T23:30:00.000Z';
    expect(localDateKey(late, 'Asia/Tokyo')).toBe('2037-03-04');
    expect(localDateKey(late, 'America/Los_Angeles')).toBe('2037-03-03');
    expect(dayAndTimeText(late, 'Asia/Tokyo')).toBe('Wednesday, March 4, 8:30 AM');
  });

  it('groups slots by local day, in time order', () => {
    const days = slotsByDay(
      [
        slot('2037-03-04T15:00:00.000Z'),
        slot('2037-03-03T23:30:00.000Z'),
        slot('2037-03-04T01:00:00.000Z'),
      ],
      'America/New_York',
    );
    expect(days.map((day) => [day.title, day.slots.map((entry) => entry.startsAt)])).toEqual([
      ['Tuesday, March 3', ['2037-03-03T23:30:00.000Z', '2037-03-04T01:00:00.000Z']],
      ['Wednesday, March 4', ['2037-03-04T15:00:00.000Z']],
    ]);
  });

  it('asks for seven days at a time', () => {
    expect(weekRange(new Date('2037-03-01T12:00:00.000Z'), 1)).toEqual({
      from: '2037-03-08T12:00:00.000Z',
      to: '2037-03-15T12:00:00.000Z',
    });
  });
});
