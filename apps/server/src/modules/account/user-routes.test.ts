import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMAIL_CONFIRMED_MESSAGE,
  CONFIRMATION_MAIL_MESSAGE,
  PASSWORD_MAIL_MESSAGE,
  SIGN_UP_MESSAGE,
  VERIFIED_EMAIL_REQUIRED,
} from '@nestling/shared/contract/auth';
import { DOB_UNDER_AGE_MESSAGE } from '@nestling/shared/dates';
import { userSchema } from '@nestling/shared/contract/user';
import type { App } from '../../app.ts';
import { DEMO_PASSWORD, seedDemoData } from '../../demo/seed.ts';
import { createTestApp } from '../../test/app.ts';
import { signUpRequest } from '../../test/auth.ts';
import {
  createTestDatabase,
  queryRows,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/database.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import { COMMON_PASSWORD_MESSAGE } from '../auth/common-passwords.ts';
import { TOO_MANY_SIGN_INS } from '../auth/routes.ts';

const origin = 'http://portal.test';

function codeFrom(text: string | undefined, page: string): string {
  const match = new RegExp(`${origin}/${page}\\?oobCode=([\\w-]+)`).exec(text ?? '');
  if (match?.[1] === undefined) throw new Error(`no ${page} link in the mail`);
  return match[1];
}

describe.each(testDatabaseKinds)('identity on %s', (kind) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let app: App;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db);
    smtp = await startTestSmtpServer();
    app = await createTestApp({
      database,
      env: { PUBLIC_URL: origin, SMTP_URL: smtp.url },
      routes: (testApp) => {
        testApp.get('/api/test/verified', { preHandler: testApp.requireVerifiedUser }, () => ({
          ok: true,
        }));
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
    await database.destroy();
  });

  const signIn = (email: string, password: string, ip = '10.0.0.1') =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin },
      remoteAddress: ip,
      payload: { email, password },
    });

  async function accessToken(email: string, password: string) {
    const response = await signIn(email, password);
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const token = await app.inject({ method: 'POST', url: '/api/user/token', headers: { cookie } });
    expect(token.statusCode).toBe(200);
    return token.json<{ token: string; expiresAt: number }>();
  }

  const me = (token: string) =>
    app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: { authorization: `Bearer ${token}` },
    });

  it('signs up without signing in; the mailed single-use link confirms; then sign-in reaches data', async () => {
    const email = `ada-${kind}@example.org`;
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin },
      payload: {
        email: `  ${email} `,
        password: 'a sturdy passphrase',
        name: 'Ada L',
        firstName: 'Ada',
        lastName: 'L',
      },
    });
    expect(signUp.statusCode).toBe(200);
    expect(signUp.json()).toEqual({ message: SIGN_UP_MESSAGE });
    // No session: the answer must be the same for an address that has an account.
    expect(signUp.cookies).toHaveLength(0);

    // Signed in before the link is opened, the account reaches no data.
    const { token: earlyToken } = await accessToken(email, 'a sturdy passphrase');
    expect((await me(earlyToken)).json<{ emailVerified: boolean }>().emailVerified).toBe(false);
    const unconfirmed = await app.inject({
      method: 'GET',
      url: '/api/test/verified',
      headers: { authorization: `Bearer ${earlyToken}` },
    });
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json<{ message: string }>().message).toBe(VERIFIED_EMAIL_REQUIRED);

    const mail = await smtp.next(email);
    const code = codeFrom(mail.text, 'verify-email');
    const stored = await queryRows<{ identifier: string }>(
      database,
      sql`select identifier from verification where value in (select id from "user" where email = ${email})`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.identifier).not.toContain(code);

    const confirm = () =>
      app.inject({ method: 'POST', url: '/api/user/email/confirm', payload: { oobCode: code } });
    expect((await confirm()).statusCode).toBe(200);
    expect((await confirm()).statusCode).toBe(400);
    // The same session now reaches data.
    const confirmed = await app.inject({
      method: 'GET',
      url: '/api/test/verified',
      headers: { authorization: `Bearer ${earlyToken}` },
    });
    expect(confirmed.statusCode).toBe(200);

    const { token, expiresAt } = await accessToken(` ${email}`, 'a sturdy passphrase');
    expect(expiresAt - Date.now() / 1000).toBeGreaterThan(29 * 60);
    const claims = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString(),
    ) as Record<string, unknown>;
    expect(Object.keys(claims).sort()).toEqual(['admin', 'aud', 'exp', 'iat', 'iss', 'sid', 'sub']);
    const response = await me(token);
    expect(response.statusCode).toBe(200);
    expect(userSchema.parse(response.json())).toMatchObject({
      email,
      emailVerified: true,
      name: { First: 'Ada', Last: 'L' },
    });
  });

  it('keeps where the person was going through the confirmation, and says whose email it was', async () => {
    const email = `going-${kind}@example.org`;
    const next = '/saliva/invite/accept/3f2a9c1e-invite-link';
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin },
      payload: { email, password: 'a sturdy passphrase', name: 'Goes There', next },
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const mail = await smtp.next(email);
    const link = new RegExp(`${origin}/verify-email\\?oobCode=([\\w-]+)&next=([^\\s]+)`).exec(
      mail.text ?? '',
    );
    expect(decodeURIComponent(link?.[2] ?? '')).toBe(next);
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/user/email/confirm',
      payload: { oobCode: link?.[1] },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: EMAIL_CONFIRMED_MESSAGE, email });
    // A place off the site is not kept: the sign-up is refused, nothing is made.
    const offSite = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin },
      payload: {
        email: `away-${kind}@example.org`,
        password: 'a sturdy passphrase',
        name: 'Goes Away',
        next: '//evil.example/steal',
      },
    });
    expect(offSite.statusCode).toBe(400);
  });

  it('answers a sign-up for an address that has an account as for a new one, and mails its owner', async () => {
    const signUp = (email: string, ip: string) => signUpRequest(app, email, ip);
    const taken = await signUp(' Embryo@Demo.test ', '10.6.0.1');
    const fresh = await signUp(`fresh-${kind}@example.org`, '10.6.0.2');
    for (const response of [taken, fresh]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: SIGN_UP_MESSAGE });
      expect(response.cookies).toHaveLength(0);
    }

    // The owner hears of it; the password is unchanged; no second account was made.
    const notice = await smtp.next('embryo@demo.test');
    expect(notice.subject).toMatch(/already have/i);
    expect(notice.text).toContain(`${origin}/signin`);
    expect((await signIn('embryo@demo.test', 'another sturdy phrase', '10.6.0.3')).statusCode).toBe(
      401,
    );
    expect((await signIn('embryo@demo.test', DEMO_PASSWORD, '10.6.0.4')).statusCode).toBe(200);
    const accounts = await queryRows(
      database,
      sql`select id from "user" where email = 'embryo@demo.test'`,
    );
    expect(accounts).toHaveLength(1);

    // An account never confirmed gets a new confirmation link instead.
    const confirmation = signUp('unverified@demo.test', '10.6.0.5');
    expect((await confirmation).json()).toEqual({ message: SIGN_UP_MESSAGE });
    codeFrom((await smtp.next('unverified@demo.test')).text, 'verify-email');
  });

  it("checks the sign-up with the form's rules and stores nothing when a field is wrong", async () => {
    const email = `bad-phone-${kind}@example.org`;
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin },
      payload: {
        email,
        password: 'a sturdy passphrase',
        name: 'Bad Phone',
        firstName: 'Bad',
        lastName: 'Phone',
        phone: 'call me maybe',
        birthMonth: 2,
        birthDay: 30,
        birthYear: 1990,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(
      'Invalid request: body.phone: Enter a valid phone number; ' +
        'body.birthMonth: Enter your date of birth as MM/DD/YYYY',
    );
    const stored = await queryRows(database, sql`select id from "user" where email = ${email}`);
    expect(stored).toHaveLength(0);
  });

  it('refuses a person under 18, as the terms require, and stores nothing', async () => {
    const email = `eleven-${kind}@example.org`;
    const eleven = new Date().getUTCFullYear() - 11;
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin },
      payload: {
        email,
        password: 'a sturdy passphrase',
        name: 'Young Person',
        birthMonth: 1,
        birthDay: 15,
        birthYear: eleven,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(
      `Invalid request: body.birthMonth: ${DOB_UNDER_AGE_MESSAGE}`,
    );
    expect(await queryRows(database, sql`select id from "user" where email = ${email}`)).toEqual(
      [],
    );
  });

  it('refuses a common password in plain words', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin },
      payload: { email: `common-${kind}@example.org`, password: 'Password123', name: 'C' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(COMMON_PASSWORD_MESSAGE);
  });

  it('answers the reset and confirmation requests alike for known and unknown emails', async () => {
    for (const [url, message] of [
      ['/api/user/password', PASSWORD_MAIL_MESSAGE],
      ['/api/user/email', CONFIRMATION_MAIL_MESSAGE],
    ] as const) {
      const known = await app.inject({
        method: 'GET',
        url: `${url}?email=${encodeURIComponent(' embryo@demo.test ')}`,
        remoteAddress: '10.1.0.1',
      });
      const unknown = await app.inject({
        method: 'GET',
        url: `${url}?email=nobody@demo.test`,
        remoteAddress: '10.1.0.2',
      });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.json()).toEqual({ message });
      expect(unknown.json()).toEqual(known.json());
    }
    // The reset mail for the known account; the confirmation is not sent to a verified one.
    codeFrom((await smtp.next('embryo@demo.test')).text, 'reset-password');
  });

  it('resets a password with the mailed code once, and ends every session', async () => {
    const email = 'individual@demo.test';
    const { token } = await accessToken(email, DEMO_PASSWORD);
    expect((await me(token)).statusCode).toBe(200);

    await app.inject({
      method: 'GET',
      url: `/api/user/password?email=${email}`,
      remoteAddress: '10.2.0.1',
    });
    const code = codeFrom((await smtp.next(email)).text, 'reset-password');
    const reset = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/user/password/reset',
        payload: { oobCode: code, password },
      });
    expect((await reset('password123')).json<{ message: string }>().message).toBe(
      COMMON_PASSWORD_MESSAGE,
    );
    expect((await reset('a brand new passphrase')).statusCode).toBe(200);
    expect((await reset('another new passphrase')).statusCode).toBe(400);

    const revoked = await me(token);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json<{ message: string }>().message).toBe('Session expired');
    expect((await signIn(email, DEMO_PASSWORD, '10.2.0.2')).statusCode).toBe(401);
    expect((await signIn(email, 'a brand new passphrase', '10.2.0.2')).statusCode).toBe(200);
  });

  it('refuses missing, forged and idle tokens', async () => {
    expect(
      (await app.inject({ method: 'GET', url: '/api/user/me' })).json<{ message: string }>()
        .message,
    ).toBe('No token in context');
    expect((await me('not.a.token')).statusCode).toBe(401);

    const { token } = await accessToken('father@demo.test', DEMO_PASSWORD);
    const [, payload] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as {
      sid: string;
    };
    await database.db.execute(
      sql`update session set updated_at = now() - interval '31 minutes' where id = ${claims.sid}`,
    );
    const idle = await me(token);
    expect(idle.statusCode).toBe(401);
    expect(idle.json<{ message: string }>().message).toBe('Session expired');
  });

  it('ends a session at the 12-hour cap even while it is in use', async () => {
    const { token } = await accessToken('father@demo.test', DEMO_PASSWORD);
    const [, payload] = token.split('.');
    const { sid } = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as {
      sid: string;
    };
    // Used a minute ago, but signed in 12 hours and 1 minute ago.
    await database.db.execute(
      sql`update session set created_at = now() - interval '721 minutes',
          updated_at = now() - interval '1 minute' where id = ${sid}`,
    );
    const capped = await me(token);
    expect(capped.statusCode).toBe(401);
    expect(capped.json<{ message: string }>().message).toBe('Session expired');
  });

  it('signs out on the server: the token is refused and the session cookie cleared', async () => {
    const response = await signIn('embryo@demo.test', DEMO_PASSWORD, '10.4.0.1');
    const cookie = response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const { token } = (
      await app.inject({ method: 'POST', url: '/api/user/token', headers: { cookie } })
    ).json<{ token: string }>();
    expect((await me(token)).statusCode).toBe(200);

    const signOut = await app.inject({
      method: 'POST',
      url: '/api/user/sign-out',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(signOut.statusCode).toBe(200);
    const cleared = signOut.cookies.find((c) => c.name.endsWith('session_token'));
    expect(cleared?.value).toBe('');
    expect(cleared?.maxAge).toBe(0);

    expect((await me(token)).statusCode).toBe(401);
    // The old session cookie no longer yields a token either.
    const again = await app.inject({ method: 'POST', url: '/api/user/token', headers: { cookie } });
    expect(again.statusCode).toBe(401);
  });

  it('answers 403 Verified email required where a confirmed email is needed', async () => {
    const { token } = await accessToken('mother@demo.test', DEMO_PASSWORD);
    await database.db.execute(
      sql`update "user" set email_verified = false where email = 'mother@demo.test'`,
    );
    const response = await app.inject({
      method: 'GET',
      url: '/api/test/verified',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ message: string }>().message).toBe(VERIFIED_EMAIL_REQUIRED);
  });

  it('throttles sign-in after 5 failures for one account within 15 minutes', async () => {
    const email = 'new@demo.test';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await signIn(email, 'wrong password', `10.3.0.${attempt}`)).statusCode).toBe(401);
    }
    const throttled = await signIn(` ${email}`, DEMO_PASSWORD, '10.3.0.9');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json<{ message: string }>().message).toBe(TOO_MANY_SIGN_INS);
  });
});
