import * as z from 'zod/mini';

/**
 * Every error the API answers with. `error` is the HTTP reason phrase; `message` is the
 * human-readable cause (e.g. 'Verified email required'), which the web app routes on.
 */
export const errorBodySchema = z.object({
  statusCode: z.int().check(z.minimum(400), z.maximum(599)),
  error: z.string(),
  message: z.string(),
  requestId: z.optional(z.string()),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * 'content.diseases.0.percentile: Give a percentile from 0 to 100' for each issue of a failed
 * parse, naming fields as the API does; `prefix` puts them under e.g. 'body'.
 */
export function describeSchemaIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  prefix?: string,
): string[] {
  return issues.map((issue) => {
    const field = [...(prefix === undefined ? [] : [prefix]), ...issue.path.map(String)].join('.');
    return field === '' ? issue.message : `${field}: ${issue.message}`;
  });
}
