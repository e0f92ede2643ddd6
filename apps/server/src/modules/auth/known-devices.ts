import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readCookie } from '../../lib/cookies.ts';

/*
 * Known devices ("device cookies"): a browser that has signed in to an account before carries
 * a signed note saying so. Sign-in limits that protect many accounts at once (failures from one
 * network address, failures on one account) would otherwise lock out everyone behind a shared
 * address and the account's owner along with whoever guesses at it. A known device is judged by
 * its own failures instead. The note names no account: it is a random id and a MAC over the id
 * and the account, which only the server can check. ADR 011.
 */

export const KNOWN_DEVICE_COOKIE = 'portal_known_device';
/** The accounts one browser remembers; the oldest is dropped past this. */
const MAX_ACCOUNTS_PER_BROWSER = 5;
const KNOWN_DEVICE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
const ENTRY_PATTERN = /^([\w-]{16}):([\w-]{43})$/;

export interface KnownDevices {
  /** The device's id for this account when the cookie proves a sign-in to it here. */
  deviceFor(cookieHeader: string | undefined, accountKey: string): string | null;
  /** Set-Cookie that adds (or refreshes) this account on this browser. */
  rememberedCookie(cookieHeader: string | undefined, accountKey: string): string;
}

export function createKnownDevices(secret: string, secure: boolean): KnownDevices {
  const mac = (deviceId: string, accountKey: string) =>
    createHmac('sha256', secret)
      .update(`known-device:${deviceId}:${accountKey}`)
      .digest('base64url');

  const entriesOf = (cookieHeader: string | undefined): string[] =>
    (readCookie(cookieHeader, KNOWN_DEVICE_COOKIE) ?? '')
      .split('.')
      .filter((entry) => ENTRY_PATTERN.test(entry))
      .slice(0, MAX_ACCOUNTS_PER_BROWSER);

  function deviceFor(cookieHeader: string | undefined, accountKey: string): string | null {
    for (const entry of entriesOf(cookieHeader)) {
      const [, deviceId = '', signature = ''] = ENTRY_PATTERN.exec(entry) ?? [];
      const expected = Buffer.from(mac(deviceId, accountKey));
      const given = Buffer.from(signature);
      if (given.length === expected.length && timingSafeEqual(given, expected)) return deviceId;
    }
    return null;
  }

  return {
    deviceFor,
    rememberedCookie(cookieHeader, accountKey) {
      const existing = deviceFor(cookieHeader, accountKey);
      const deviceId = existing ?? randomBytes(12).toString('base64url');
      const entry = `${deviceId}:${mac(deviceId, accountKey)}`;
      const others = entriesOf(cookieHeader).filter((other) => !other.startsWith(`${deviceId}:`));
      const value = [entry, ...others].slice(0, MAX_ACCOUNTS_PER_BROWSER).join('.');
      return [
        `${KNOWN_DEVICE_COOKIE}=${value}`,
        // Only the sign-in endpoint reads it.
        'Path=/api/auth/sign-in',
        `Max-Age=${String(KNOWN_DEVICE_MAX_AGE_SECONDS)}`,
        'HttpOnly',
        'SameSite=Strict',
        ...(secure ? ['Secure'] : []),
      ].join('; ');
    },
  };
}
