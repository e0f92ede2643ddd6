import { AUTH_COOKIE_DAYS, AUTH_COOKIE_NAME } from '@nestling/shared/constants';
import { describe, expect, it, vi } from 'vitest';
import {
  ADMIN_COOKIE_NAME,
  clearAdminToken,
  clearAuthToken,
  getAdminToken,
  getAuthToken,
  hasAuthToken,
  setAdminToken,
  setAuthToken,
} from './auth-cookie.ts';

describe('auth cookie', () => {
  it('is empty by default', () => {
    expect(getAuthToken()).toBeUndefined();
    expect(hasAuthToken()).toBe(false);
  });

  it('stores, reads and clears the token', () => {
    setAuthToken('a.b=c');
    expect(getAuthToken()).toBe('a.b=c');
    expect(hasAuthToken()).toBe(true);
    clearAuthToken();
    expect(getAuthToken()).toBeUndefined();
  });

  it('ignores other cookies', () => {
    document.cookie = 'other=1; Path=/';
    document.cookie = `${AUTH_COOKIE_NAME}x=2; Path=/`;
    expect(getAuthToken()).toBeUndefined();
  });

  it(`lasts ${AUTH_COOKIE_DAYS} day, SameSite=Lax`, () => {
    const writes: string[] = [];
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
    });
    setAuthToken('t');
    expect(writes[0]).toContain(`Max-Age=${AUTH_COOKIE_DAYS * 86400}`);
    expect(writes[0]).toContain('SameSite=Lax');
    expect(writes[0]).toContain('Path=/');
    // jsdom serves the tests over http, so no Secure flag.
    expect(writes[0]).not.toContain('Secure');
  });

  it("keeps the admin's own token apart from the auth token, with the same flags", () => {
    setAuthToken('patient');
    setAdminToken('admin');
    expect(getAuthToken()).toBe('patient');
    expect(getAdminToken()).toBe('admin');
    clearAdminToken();
    expect(getAdminToken()).toBeUndefined();
    expect(getAuthToken()).toBe('patient');

    const writes: string[] = [];
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
    });
    setAdminToken('t');
    expect(writes[0]).toBe(
      `${ADMIN_COOKIE_NAME}=t; Path=/; Max-Age=${String(AUTH_COOKIE_DAYS * 86400)}; SameSite=Lax`,
    );
  });
});
