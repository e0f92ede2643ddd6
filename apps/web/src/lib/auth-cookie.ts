import { AUTH_COOKIE_DAYS, AUTH_COOKIE_NAME } from '@nestling/shared/constants';

/**
 * The access token lives in a first-party cookie (spec section 7: "a Bearer token taken from a
 * cookie"), kept for AUTH_COOKIE_DAYS, SameSite=Lax, and Secure whenever the page is on HTTPS.
 */
const SECONDS_PER_DAY = 24 * 60 * 60;

function secureFlag(): string {
  return window.location.protocol === 'https:' ? '; Secure' : '';
}

/**
 * While a primary admin impersonates a patient, the admin's own token waits here (the
 * secondary session), with the same flags as the auth cookie.
 */
export const ADMIN_COOKIE_NAME = 'admin_auth_token';

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const cookie = part.trim();
    if (cookie.startsWith(prefix)) {
      const value = cookie.slice(prefix.length);
      if (value === '') return undefined;
      try {
        return decodeURIComponent(value);
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function writeCookie(name: string, value: string): void {
  const maxAge = AUTH_COOKIE_DAYS * SECONDS_PER_DAY;
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${String(maxAge)}; SameSite=Lax${secureFlag()}`;
}

function deleteCookie(name: string): void {
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax${secureFlag()}`;
}

/** The token in the auth cookie, or undefined when there is none. */
export function getAuthToken(): string | undefined {
  return readCookie(AUTH_COOKIE_NAME);
}

export function hasAuthToken(): boolean {
  return getAuthToken() !== undefined;
}

const listeners = new Set<() => void>();

/** Called whenever this tab sets or clears the token (for useSyncExternalStore). */
export function subscribeAuthToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function setAuthToken(token: string): void {
  writeCookie(AUTH_COOKIE_NAME, token);
  notify();
}

export function clearAuthToken(): void {
  deleteCookie(AUTH_COOKIE_NAME);
  notify();
}

/** The admin's own token kept during an impersonation, or undefined. */
export function getAdminToken(): string | undefined {
  return readCookie(ADMIN_COOKIE_NAME);
}

export function setAdminToken(token: string): void {
  writeCookie(ADMIN_COOKIE_NAME, token);
}

export function clearAdminToken(): void {
  deleteCookie(ADMIN_COOKIE_NAME);
}
