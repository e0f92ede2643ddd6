import { NUMBER_WORDS_MAX, NUMBER_WORDS_MIN } from './constants.ts';

/**
 * Inserts a space at each word boundary of a camel-case identifier and keeps the original case:
 * 'healthSurveyStatus' -> 'health Survey Status', 'HIPAAAccepted' -> 'HIPAA Accepted',
 * 'type2Diabetes' -> 'type 2 Diabetes'. A digit run starts a new word; lowercase letters right
 * after digits stay with them ('purchase30x' -> 'purchase 30x').
 */
export function splitCamelCase(text: string): string {
  return text
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/(\p{L})(\p{N})/gu, '$1 $2');
}

/** ['a', 'b', 'c'] -> 'a, b and c' (no serial comma). */
export function joinWithAnd(items: readonly string[]): string {
  const last = items.at(-1);
  if (last === undefined) return '';
  if (items.length === 1) return last;
  return `${items.slice(0, -1).join(', ')} and ${last}`;
}

export type QueryScalar = string | number | boolean | null | undefined;
export type QueryParams = Readonly<Record<string, QueryScalar | readonly QueryScalar[]>>;

/**
 * 'a=1&b=x%20y' without a leading '?'. Null and undefined values are left out; an array repeats
 * its key once per non-null item.
 */
export function toQueryString(params: QueryParams): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    const values: readonly QueryScalar[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === null || item === undefined) continue;
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(item))}`);
    }
  }
  return pairs.join('&');
}

/**
 * Upper-cases the first letter of each word and lower-cases the rest. A word starts at a letter
 * that follows neither a letter, a digit nor an apostrophe, so 'well-known' -> 'Well-Known',
 * "alzheimer's" -> "Alzheimer's" and '2nd' stays '2nd'.
 */
export function titleCase(text: string): string {
  return text.toLowerCase().replace(/(?<![\p{L}\p{N}'’])\p{L}/gu, (letter) => letter.toUpperCase());
}

const ONES = [
  '',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
] as const;
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty'] as const;

/** 21 -> 'twenty-one'. Throws a RangeError for anything but an integer from 1 to 50. */
export function numberToWords(n: number): string {
  if (!Number.isInteger(n) || n < NUMBER_WORDS_MIN || n > NUMBER_WORDS_MAX) {
    throw new RangeError(
      `numberToWords accepts integers from ${NUMBER_WORDS_MIN} to ${NUMBER_WORDS_MAX}; got ${String(n)}`,
    );
  }
  if (n < ONES.length) return ONES[n] ?? '';
  const tens = TENS[Math.floor(n / 10)] ?? '';
  const ones = ONES[n % 10] ?? '';
  return ones === '' ? tens : `${tens}-${ones}`;
}

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

/** Spec section 5: every email is trimmed before sign-in, sign-up, password reset and confirmation. */
export function trimEmail(email: string): string {
  return email.trim();
}

export const EMAIL_MESSAGE = 'Enter a valid email address';

/**
 * What an email address looks like: zod's email pattern (the default of z.email), here so that
 * a page can check an address without loading zod (emailSchema uses it too).
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
