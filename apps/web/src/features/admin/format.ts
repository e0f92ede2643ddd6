/*
 * Helpers shared by the admin page and the bars. No import of the API client's error class:
 * the bars load on every page an admin views, and must not pull in code the first load
 * shares with /signin (see use-admin-bars.ts).
 */

/**
 * An audit time in US format with the time of day, e.g. '1/5/2026, 3:04:05 PM', in the viewer's
 * time zone unless one is given (tests fix it).
 */
export function formatAuditTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    ...(timeZone === undefined ? {} : { timeZone }),
  })
    .format(date)
    .replace(/\u202f/g, ' ');
}

/** The HTTP status of a failed API call (an ApiError), else undefined. */
export function statusOf(error: unknown): number | undefined {
  return error instanceof Error && 'status' in error && typeof error.status === 'number'
    ? error.status
    : undefined;
}

/** A failed admin call in plain words. */
export function adminErrorText(error: unknown): string {
  const status = statusOf(error);
  if (status === undefined || !(error instanceof Error)) {
    return 'Something went wrong. Please try again.';
  }
  if (status === 0) return 'We could not reach the portal. Check your connection.';
  if (status >= 500) return 'Something went wrong on our side. Please try again.';
  return error.message;
}
