/**
 * Dates as people type them: a date of birth as MM/DD/YYYY (sign-up, profile) and a date field's
 * YYYY-MM-DD (health surveys), with the reason in words when one names no real day. A module of
 * its own so that the pages that never ask for a date (sign-in above all) do not load it.
 */
export interface DateParts {
  month: number;
  day: number;
  year: number;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export interface BirthdayParts {
  Month: number | null;
  Day: number | null;
  Year: number | null;
}

/** { Month: 3, Day: 7, Year: 1990 } -> '03/07/1990'; '' when a part is missing (a blank form field). */
export function formatDob({ Month, Day, Year }: BirthdayParts): string {
  if (Month === null || Day === null || Year === null) return '';
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(Month, 2)}/${pad(Day, 2)}/${pad(Year, 4)}`;
}

export const DOB_MIN_YEAR = 1900;
export const DOB_FORMAT_MESSAGE = 'Enter your date of birth as MM/DD/YYYY';
export const DOB_MONTH_MESSAGE = 'The month comes first and goes from 1 to 12 (MM/DD/YYYY)';
export const DOB_FUTURE_MESSAGE = 'Your date of birth cannot be in the future';
/** The terms require it: a person must be an adult to be tested or to agree to them. */
export const MINIMUM_AGE_YEARS = 18;
export const DOB_UNDER_AGE_MESSAGE = `You must be at least ${String(MINIMUM_AGE_YEARS)} years old to use this portal`;
export const DOB_TOO_EARLY_MESSAGE = `Enter a year from ${DOB_MIN_YEAR} onwards`;

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'MM/DD/YYYY' as numbers, whether or not they make a date; null for any other shape. */
function splitDob(text: string): DateParts | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  return { month: Number(match[1]), day: Number(match[2]), year: Number(match[3]) };
}

/**
 * Why 'MM/DD/YYYY' text names no real date, in words a person can act on: the month is not 1-12
 * (often a day written first), or the day is beyond the month's length ('April has 30 days',
 * 'February has 28 or 29 days'). The format message for any other shape; null for a real date.
 */
export function dobProblem(text: string): string | null {
  const parts = splitDob(text);
  if (!parts) return DOB_FORMAT_MESSAGE;
  const { month, day, year } = parts;
  if (month < 1 || month > 12) return DOB_MONTH_MESSAGE;
  if (year < 1) return DOB_TOO_EARLY_MESSAGE;
  return dayProblem({ month, day, year });
}

/**
 * Why a day does not exist in its month, in words ('April has 30 days', 'February has 28 or 29
 * days', 'February 2023 has 28 days: it is not a leap year'); null when it does. The month must
 * be 1-12.
 */
function dayProblem({ month, day, year }: DateParts): string | null {
  const length = daysInMonth(year, month);
  if (day >= 1 && day <= length) return null;
  if (day < 1) return `Enter a day from 1 to ${String(length)}`;
  if (month === 2 && day === 29)
    return `February ${String(year)} has 28 days: it is not a leap year`;
  const monthName = MONTH_NAMES[month - 1] ?? '';
  return month === 2 ? 'February has 28 or 29 days' : `${monthName} has ${String(length)} days`;
}

export const ISO_DATE_FORMAT_MESSAGE = 'Give a date as YYYY-MM-DD';
export const ISO_DATE_MONTH_MESSAGE = 'The month goes from 01 to 12 (YYYY-MM-DD)';

/**
 * Why 'YYYY-MM-DD' text (a date field's value, a survey's FHIR date) names no real date, in the
 * same words as dobProblem; null for a real date.
 */
export function isoDateProblem(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return ISO_DATE_FORMAT_MESSAGE;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12) return ISO_DATE_MONTH_MESSAGE;
  if (year < 1) return ISO_DATE_FORMAT_MESSAGE;
  return dayProblem({ month, day, year });
}

/**
 * Splits 'MM/DD/YYYY' on '/' into numbers. Month and day may have one or two digits, the year
 * exactly four; surrounding whitespace is ignored. Anything else, or a date that does not exist
 * (02/30/1990, 13/01/1990, 00/10/1990), gives null.
 */
export function parseDob(text: string): DateParts | null {
  return dobProblem(text) === null ? splitDob(text) : null;
}

/** Whole years of age on a day: a birthday later in the year has not come yet. */
export function ageOn(birth: DateParts, on: Date): number {
  const month = on.getUTCMonth() + 1;
  const day = on.getUTCDate();
  const before = month < birth.month || (month === birth.month && day < birth.day);
  return on.getUTCFullYear() - birth.year - (before ? 1 : 0);
}
