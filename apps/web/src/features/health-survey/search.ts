/*
 * The survey pages' search parameters: `?section=<group linkId>` or `?section=review`, and
 * `check=1` to mark the questions still to answer (from the review's error links). Each is
 * optional and falls back to undefined when malformed.
 */
export function validateSurveySearch(search: Record<string, unknown>): {
  section?: string | undefined;
  check?: string | undefined;
} {
  const { section, check } = search;
  return {
    section: typeof section === 'string' && /^[\w-]{1,100}$/.test(section) ? section : undefined,
    check: check === '1' || check === 1 ? '1' : undefined,
  };
}
