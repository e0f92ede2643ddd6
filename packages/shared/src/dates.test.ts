import { describe, expect, it } from 'vitest';
import { daysInMonth, formatDob, isoDateProblem, parseDob } from './dates.ts';

describe('daysInMonth', () => {
  it('knows month lengths and leap years', () => {
    expect(daysInMonth(2023, 1)).toBe(31);
    expect(daysInMonth(2023, 4)).toBe(30);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2023, 12)).toBe(31);
  });
});

describe('parseDob', () => {
  it.each([
    ['03/07/1990', { month: 3, day: 7, year: 1990 }],
    ['3/7/1990', { month: 3, day: 7, year: 1990 }],
    [' 12/31/1999 ', { month: 12, day: 31, year: 1999 }],
    ['02/29/2000', { month: 2, day: 29, year: 2000 }],
    ['02/29/2024', { month: 2, day: 29, year: 2024 }],
    ['01/01/1850', { month: 1, day: 1, year: 1850 }],
  ])('%j -> %j', (input, expected) => {
    expect(parseDob(input)).toEqual(expected);
  });

  it.each([
    '',
    '03/07',
    '03/07/1990/1',
    '03-07-1990',
    '1990/03/07',
    'aa/bb/cccc',
    '03/07/90',
    '03/07/19900',
    '003/07/1990',
    '03/ 7/1990',
    '3.5/07/1990',
    '-3/07/1990',
    '02/30/1990',
    '02/29/1900',
    '02/29/2023',
    '04/31/1990',
    '13/01/1990',
    '00/10/1990',
    '10/00/1990',
    '10/32/1990',
    '01/01/0000',
  ])('rejects %j', (input) => {
    expect(parseDob(input)).toBeNull();
  });
});

describe('isoDateProblem', () => {
  it.each(['2026-01-31', '2024-02-29', '2000-02-29', '1999-12-01'])('accepts %j', (input) => {
    expect(isoDateProblem(input)).toBeNull();
  });

  it.each([
    ['2026-04-31', 'April has 30 days'],
    ['2026-02-30', 'February has 28 or 29 days'],
    ['2023-02-29', 'February 2023 has 28 days: it is not a leap year'],
    ['1900-02-29', 'February 1900 has 28 days: it is not a leap year'],
    ['2026-06-00', 'Enter a day from 1 to 30'],
    ['2026-13-01', 'The month goes from 01 to 12 (YYYY-MM-DD)'],
    ['2026-00-10', 'The month goes from 01 to 12 (YYYY-MM-DD)'],
    ['0000-01-01', 'Give a date as YYYY-MM-DD'],
    ['01/31/2026', 'Give a date as YYYY-MM-DD'],
    ['2026-1-31', 'Give a date as YYYY-MM-DD'],
    ['', 'Give a date as YYYY-MM-DD'],
  ])('says what is wrong with %j: %s', (input, message) => {
    expect(isoDateProblem(input)).toBe(message);
  });
});

describe('formatDob', () => {
  it('zero-pads month, day and year', () => {
    expect(formatDob({ Month: 3, Day: 7, Year: 1990 })).toBe('03/07/1990');
    expect(formatDob({ Month: 12, Day: 31, Year: 2001 })).toBe('12/31/2001');
    expect(formatDob({ Month: 1, Day: 1, Year: 999 })).toBe('01/01/0999');
  });

  it('gives an empty string when a part is missing', () => {
    expect(formatDob({ Month: null, Day: 7, Year: 1990 })).toBe('');
    expect(formatDob({ Month: 3, Day: null, Year: 1990 })).toBe('');
    expect(formatDob({ Month: 3, Day: 7, Year: null })).toBe('');
  });

  it('round-trips with parseDob', () => {
    const parts = parseDob(formatDob({ Month: 11, Day: 5, Year: 1984 }));
    expect(parts).toEqual({ month: 11, day: 5, year: 1984 });
  });
});
