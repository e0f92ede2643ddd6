import { AUTH_COOKIE_DAYS, AUTH_COOKIE_NAME } from '@nestling/shared/constants';

/**
 * The access token lives in a first-party cookie (spec section 7: "a Bearer token taken from a
 * cookie"), kept for AUTH_COOKIE_DAYS, SameSite=Lax, and Secure whenever the page is on HTTPS.
 */
const SECONDS_PER_DAY = 24 * 60 * 60;

function secureFlag(): string {
  return window.location.protocol === 'https:' ? '; Secure' : '';
}

/** The token in the auth cookie, or undefined when there is none. */
export function getAuthToken(): string | undefined {
  const prefix = `${AUTH_COOKIE_NAME}=`;
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
  const maxAge = AUTH_COOKIE_DAYS * SECONDS_PER_DAY;
  document.cookie = `${AUTH_COOKIE_NAME}=${encodeURIComponent(token)}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secureFlag()}`;
  notify();
}

export function clearAuthToken(): void {
  document.cookie = `${AUTH_COOKIE_NAME}=; Path=/; Max-Age=0; SameSite=Lax${secureFlag()}`;
  notify();
}
