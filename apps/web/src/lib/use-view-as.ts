import { useSearch } from '@tanstack/react-router';

/**
 * The person whose portal this is, for an admin viewing it as them (?as_user= or ?email=, kept
 * by the root route): sent as `asUser` on every report call. Undefined for everyone else; the
 * server refuses `asUser` from anyone but lab staff.
 */
export function useViewAs(): string | undefined {
  const search = useSearch({ strict: false });
  return search.as_user ?? search.email;
}
