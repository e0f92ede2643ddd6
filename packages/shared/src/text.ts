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
