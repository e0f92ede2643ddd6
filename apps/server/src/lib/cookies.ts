/*
 * The preference cookies of spec section 9: the preferred couple account and individual order.
 * They hold only an id the server checks again on every read, so they are not secrets; they
 * are HttpOnly anyway, because the web app learns the choice from GET /user's answer and no
 * script needs them.
 */

/** A cookie's value from a Cookie header; undefined when absent or unreadable. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Half a year: a preference outlives sessions, but not forever. */
const PREFERENCE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

/** Set-Cookie for a preference: only the API reads it; Secure when the portal runs on TLS. */
export function preferenceCookie(name: string, value: string, secure: boolean): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/api',
    `Max-Age=${String(PREFERENCE_MAX_AGE_SECONDS)}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
