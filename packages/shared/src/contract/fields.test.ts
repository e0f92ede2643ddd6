import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DOB_FORMAT_MESSAGE,
  DOB_FUTURE_MESSAGE,
  DOB_MONTH_MESSAGE,
  DOB_TOO_EARLY_MESSAGE,
  DOB_UNDER_AGE_MESSAGE,
} from '../dates.ts';
import { EMAIL_MESSAGE, EMAIL_PATTERN } from '../text.ts';
import { dobSchema, emailSchema } from './fields.ts';

describe('dobSchema', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-06-15T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function messages(input: unknown): string[] {
    const result = dobSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  }

  it('accepts a valid date and outputs it zero-padded and trimmed', () => {
    expect(dobSchema.parse('03/07/1990')).toBe('03/07/1990');
    expect(dobSchema.parse(' 3/7/1990 ')).toBe('03/07/1990');
  });

  it('accepts the first day of 1900 and an 18th birthday today', () => {
    expect(dobSchema.parse('01/01/1900')).toBe('01/01/1900');
    expect(dobSchema.parse('06/15/2008')).toBe('06/15/2008');
  });

  it('accepts an 18th birthday tomorrow in UTC while it is already today somewhere (UTC+14)', () => {
    expect(dobSchema.parse('06/16/2008')).toBe('06/16/2008');
  });

  it('refuses anyone under 18, as the terms require', () => {
    expect(messages('06/17/2008')).toEqual([DOB_UNDER_AGE_MESSAGE]);
    // An 11-year-old, as the review signed up.
    expect(messages('03/14/2015')).toEqual([DOB_UNDER_AGE_MESSAGE]);
    expect(messages('06/15/2026')).toEqual([DOB_UNDER_AGE_MESSAGE]);
  });

  it('rejects a date after today everywhere', () => {
    expect(messages('06/17/2026')).toEqual([DOB_FUTURE_MESSAGE]);
    expect(messages('01/01/2030')).toEqual([DOB_FUTURE_MESSAGE]);
  });

  it('rejects years before 1900', () => {
    expect(messages('12/31/1899')).toEqual([DOB_TOO_EARLY_MESSAGE]);
  });

  it.each([
    ['02/30/1990', 'February has 28 or 29 days'],
    ['02/29/2023', 'February 2023 has 28 days: it is not a leap year'],
    ['04/31/1990', 'April has 30 days'],
    ['01/32/1990', 'January has 31 days'],
    ['06/00/1990', 'Enter a day from 1 to 30'],
    ['13/01/1990', DOB_MONTH_MESSAGE],
    ['25/12/1990', DOB_MONTH_MESSAGE],
    ['00/10/1990', DOB_MONTH_MESSAGE],
    ['01/01/0000', DOB_TOO_EARLY_MESSAGE],
  ])('says what is wrong with %j: %j', (input, message) => {
    expect(messages(input)).toEqual([message]);
  });

  it('names the month in every month-length message, and says the month comes first', () => {
    expect(DOB_MONTH_MESSAGE).toBe('The month comes first and goes from 1 to 12 (MM/DD/YYYY)');
    expect(messages('09/31/1990')).toEqual(['September has 30 days']);
    expect(messages('02/29/1996')).toEqual([]);
  });

  it.each(['', '   ', '1990-03-07', '03/07/90', '3/7/1990/1', 'soon'])(
    'rejects %j with the format message',
    (input) => {
      expect(messages(input)).toEqual([DOB_FORMAT_MESSAGE]);
    },
  );

  it('rejects non-strings with the format message', () => {
    expect(messages(19900307)).toEqual([DOB_FORMAT_MESSAGE]);
    expect(messages(undefined)).toEqual([DOB_FORMAT_MESSAGE]);
  });

  it('uses the spec wording', () => {
    expect(DOB_FORMAT_MESSAGE).toBe('Enter your date of birth as MM/DD/YYYY');
  });
});

describe('emailSchema', () => {
  it('trims and keeps case', () => {
    expect(emailSchema.parse('  Ann.Lee+test@Example.COM ')).toBe('Ann.Lee+test@Example.COM');
  });

  it.each([
    '',
    '   ',
    'ann',
    'ann@',
    '@example.com',
    'ann@example',
    'ann example@x.com',
    'a@@b.com',
  ])('rejects %j', (input) => {
    const result = emailSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([EMAIL_MESSAGE]);
  });

  it('rejects non-strings with the same message', () => {
    expect(emailSchema.safeParse(null).error?.issues[0]?.message).toBe(EMAIL_MESSAGE);
  });

  it('uses the agreed wording', () => {
    expect(EMAIL_MESSAGE).toBe('Enter a valid email address');
  });
});

describe('EMAIL_PATTERN', () => {
  it("is zod's own email pattern", async () => {
    const { regexes } = await import('zod/v4/core');
    // zod writes a literal '-' in a character class as '\-', which means the same.
    expect(EMAIL_PATTERN.source).toBe(regexes.email.source.replaceAll('\\-', '-'));
  });
});
