/*
 * Dates as patients read them, one way on every screen: the spec's US numeric date ('12/2/2026',
 * as formatUsDate writes unix seconds), with the time where it matters ('12/2/2026, 3:05 PM').
 * Instants are shown in the reader's own day and time zone.
 */

const usDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

const usDateTime = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** '2026-12-02T15:00:00.000Z' -> '12/2/2026'; the text as given when it names no instant. */
export function usDateOf(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : usDate.format(date);
}

/**
 * '2026-06-15T14:05:00.000Z' -> '6/15/2026, 2:05 PM', with an ordinary space (some runtimes put
 * a narrow one before PM).
 */
export function usDateTimeOf(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : usDateTime.format(date).replace(/\u202f/g, ' ');
}
