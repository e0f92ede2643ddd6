import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GOOGLE_CALLBACK_PATH,
  GOOGLE_DONE_PATH,
  GOOGLE_NOT_ENABLED_MESSAGE,
  GOOGLE_START_PATH,
  googleErrorCodes,
} from '@nestling/shared/google-sign-in';
import { userSchema } from '@nestling/shared/contract/user';
import type { App } from '../../app.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestUser, signInToken, TEST_ORIGIN } from '../../test/auth.ts';
import { TestBrowser } from '../../test/browser.ts';
import {
  createTestDatabase,
  queryRows,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/database.ts';
import { startTestOidcProvider, type TestOidcProvider } from '../../test/oidc-provider.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';

const origin = TEST_ORIGIN;
const redirectUri = `${origin}${GOOGLE_CALLBACK_PATH}`;

/**
 * Drives a Google sign-in as a browser would: the start endpoint, the provider's authorization
 * endpoint, its login and consent forms (or its cancel link), and the redirect back through
 * better-auth's callback. Returns the completion page the portal sent the browser to.
 */
async function signInWithGoogle(
  browser: TestBrowser,
  options: { sub: string; start?: string; cancel?: boolean },
): Promise<URL> {
  let response = await browser.get(options.start ?? `${GOOGLE_START_PATH}?mode=popup`);
  for (let step = 0; step < 20; step += 1) {
    if (response.location !== null) {
      if (response.location.origin === origin && response.location.pathname === GOOGLE_DONE_PATH) {
        return response.location;
      }
      response = await browser.get(response.location);
      continue;
    }
    const uid = /^\/interaction\/([\w-]+)$/.exec(response.url.pathname)?.[1];
    if (response.status !== 200 || uid === undefined) {
      throw new Error(`unexpected answer ${response.status} at ${response.url.pathname}`);
    }
    const form = new URL(`/interaction/${uid}`, response.url);
    if (response.body.includes('name="prompt" value="login"')) {
      response = options.cancel
        ? await browser.get(new URL(`/interaction/${uid}/abort`, response.url))
        : await browser.post(form, { prompt: 'login', login: options.sub, password: 'any' });
    } else if (response.body.includes('name="prompt" value="consent"')) {
      response = await browser.post(form, { prompt: 'consent' });
    } else {
      throw new Error(`unexpected page at ${response.url.pathname}`);
    }
  }
  throw new Error('the sign-in did not come back to the portal');
}

const usersWithEmail = (database: TestDatabase, email: string) =>
  queryRows<{ id: string }>(database, sql`select id from "user" where email = ${email}`);

function sessionCookie(browser: TestBrowser): string | undefined {
  return [...browser.cookies()].find(([name]) => name.endsWith('session_token'))?.[1];
}

describe.each(testDatabaseKinds)('Google sign-in on %s', (kind) => {
  let provider: TestOidcProvider;
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let app: App;

  beforeAll(async () => {
    provider = await startTestOidcProvider(redirectUri);
    database = await createTestDatabase(kind);
    smtp = await startTestSmtpServer();
    app = await createTestApp({
      database,
      env: {
        PUBLIC_URL: origin,
        SMTP_URL: smtp.url,
        GOOGLE_CLIENT_ID: provider.clientId,
        GOOGLE_CLIENT_SECRET: provider.clientSecret,
        GOOGLE_ISSUER_URL: provider.issuer,
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
    await database.destroy();
    await provider.close();
  });

  /** The session cookie of `browser` exchanged for an access token, then GET /api/user/me. */
  async function currentUser(browser: TestBrowser) {
    const cookie = [...browser.cookies()].map(([name, value]) => `${name}=${value}`).join('; ');
    const token = await app.inject({ method: 'POST', url: '/api/user/token', headers: { cookie } });
    expect(token.statusCode).toBe(200);
    const me = await app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: { authorization: `Bearer ${token.json<{ token: string }>().token}` },
    });
    expect(me.statusCode).toBe(200);
    return userSchema.parse(me.json());
  }

  const accountsOf = (email: string) =>
    queryRows<{
      provider_id: string;
      account_id: string;
      access_token: string | null;
      refresh_token: string | null;
      id_token: string | null;
    }>(
      database,
      sql`select provider_id, account_id, access_token, refresh_token, id_token from account
          where user_id in (select id from "user" where email = ${email}) order by provider_id`,
    );

  const usersWith = (email: string) => usersWithEmail(database, email);

  it('sends the browser to the provider with state, nonce and a PKCE challenge', async () => {
    const response = await new TestBrowser(app, origin).get(`${GOOGLE_START_PATH}?mode=popup`);
    expect(response.status).toBe(302);
    expect(response.body).toBe('');
    const authorize = response.location;
    expect(authorize?.origin).toBe(provider.issuer);
    const params = authorize?.searchParams;
    expect(params?.get('client_id')).toBe(provider.clientId);
    expect(params?.get('redirect_uri')).toBe(redirectUri);
    expect(params?.get('response_type')).toBe('code');
    expect(params?.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    expect(params?.get('code_challenge_method')).toBe('S256');
    expect(params?.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params?.get('state')).toMatch(/^\S{32,}$/);
    expect(params?.get('nonce')).toMatch(/^\S{32,}$/);
  });

  it('creates a verified user from the Google identity, keeps no Google tokens, sends no mail', async () => {
    const email = `grace.hopper-${kind}@gmail.test`;
    provider.identities.set(`sub-grace-${kind}`, {
      // Stored in lower case, as every portal email is.
      email: `Grace.Hopper-${kind}@Gmail.test`,
      email_verified: true,
      given_name: 'Grace',
      family_name: 'Hopper',
    });
    const browser = new TestBrowser(app, origin);
    const redeemedBefore = provider.redeemed.length;

    const completion = await signInWithGoogle(browser, { sub: `sub-grace-${kind}` });
    expect(completion.searchParams.get('error')).toBeNull();
    expect(completion.searchParams.get('mode')).toBe('popup');
    expect(sessionCookie(browser)).toBeDefined();
    // The portal redeemed the code at the token endpoint, with its PKCE verifier.
    expect(provider.redeemed.slice(redeemedBefore)).toEqual([{ withVerifier: true }]);

    const user = await currentUser(browser);
    expect(user).toMatchObject({
      email,
      emailVerified: true,
      name: { First: 'Grace', Last: 'Hopper' },
      isAdminUser: false,
    });
    // The profile gate still asks for the rest of the profile.
    expect(user.phone).toBeNull();
    expect(user.sex).toBeNull();

    expect(await accountsOf(email)).toEqual([
      {
        provider_id: 'google',
        account_id: `sub-grace-${kind}`,
        access_token: null,
        refresh_token: null,
        id_token: null,
      },
    ]);
    // Google verified the email: no confirmation mail.
    expect(smtp.messages.filter((mail) => JSON.stringify(mail.to).includes(email))).toEqual([]);
  });

  it('signs the same Google account in again as the same user', async () => {
    provider.identities.set(`sub-ada-${kind}`, {
      email: `ada-${kind}@gmail.test`,
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Lovelace',
    });
    const browser = new TestBrowser(app, origin);
    await signInWithGoogle(browser, { sub: `sub-ada-${kind}` });
    const first = await currentUser(browser);

    // The same browser is still signed in at the provider, which now answers at once; a new
    // session is made all the same.
    const firstSession = sessionCookie(browser);
    const completion = await signInWithGoogle(browser, { sub: `sub-ada-${kind}` });
    expect(completion.searchParams.get('error')).toBeNull();
    expect(sessionCookie(browser)).not.toBe(firstSession);
    const second = await currentUser(browser);

    expect(second.id).toBe(first.id);
    expect(await usersWith(`ada-${kind}@gmail.test`)).toHaveLength(1);
    expect(await accountsOf(`ada-${kind}@gmail.test`)).toHaveLength(1);
  });

  it('adds Google to an existing password account with the same confirmed email', async () => {
    const email = `linus-${kind}@example.org`;
    await createTestUser(database.db, {
      id: `user-linus-${kind}`,
      email,
      firstName: 'Linus',
      lastName: 'Pauling',
    });
    provider.identities.set(`sub-linus-${kind}`, {
      email,
      email_verified: true,
      given_name: 'L.',
      family_name: 'P.',
    });
    const browser = new TestBrowser(app, origin);
    const completion = await signInWithGoogle(browser, { sub: `sub-linus-${kind}` });
    expect(completion.searchParams.get('error')).toBeNull();

    const user = await currentUser(browser);
    expect(user.id).toBe(`user-linus-${kind}`);
    // The portal's own names stay.
    expect(user.name).toEqual({ First: 'Linus', Last: 'Pauling' });
    expect((await accountsOf(email)).map((account) => account.provider_id)).toEqual([
      'credential',
      'google',
    ]);
    // The password still works.
    expect(await signInToken(app, email)).toEqual(expect.any(String));
  });

  it('does not add Google to an account whose email is not confirmed yet', async () => {
    const email = `mallory-${kind}@example.org`;
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin },
      payload: { email, password: 'a sturdy passphrase', name: 'M', firstName: 'M', lastName: 'X' },
    });
    expect(signUp.statusCode).toBe(200);
    provider.identities.set(`sub-victim-${kind}`, {
      email,
      email_verified: true,
      given_name: 'Real',
      family_name: 'Owner',
    });

    const browser = new TestBrowser(app, origin);
    const completion = await signInWithGoogle(browser, { sub: `sub-victim-${kind}` });
    expect(completion.searchParams.get('error')).toBe('account_not_linked');
    expect(sessionCookie(browser)).toBeUndefined();
    expect((await accountsOf(email)).map((account) => account.provider_id)).toEqual(['credential']);
  });

  it('refuses a Google account whose email Google has not verified, creating nothing', async () => {
    const email = `unverified-${kind}@example.org`;
    provider.identities.set(`sub-unverified-${kind}`, {
      email,
      email_verified: false,
      given_name: 'Una',
      family_name: 'Verified',
    });
    const browser = new TestBrowser(app, origin);
    const completion = await signInWithGoogle(browser, { sub: `sub-unverified-${kind}` });
    expect(completion.searchParams.get('error')).toBe(googleErrorCodes.emailNotVerified);
    expect(sessionCookie(browser)).toBeUndefined();
    expect(await usersWith(email)).toHaveLength(0);
  });

  it('ends on the completion page with access_denied when the person cancels at Google', async () => {
    const browser = new TestBrowser(app, origin);
    const completion = await signInWithGoogle(browser, {
      sub: 'unused',
      start: `${GOOGLE_START_PATH}?mode=popup`,
      cancel: true,
    });
    expect(completion.searchParams.get('error')).toBe('access_denied');
    expect(completion.searchParams.get('mode')).toBe('popup');
    expect(sessionCookie(browser)).toBeUndefined();
  });

  it('refuses a callback that reaches another browser than the one that started', async () => {
    provider.identities.set(`sub-eve-${kind}`, {
      email: `eve-${kind}@gmail.test`,
      email_verified: true,
      given_name: 'Eve',
      family_name: 'Attacker',
    });
    // Someone signs in at the provider but hands the callback (code and state) to a victim's
    // browser, which never started a sign-in: better-auth's state cookie is missing there.
    const attacker = new TestBrowser(app, origin);
    let response = await attacker.get(`${GOOGLE_START_PATH}?mode=page`);
    let callback: URL | null = null;
    for (let step = 0; step < 20 && callback === null; step += 1) {
      if (response.location?.pathname === GOOGLE_CALLBACK_PATH) {
        callback = response.location;
      } else if (response.location !== null) {
        response = await attacker.get(response.location);
      } else {
        const uid = /^\/interaction\/([\w-]+)$/.exec(response.url.pathname)?.[1] ?? '';
        const form = new URL(`/interaction/${uid}`, response.url);
        response = response.body.includes('value="login"')
          ? await attacker.post(form, { prompt: 'login', login: `sub-eve-${kind}`, password: 'x' })
          : await attacker.post(form, { prompt: 'consent' });
      }
    }
    expect(callback?.searchParams.get('code')).toEqual(expect.any(String));

    const victim = new TestBrowser(app, origin);
    const landed = await victim.get(callback ?? '/');
    expect(landed.location?.pathname).toBe(GOOGLE_DONE_PATH);
    expect(landed.location?.searchParams.get('error')).toBe('state_mismatch');
    expect(sessionCookie(victim)).toBeUndefined();
    expect(await usersWith(`eve-${kind}@gmail.test`)).toHaveLength(0);
  });

  it('carries a safe next path through a full-page sign-in, and refuses an unsafe one', async () => {
    provider.identities.set(`sub-page-${kind}`, {
      email: `page-${kind}@gmail.test`,
      email_verified: true,
      given_name: 'Page',
      family_name: 'Mode',
    });
    const browser = new TestBrowser(app, origin);
    const completion = await signInWithGoogle(browser, {
      sub: `sub-page-${kind}`,
      start: `${GOOGLE_START_PATH}?mode=page&next=${encodeURIComponent('/reports?tab=joint')}`,
    });
    expect(completion.searchParams.get('mode')).toBeNull();
    expect(completion.searchParams.get('next')).toBe('/reports?tab=joint');
    expect(completion.searchParams.get('error')).toBeNull();

    const unsafe = await app.inject({
      method: 'GET',
      url: `${GOOGLE_START_PATH}?next=${encodeURIComponent('//evil.example/')}`,
    });
    expect(unsafe.statusCode).toBe(400);
  });
});

describe('Google sign-in when it cannot be used', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('refuses an ID token whose signature does not match the keys the issuer publishes', async () => {
    const forger = await startTestOidcProvider(redirectUri, { publishWrongKey: true });
    const app = await createTestApp({
      database,
      env: {
        PUBLIC_URL: origin,
        GOOGLE_CLIENT_ID: forger.clientId,
        GOOGLE_CLIENT_SECRET: forger.clientSecret,
        GOOGLE_ISSUER_URL: forger.issuer,
      },
    });
    try {
      forger.identities.set('sub-forged', {
        email: 'forged@gmail.test',
        email_verified: true,
        given_name: 'Forged',
        family_name: 'Token',
      });
      const browser = new TestBrowser(app, origin);
      const completion = await signInWithGoogle(browser, { sub: 'sub-forged' });
      // The code was redeemed, but the ID token it brought was not believed.
      expect(forger.redeemed).toEqual([{ withVerifier: true }]);
      expect(completion.searchParams.get('error')).toBe('unable_to_get_user_info');
      expect(sessionCookie(browser)).toBeUndefined();
      expect(await usersWithEmail(database, 'forged@gmail.test')).toHaveLength(0);
    } finally {
      await app.close();
      await forger.close();
    }
  });

  it('is refused plainly without the Google settings, and the web app is told', async () => {
    const app = await createTestApp({ database, env: { PUBLIC_URL: origin } });
    try {
      const start = await app.inject({ method: 'GET', url: `${GOOGLE_START_PATH}?mode=popup` });
      expect(start.statusCode).toBe(404);
      expect(start.json<{ message: string }>().message).toBe(GOOGLE_NOT_ENABLED_MESSAGE);
      const callback = await app.inject({
        method: 'GET',
        url: `${GOOGLE_CALLBACK_PATH}?code=x&state=y`,
      });
      expect(callback.statusCode).toBe(404);
      const config = await app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json<{ features: { googleSignIn: boolean } }>().features.googleSignIn).toBe(
        false,
      );
    } finally {
      await app.close();
    }
  });

  it('offers no way around the start endpoint', async () => {
    const app = await createTestApp({
      database,
      env: {
        PUBLIC_URL: origin,
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
        GOOGLE_ISSUER_URL: 'http://127.0.0.1:9',
      },
    });
    try {
      for (const path of ['/api/auth/sign-in/social', '/api/auth/link-social']) {
        const response = await app.inject({
          method: 'POST',
          url: path,
          headers: { origin },
          payload: { provider: 'google', idToken: { token: 'a.b.c' } },
        });
        expect(response.statusCode).toBe(404);
      }
    } finally {
      await app.close();
    }
  });

  it('ends on the completion page when the provider cannot be reached, and recovers', async () => {
    // A free port, closed again: the provider is not running when the portal starts.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => {
      probe.close(() => {
        resolve();
      });
    });

    const app = await createTestApp({
      database,
      env: {
        PUBLIC_URL: origin,
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
        GOOGLE_ISSUER_URL: `http://127.0.0.1:${port}`,
      },
    });
    let provider: TestOidcProvider | null = null;
    try {
      const start = await app.inject({ method: 'GET', url: `${GOOGLE_START_PATH}?mode=popup` });
      expect(start.statusCode).toBe(303);
      const completion = new URL(start.headers.location ?? '', origin);
      expect(completion.pathname).toBe(GOOGLE_DONE_PATH);
      expect(completion.searchParams.get('error')).toBe(googleErrorCodes.unavailable);
      expect(completion.searchParams.get('mode')).toBe('popup');

      // Once the provider is up, the next start reads its discovery document and goes there.
      provider = await startTestOidcProvider(redirectUri, { port });
      const retried = await app.inject({ method: 'GET', url: `${GOOGLE_START_PATH}?mode=popup` });
      expect(retried.statusCode).toBe(302);
      expect(new URL(retried.headers.location ?? '').origin).toBe(provider.issuer);
    } finally {
      await app.close();
      await provider?.close();
    }
  });

  it('limits the sign-ins started from one address', async () => {
    const app = await createTestApp({
      database,
      env: {
        PUBLIC_URL: origin,
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
        GOOGLE_ISSUER_URL: 'http://127.0.0.1:9',
      },
    });
    try {
      const start = () =>
        app.inject({ method: 'GET', url: GOOGLE_START_PATH, remoteAddress: '10.9.9.9' });
      for (let attempt = 0; attempt < 30; attempt += 1) {
        const response = await start();
        expect(new URL(response.headers.location ?? '', origin).searchParams.get('error')).toBe(
          googleErrorCodes.unavailable,
        );
      }
      const refused = await start();
      expect(new URL(refused.headers.location ?? '', origin).searchParams.get('error')).toBe(
        googleErrorCodes.tooManyAttempts,
      );
    } finally {
      await app.close();
    }
  });
});
