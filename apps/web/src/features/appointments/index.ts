/** What other features may use of appointments (ADR 051): everything else here is its own. */
export { browserTimeZone, localDateKey, timeText } from './slot-times.ts';
