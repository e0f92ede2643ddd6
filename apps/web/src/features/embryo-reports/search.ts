import * as z from 'zod/mini';

/*
 * Kept apart from the pages: the routes' search check loads with every page, the pages do not.
 * Search values arrive as text from a typed or reloaded address and as numbers from a link, so
 * the version is coerced; anything malformed falls back to undefined (the latest, the newest).
 */

/** ?report= names a report (the preferred account's newest without it); ?version= one version. */
export const embryoReportSearchSchema = z.object({
  report: z.catch(
    z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
    undefined,
  ),
  version: z.catch(z.optional(z.coerce.number().check(z.int(), z.positive())), undefined),
});
