import { hashPassword } from 'better-auth/crypto';
import { expect } from 'vitest';
import type { App } from '../app.ts';
import type { Database } from '../db/database.ts';
import { DEMO_PASSWORD } from '../demo/seed.ts';
import { createUsersRepository } from '../modules/users/repository.ts';

/** The PUBLIC_URL of apps that sign in: better-auth checks the Origin header against it. */
export const TEST_ORIGIN = 'http://portal.test';

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** A sign-up with email and password from the address `ip` (sign-ups are rate-limited by it). */
export function signUpRequest(app: App, email: string, ip: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: TEST_ORIGIN },
    remoteAddress: ip,
    payload: { email, password: 'another sturdy phrase', name: 'Eve Probe' },
  });
}

/** Signs in with email and password and exchanges the session cookie for an access token. */
export async function signInToken(
  app: App,
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN },
    payload: { email, password },
  });
  expect(signIn.statusCode).toBe(200);
  const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const token = await app.inject({ method: 'POST', url: '/api/user/token', headers: { cookie } });
  expect(token.statusCode).toBe(200);
  return token.json<{ token: string }>().token;
}

/** The access token of a new impersonation of `userId` by the primary admin demo account. */
export async function impersonationToken(app: App, userId: string): Promise<string> {
  const started = await app.inject({
    method: 'POST',
    url: '/api/admin/impersonation',
    headers: { authorization: `Bearer ${await signInToken(app, 'admin@nestling.health')}` },
    payload: { userId },
  });
  expect(started.statusCode).toBe(200);
  return started.json<{ token: string }>().token;
}

/** The claims of an access token (not verified: for assertions only). */
export function claimsOf(token: string): { sub: string; sid: string; exp: number; iat: number } {
  const [, payload] = token.split('.');
  return JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as {
    sub: string;
    sid: string;
    exp: number;
    iat: number;
  };
}

/** DEMO_PASSWORD's hash, made once per test process: hashing is slow on purpose. */
let demoPasswordHash: Promise<string> | undefined;

/** A verified user who signs in with DEMO_PASSWORD. */
export async function createTestUser(
  db: Database,
  user: { id: string; email: string; firstName: string; lastName: string; isAdminUser?: boolean },
) {
  const inserted = await createUsersRepository(db).insertWithPassword(
    {
      ...user,
      name: `${user.firstName} ${user.lastName}`,
      emailVerified: true,
      isAdminUser: user.isAdminUser ?? false,
    },
    await (demoPasswordHash ??= hashPassword(DEMO_PASSWORD)),
  );
  expect(inserted).toBe(true);
}
