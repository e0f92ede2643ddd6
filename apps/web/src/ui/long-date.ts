const longDate = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

/** '2026-12-02T15:00:00.000Z' -> 'December 2, 2026', in the reader's own day. */
export function longDateOf(iso: string): string {
  return longDate.format(new Date(iso));
}
