/** The name of the preconception test, before any variant suffix (spec section 9). */
export const PRECONCEPTION_TEST_NAME = 'Preconception Genetic Screening';

export interface PreconceptionVariant {
  testType?: string | null;
  individual?: boolean;
}

/**
 * 'Preconception Genetic Screening - 30x - Individual': ' - 30x' when testType is exactly '30x',
 * then ' - Individual' for individual orders. `baseName` lets an operator use its own name.
 */
export function preconceptionTestName(
  { testType, individual = false }: PreconceptionVariant,
  baseName: string = PRECONCEPTION_TEST_NAME,
): string {
  return `${baseName}${testType === '30x' ? ' - 30x' : ''}${individual ? ' - Individual' : ''}`;
}

/**
 * Fixed to UTC so a purchase shows the same date to every viewer, on the server and in tests,
 * whatever the machine's time zone.
 */
const usDateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  timeZone: 'UTC',
});

/**
 * Unix seconds -> US date such as '1/5/2026'. Throws a RangeError for NaN, infinities and
 * instants outside the Date range: a bad timestamp is a bug to surface, not a blank to show.
 */
export function formatUsDate(unixSeconds: number): string {
  const date = new Date(unixSeconds * 1000);
  if (!Number.isFinite(unixSeconds) || Number.isNaN(date.getTime())) {
    throw new RangeError(`formatUsDate needs finite unix seconds; got ${String(unixSeconds)}`);
  }
  return usDateFormat.format(date);
}
