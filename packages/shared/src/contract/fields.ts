import * as z from 'zod/mini';
import {
  type DateParts,
  DOB_FORMAT_MESSAGE,
  DOB_FUTURE_MESSAGE,
  DOB_MIN_YEAR,
  DOB_TOO_EARLY_MESSAGE,
  DOB_UNDER_AGE_MESSAGE,
  dobProblem,
  MINIMUM_AGE_YEARS,
  formatDob,
  parseDob,
} from '../dates.ts';
import { EMAIL_MESSAGE, EMAIL_PATTERN } from '../text.ts';

/*
 * Fields that several contracts share. Apart from the text and date helpers (../text.ts, ../dates.ts) because schemas
 * are built when their module loads: the web app's first page needs those helpers, not zod.
 */

/** The furthest-ahead time zone is UTC+14, so no date after its today is anyone's past. */
const LATEST_UTC_OFFSET_MS = 14 * 60 * 60 * 1000;

function isInFuture({ year, month, day }: DateParts, now: number): boolean {
  const latestToday = new Date(now + LATEST_UTC_OFFSET_MS);
  const todayKey =
    latestToday.getUTCFullYear() * 10000 +
    (latestToday.getUTCMonth() + 1) * 100 +
    latestToday.getUTCDate();
  return year * 10000 + month * 100 + day > todayKey;
}

/**
 * A real calendar date written MM/DD/YYYY, from 1900 up to 18 years ago (the terms' minimum
 * age). "Today" is judged in the furthest-ahead time zone so the browser and the server always
 * agree. Outputs the date zero-padded ('3/7/1990' -> '03/07/1990').
 */
export const dobSchema = z.pipe(
  z.string({ error: DOB_FORMAT_MESSAGE }).check(z.trim()),
  z.transform((text: string, ctx) => {
    const fail = (message: string) => {
      ctx.issues.push({ code: 'custom', message, input: text });
      return z.NEVER;
    };
    const parts = parseDob(text);
    if (!parts) return fail(dobProblem(text) ?? DOB_FORMAT_MESSAGE);
    if (parts.year < DOB_MIN_YEAR) return fail(DOB_TOO_EARLY_MESSAGE);
    if (isInFuture(parts, Date.now())) return fail(DOB_FUTURE_MESSAGE);
    // Judged like the future: 18 today anywhere on Earth is old enough.
    if (isInFuture({ ...parts, year: parts.year + MINIMUM_AGE_YEARS }, Date.now())) {
      return fail(DOB_UNDER_AGE_MESSAGE);
    }
    return formatDob({ Month: parts.month, Day: parts.day, Year: parts.year });
  }),
);

/** Emails are stored trimmed and in lower case, as the sign-in library stores them. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Trims, then checks the format. Case is kept: the spec does not lower-case emails. */
export const emailSchema = z.pipe(
  z.string({ error: EMAIL_MESSAGE }).check(z.trim()),
  z.email({ error: EMAIL_MESSAGE, pattern: EMAIL_PATTERN }),
);
