const BASE = 'https://portal.invalid';

/**
 * A `next` target (where to go after signing in) must be a path on this site: it starts with
 * one '/', has no backslashes or control characters, and resolves to the same origin.
 * '//evil.example' and 'https://…' fail. Checked by the web app's routes and by the server
 * before it carries one through the Google sign-in.
 */
export function isSafeNextPath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  if (value.includes('\\') || /\p{Cc}/u.test(value)) return false;
  try {
    return new URL(value, BASE).origin === BASE;
  } catch {
    return false;
  }
}
