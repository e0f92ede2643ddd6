import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deviceSessionsSchema,
  EMAIL_CHANGED_MESSAGE,
  EMAIL_UNAVAILABLE,
  emailChangeSentMessage,
  OTHER_SESSIONS_SIGNED_OUT_MESSAGE,
  PASSWORD_CHANGED_MESSAGE,
  SAME_EMAIL_MESSAGE,
  SESSION_NOT_FOUND,
  WRONG_CURRENT_PASSWORD,
} from '@nestling/shared/contract/account';
import { EMAIL_CONFIRMED_MESSAGE, NOT_WHILE_IMPERSONATING } from '@nestling/shared/contract/auth';
import { userSchema } from '@nestling/shared/contract/user';
import type { App } from '../../app.ts';
import { DEMO_PASSWORD, seedDemoData } from '../../demo/seed.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, claimsOf, createTestUser, TEST_ORIGIN } from '../../test/auth.ts';
import {
  createTestDatabase,
  queryRows,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/database.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import { COMMON_PASSWORD_MESSAGE } from '../auth/common-passwords.ts';
import { INVALID_CODE } from '../auth/service.ts';
import { TOO_MANY_REQUESTS } from '../rate-limit/service.ts';

const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** The `message` of an answer's JSON body. */
function message(response: { json: () => unknown }): string {
  return (response.json() as { message: string }).message;
}

describe.each(testDatabaseKinds)('account settings on %s', (kind) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let app: App;
  let userCount = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db);
    smtp = await startTestSmtpServer();
    app = await createTestApp({
      database,
      env: { PUBLIC_URL: TEST_ORIGIN, SMTP_URL: smtp.url },
    });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
    await database.destroy();
  });

  /** A fresh verified user of this test alone, who signs in with DEMO_PASSWORD. */
  async function newUser() {
    userCount += 1;
    const id = `account-${kind}-${userCount}`;
    const email = `${id}@example.org`;
    await createTestUser(database.db, { id, email, firstName: 'Ada', lastName: 'Lovelace' });
    return { id, email };
  }

  const signIn = (email: string, password: string, userAgent = CHROME_ON_LINUX) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'user-agent': userAgent },
      payload: { email, password },
    });

  /** Signs in (one more device) and exchanges the session cookie for an access token. */
  async function tokenFor(email: string, password = DEMO_PASSWORD, userAgent = CHROME_ON_LINUX) {
    const response = await signIn(email, password, userAgent);
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const token = await app.inject({ method: 'POST', url: '/api/user/token', headers: { cookie } });
    expect(token.statusCode).toBe(200);
    return token.json<{ token: string }>().token;
  }

  const me = (token: string) =>
    app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });

  const patchMe = (token: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'PATCH', url: '/api/user/me', headers: bearer(token), payload });

  // Each test speaks from its own address, so the per-address limits of one do not reach another.
  const changePassword = (token: string, payload: Record<string, unknown>, ip: string) =>
    app.inject({
      method: 'POST',
      url: '/api/user/password/change',
      headers: bearer(token),
      remoteAddress: ip,
      payload,
    });

  const changeEmail = (token: string, payload: Record<string, unknown>, ip: string) =>
    app.inject({
      method: 'POST',
      url: '/api/user/email/change',
      headers: bearer(token),
      remoteAddress: ip,
      payload,
    });

  const confirm = (oobCode: string, ip: string, token?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/user/email/confirm',
      headers: token === undefined ? {} : bearer(token),
      remoteAddress: ip,
      payload: { oobCode },
    });

  const sessions = async (token: string) => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/user/sessions',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return deviceSessionsSchema.parse(response.json()).sessions;
  };

  /** Turns the token's session into an admin's impersonation of its user. */
  async function impersonated(token: string) {
    await database.db.execute(
      sql`update session set impersonated_by = 'demo-admin' where id = ${claimsOf(token).sid}`,
    );
    return token;
  }

  describe('PATCH /api/user/me', () => {
    it('changes the profile and answers the updated user', async () => {
      const { id, email } = await newUser();
      const token = await tokenFor(email);
      const response = await patchMe(token, {
        firstName: ' Grace ',
        lastName: 'Hopper',
        phone: ' +1 (555) 010-0199 ',
        dob: '12/9/1906',
        sex: 'Female',
      });
      expect(response.statusCode).toBe(200);
      const expected = {
        id,
        email,
        name: { First: 'Grace', Last: 'Hopper' },
        phone: '+1 (555) 010-0199',
        birthday: { Month: 12, Day: 9, Year: 1906 },
        sex: 'Female',
        isAdminUser: false,
      };
      expect(userSchema.parse(response.json())).toMatchObject(expected);
      expect((await me(token)).json()).toMatchObject(expected);
      const [row] = await queryRows<{ name: string }>(
        database,
        sql`select name from "user" where id = ${id}`,
      );
      expect(row?.name).toBe('Grace Hopper');

      // One field alone, and the birthday as the parts GET /user/me gives.
      const partial = await patchMe(token, { birthday: { Month: 3, Day: 7, Year: 1990 } });
      expect(partial.statusCode).toBe(200);
      expect(userSchema.parse(partial.json())).toMatchObject({
        name: { First: 'Grace', Last: 'Hopper' },
        birthday: { Month: 3, Day: 7, Year: 1990 },
      });
    });

    it('refuses invalid fields by name and changes nothing', async () => {
      const { email } = await newUser();
      const token = await tokenFor(email);
      const response = await patchMe(token, {
        firstName: '   ',
        phone: 'call me',
        dob: '02/30/1990',
        sex: 'Other',
      });
      expect(response.statusCode).toBe(400);
      const text = message(response);
      expect(text).toContain('body.firstName: Enter your first name');
      expect(text).toContain('body.phone: Enter a valid phone number');
      expect(text).toContain('body.dob: February has 28 or 29 days');
      expect(text).toContain('body.sex: Choose Male or Female');
      expect((await me(token)).json()).toMatchObject({
        name: { First: 'Ada', Last: 'Lovelace' },
        phone: null,
      });
    });

    it('refuses the email, admin and consent flags', async () => {
      const { id, email } = await newUser();
      const token = await tokenFor(email);
      const response = await patchMe(token, {
        firstName: 'Eve',
        email: 'eve@example.org',
        isAdminUser: true,
        tosAccepted: true,
      });
      expect(response.statusCode).toBe(400);
      expect(message(response)).toContain('email, isAdminUser, tosAccepted');
      const [row] = await queryRows<{ email: string; is_admin_user: boolean; first_name: string }>(
        database,
        sql`select email, is_admin_user, first_name from "user" where id = ${id}`,
      );
      expect(row).toEqual({ email, is_admin_user: false, first_name: 'Ada' });
    });

    it('needs an access token', async () => {
      const response = await app.inject({
        method: 'PATCH',
        url: '/api/user/me',
        payload: { firstName: 'Eve' },
      });
      expect(response.statusCode).toBe(401);
    });

    it("leaves better-auth's own update-user and change-password turned off", async () => {
      const { email } = await newUser();
      const response = await signIn(email, DEMO_PASSWORD);
      const cookie = response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      for (const [path, payload] of [
        ['/api/auth/update-user', { phone: 'not a phone' }],
        [
          '/api/auth/change-password',
          { currentPassword: DEMO_PASSWORD, newPassword: 'x'.repeat(9) },
        ],
      ] as const) {
        const refused = await app.inject({
          method: 'POST',
          url: path,
          headers: { origin: TEST_ORIGIN, cookie },
          payload,
        });
        expect(refused.statusCode, path).toBe(404);
      }
    });
  });

  describe('POST /api/user/password/change', () => {
    it('checks the current password, then ends every session; only the new one signs in', async () => {
      const { email } = await newUser();
      const laptop = await tokenFor(email);
      const phone = await tokenFor(email, DEMO_PASSWORD, SAFARI_ON_IPHONE);
      const ip = `10.20.${kind === 'pglite' ? 1 : 2}.1`;

      const wrong = await changePassword(
        laptop,
        { currentPassword: 'not my password', newPassword: 'a brand new passphrase' },
        ip,
      );
      expect(wrong.statusCode).toBe(400);
      expect(message(wrong)).toBe(WRONG_CURRENT_PASSWORD);

      const short = await changePassword(
        laptop,
        { currentPassword: DEMO_PASSWORD, newPassword: 'short' },
        ip,
      );
      expect(short.statusCode).toBe(400);
      expect(message(short)).toContain('body.newPassword: Use at least 8 characters');

      const common = await changePassword(
        laptop,
        { currentPassword: DEMO_PASSWORD, newPassword: 'Password123' },
        ip,
      );
      expect(common.statusCode).toBe(400);
      expect(message(common)).toBe(COMMON_PASSWORD_MESSAGE);
      expect((await me(laptop)).statusCode).toBe(200);

      const changed = await changePassword(
        laptop,
        { currentPassword: DEMO_PASSWORD, newPassword: 'a brand new passphrase' },
        ip,
      );
      expect(changed.statusCode).toBe(200);
      expect(message(changed)).toBe(PASSWORD_CHANGED_MESSAGE);

      for (const token of [laptop, phone]) {
        const revoked = await me(token);
        expect(revoked.statusCode).toBe(401);
        expect(message(revoked)).toBe('Session expired');
      }
      expect((await signIn(email, DEMO_PASSWORD)).statusCode).toBe(401);
      expect((await signIn(email, 'a brand new passphrase')).statusCode).toBe(200);
    });

    it('refuses a sixth wrong current password within 15 minutes', async () => {
      const { email } = await newUser();
      const token = await tokenFor(email);
      const ip = `10.21.${kind === 'pglite' ? 1 : 2}.1`;
      const attempt = (currentPassword: string) =>
        changePassword(token, { currentPassword, newPassword: 'a brand new passphrase' }, ip);
      for (let count = 1; count <= 5; count += 1) {
        expect((await attempt(`wrong ${count}`)).statusCode).toBe(400);
      }
      const throttled = await attempt(DEMO_PASSWORD);
      expect(throttled.statusCode).toBe(429);
      expect(message(throttled)).toBe(TOO_MANY_REQUESTS);
    });

    it('is refused while an admin impersonates the user', async () => {
      const { email } = await newUser();
      const token = await impersonated(await tokenFor(email));
      const refused = await changePassword(
        token,
        { currentPassword: DEMO_PASSWORD, newPassword: 'a brand new passphrase' },
        '10.22.0.1',
      );
      expect(refused.statusCode).toBe(403);
      expect(message(refused)).toBe(NOT_WHILE_IMPERSONATING);
      expect((await signIn(email, DEMO_PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('POST /api/user/email/change', () => {
    it('mails a single-use link; once opened the new email signs in and other devices are out', async () => {
      const { id, email } = await newUser();
      const laptop = await tokenFor(email);
      const phone = await tokenFor(email, DEMO_PASSWORD, SAFARI_ON_IPHONE);
      const newEmail = `renamed-${id}@example.org`;
      const ip = `10.30.${kind === 'pglite' ? 1 : 2}.1`;

      const wrong = await changeEmail(laptop, { newEmail, currentPassword: 'not my password' }, ip);
      expect(wrong.statusCode).toBe(400);
      expect(message(wrong)).toBe(WRONG_CURRENT_PASSWORD);

      const same = await changeEmail(
        laptop,
        { newEmail: ` ${email.toUpperCase()} `, currentPassword: DEMO_PASSWORD },
        ip,
      );
      expect(same.statusCode).toBe(400);
      expect(message(same)).toBe(SAME_EMAIL_MESSAGE);

      const invalid = await changeEmail(laptop, { newEmail: 'nope', currentPassword: 'x' }, ip);
      expect(invalid.statusCode).toBe(400);
      expect(message(invalid)).toContain('body.newEmail: Enter a valid email address');

      const asked = await changeEmail(
        laptop,
        { newEmail: ` ${newEmail} `, currentPassword: DEMO_PASSWORD },
        ip,
      );
      expect(asked.statusCode).toBe(200);
      expect(message(asked)).toBe(emailChangeSentMessage(newEmail));

      const link = (await smtp.next(newEmail)).text ?? '';
      const match = new RegExp(
        `${TEST_ORIGIN}/verify-email\\?oobCode=([\\w-]+)&next=%2Faccount-settings`,
      ).exec(link);
      const code = match?.[1];
      if (code === undefined) throw new Error('no confirmation link in the mail');
      const notice = await smtp.next(email);
      expect(notice.subject).toContain('change');
      expect(notice.text).not.toContain(code);

      // Nothing changes until the link is opened; the code is stored hashed.
      expect((await me(laptop)).json()).toMatchObject({ email });
      const stored = await queryRows<{ identifier: string }>(
        database,
        sql`select identifier from verification where identifier like 'portal-email-change:%'
            and value::jsonb ->> 'userId' = ${id}`,
      );
      expect(stored).toHaveLength(1);
      expect(stored[0]?.identifier).not.toContain(code);

      const confirmed = await confirm(code, ip, laptop);
      expect(confirmed.statusCode).toBe(200);
      expect(message(confirmed)).toBe(EMAIL_CHANGED_MESSAGE);
      const again = await confirm(code, ip, laptop);
      expect(again.statusCode).toBe(400);
      expect(message(again)).toBe(INVALID_CODE);

      // The device that opened the link stays signed in; the other is signed out.
      expect((await me(laptop)).json()).toMatchObject({ email: newEmail, emailVerified: true });
      expect((await me(phone)).statusCode).toBe(401);
      expect((await signIn(email, DEMO_PASSWORD)).statusCode).toBe(401);
      expect((await signIn(newEmail, DEMO_PASSWORD)).statusCode).toBe(200);
    });

    it('keeps only the newest link, and signs every device out when opened signed out', async () => {
      const { id, email } = await newUser();
      const token = await tokenFor(email);
      const ip = `10.31.${kind === 'pglite' ? 1 : 2}.1`;
      const codeOf = async (newEmail: string) => {
        const asked = await changeEmail(token, { newEmail, currentPassword: DEMO_PASSWORD }, ip);
        expect(asked.statusCode).toBe(200);
        return /oobCode=([\w-]+)/.exec((await smtp.next(newEmail)).text ?? '')?.[1] ?? '';
      };
      const first = await codeOf(`first-${id}@example.org`);
      const second = await codeOf(`second-${id}@example.org`);
      expect(message(await confirm(first, ip))).toBe(INVALID_CODE);
      expect((await confirm(second, ip)).statusCode).toBe(200);
      expect((await me(token)).statusCode).toBe(401);
      expect((await signIn(`second-${id}@example.org`, DEMO_PASSWORD)).statusCode).toBe(200);
    });

    it("refuses another account's email, plainly", async () => {
      const { email } = await newUser();
      const token = await tokenFor(email);
      const taken = await changeEmail(
        token,
        { newEmail: 'Mother@Demo.test', currentPassword: DEMO_PASSWORD },
        '10.32.0.1',
      );
      expect(taken.statusCode).toBe(409);
      expect(message(taken)).toBe(EMAIL_UNAVAILABLE);
    });

    it('is refused while an admin impersonates the user', async () => {
      const { id, email } = await newUser();
      const token = await impersonated(await tokenFor(email));
      const refused = await changeEmail(
        token,
        { newEmail: `other-${id}@example.org`, currentPassword: DEMO_PASSWORD },
        '10.33.0.1',
      );
      expect(refused.statusCode).toBe(403);
      expect(message(refused)).toBe(NOT_WHILE_IMPERSONATING);
    });

    it('still confirms a sign-up email with the same endpoint', async () => {
      const signUpEmail = `signup-${kind}@example.org`;
      const signUp = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email: signUpEmail, password: 'a sturdy passphrase', name: 'S U' },
      });
      expect(signUp.statusCode).toBe(200);
      const code = /oobCode=([\w-]+)/.exec((await smtp.next(signUpEmail)).text ?? '')?.[1] ?? '';
      const confirmed = await confirm(code, '10.34.0.1');
      expect(message(confirmed)).toBe(EMAIL_CONFIRMED_MESSAGE);
    });
  });

  describe('the signed-in devices', () => {
    it('lists live sessions with the current one marked, and not impersonations', async () => {
      const { email } = await newUser();
      const laptop = await tokenFor(email);
      const phone = await tokenFor(email, DEMO_PASSWORD, SAFARI_ON_IPHONE);
      const support = await impersonated(await tokenFor(email));
      const idle = await tokenFor(email);
      await database.db.execute(
        sql`update session set updated_at = now() - interval '31 minutes'
            where id = ${claimsOf(idle).sid}`,
      );

      const listed = await sessions(laptop);
      expect(listed.map((row) => [row.id, row.device, row.current])).toEqual(
        expect.arrayContaining([
          [claimsOf(laptop).sid, 'Chrome on Linux', true],
          [claimsOf(phone).sid, 'Safari on iPhone', false],
        ]),
      );
      expect(listed).toHaveLength(2);
      // The address Fastify saw (inject's default), not one a client could write in a header.
      expect(listed.map((row) => row.ipAddress)).toEqual(['127.0.0.1', '127.0.0.1']);
      const [first] = listed;
      expect(Date.parse(first?.lastUsedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
      expect(listed.map((row) => row.id)).not.toContain(claimsOf(support).sid);
    });

    it("signs out one device, and answers 404 for someone else's", async () => {
      const { email } = await newUser();
      const laptop = await tokenFor(email);
      const phone = await tokenFor(email, DEMO_PASSWORD, SAFARI_ON_IPHONE);
      const stranger = await tokenFor((await newUser()).email);
      const remove = (token: string, id: string) =>
        app.inject({ method: 'DELETE', url: `/api/user/sessions/${id}`, headers: bearer(token) });

      const foreign = await remove(laptop, claimsOf(stranger).sid);
      expect(foreign.statusCode).toBe(404);
      expect(message(foreign)).toBe(SESSION_NOT_FOUND);
      expect((await me(stranger)).statusCode).toBe(200);

      expect((await remove(laptop, claimsOf(phone).sid)).statusCode).toBe(200);
      expect((await me(phone)).statusCode).toBe(401);
      expect((await me(laptop)).statusCode).toBe(200);
      expect((await remove(laptop, claimsOf(phone).sid)).statusCode).toBe(404);
    });

    it('signs out every other device, keeping this one', async () => {
      const { email } = await newUser();
      const laptop = await tokenFor(email);
      const phone = await tokenFor(email, DEMO_PASSWORD, SAFARI_ON_IPHONE);
      const tablet = await tokenFor(email);
      const response = await app.inject({
        method: 'DELETE',
        url: '/api/user/sessions/others',
        headers: bearer(laptop),
      });
      expect(response.statusCode).toBe(200);
      expect(message(response)).toBe(OTHER_SESSIONS_SIGNED_OUT_MESSAGE);
      expect((await me(phone)).statusCode).toBe(401);
      expect((await me(tablet)).statusCode).toBe(401);
      expect((await sessions(laptop)).map((row) => row.current)).toEqual([true]);
    });

    it('is not for an impersonating admin to sign the person out', async () => {
      const { email } = await newUser();
      const own = await tokenFor(email);
      const support = await impersonated(await tokenFor(email));
      const response = await app.inject({
        method: 'DELETE',
        url: '/api/user/sessions/others',
        headers: bearer(support),
      });
      expect(response.statusCode).toBe(403);
      expect(message(response)).toBe(NOT_WHILE_IMPERSONATING);
      expect((await me(own)).statusCode).toBe(200);
    });
  });

  it('publishes the account endpoints in the OpenAPI document', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const { paths } = response.json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(Object.keys(paths['/api/user/me'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'patch']),
    );
    for (const path of [
      '/api/user/password/change',
      '/api/user/email/change',
      '/api/user/sessions',
      '/api/user/sessions/others',
      '/api/user/sessions/{id}',
    ]) {
      expect(paths[path], path).toBeDefined();
    }
  });
});
