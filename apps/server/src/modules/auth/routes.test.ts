import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.ts';
import { DEMO_PASSWORD, seedDemoData } from '../../demo/seed.ts';
import { createLogger } from '../../logger.ts';
import { createTestApp } from '../../test/app.ts';
import { TEST_ORIGIN } from '../../test/auth.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/database.ts';
import { KNOWN_DEVICE_COOKIE } from './known-devices.ts';
import {
  invalidOriginMessage,
  TOO_MANY_SIGN_INS,
  TOO_MANY_SIGN_INS_FROM_ADDRESS,
} from './routes.ts';

describe.each(testDatabaseKinds)('identity endpoints on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db);
    const logger = createLogger(
      { logLevel: 'trace' },
      { write: (line: string) => lines.push(line) },
    );
    app = await createTestApp({
      database,
      env: { PUBLIC_URL: TEST_ORIGIN, LOG_LEVEL: 'debug' },
      logger,
    });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const signIn = (
    email: string,
    password: string,
    options: { ip?: string; cookie?: string; forwardedFor?: string } = {},
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: options.ip ?? '10.0.0.1',
      headers: {
        origin: TEST_ORIGIN,
        ...(options.cookie === undefined ? {} : { cookie: options.cookie }),
        ...(options.forwardedFor === undefined ? {} : { 'x-forwarded-for': options.forwardedFor }),
      },
      payload: { email, password },
    });

  const knownDeviceOf = (response: Awaited<ReturnType<typeof signIn>>) => {
    const cookie = response.cookies.find((c) => c.name === KNOWN_DEVICE_COOKIE);
    if (cookie === undefined) throw new Error('no known-device cookie');
    return `${cookie.name}=${cookie.value}`;
  };

  it("answers 404 for better-auth's endpoints the portal does not use, verify-password first", async () => {
    for (const [method, path] of [
      ['POST', '/api/auth/verify-password'],
      ['GET', '/api/auth/list-sessions'],
      ['GET', '/api/auth/get-session'],
      ['POST', '/api/auth/revoke-sessions'],
      ['POST', '/api/auth/sign-out'],
      ['POST', '/api/auth/delete-user'],
      ['GET', '/api/auth/jwks'],
    ] as const) {
      const response = await app.inject({
        method,
        url: path,
        headers: { origin: TEST_ORIGIN },
        ...(method === 'POST' ? { payload: { password: 'wrong password' } } : {}),
      });
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
  });

  it('lets a browser that signed in before past the limit on its address and on its account', async () => {
    // The owner signed in from this browser last week.
    const earlier = await signIn('mother@demo.test', DEMO_PASSWORD, { ip: '10.9.0.1' });
    expect(earlier.statusCode).toBe(200);
    const knownDevice = knownDeviceOf(earlier);

    // Someone on the same network guesses at 20 accounts, and 5 times at the owner's.
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const response = await signIn(`guess-${attempt}@demo.test`, 'wrong password', {
        ip: '10.9.0.2',
      });
      expect(response.statusCode).toBe(401);
    }
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await signIn('mother@demo.test', 'wrong password', { ip: `10.9.1.${attempt}` });
    }

    // A browser new to the account is refused from that address, and elsewhere for the
    // account, with a message that says which limit it met.
    const stranger = await signIn('father@demo.test', DEMO_PASSWORD, { ip: '10.9.0.2' });
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json<{ message: string }>().message).toBe(TOO_MANY_SIGN_INS_FROM_ADDRESS);
    const elsewhere = await signIn('mother@demo.test', DEMO_PASSWORD, { ip: '10.9.2.1' });
    expect(elsewhere.statusCode).toBe(429);
    expect(elsewhere.json<{ message: string }>().message).toBe(TOO_MANY_SIGN_INS);

    // The owner's browser signs in, from the busy address too.
    const owner = await signIn('mother@demo.test', DEMO_PASSWORD, {
      ip: '10.9.0.2',
      cookie: knownDevice,
    });
    expect(owner.statusCode).toBe(200);

    // The note is for that account only, and a known browser has its own limit.
    const otherAccount = await signIn('father@demo.test', DEMO_PASSWORD, {
      ip: '10.9.0.2',
      cookie: knownDevice,
    });
    expect(otherAccount.statusCode).toBe(429);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await signIn('mother@demo.test', 'wrong password', {
        ip: '10.9.0.2',
        cookie: knownDevice,
      });
      expect(wrong.statusCode).toBe(401);
    }
    const stolen = await signIn('mother@demo.test', DEMO_PASSWORD, {
      ip: '10.9.0.2',
      cookie: knownDevice,
    });
    expect(stolen.statusCode).toBe(429);
  });

  it('refuses a forged known-device note', async () => {
    const earlier = await signIn('individual@demo.test', DEMO_PASSWORD, { ip: '10.8.0.1' });
    const note = knownDeviceOf(earlier);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await signIn('individual@demo.test', 'wrong password', { ip: `10.8.1.${attempt}` });
    }
    const forged = note.replace(
      /:([\w-])/,
      (_match, first: string) => `:${first === 'A' ? 'B' : 'A'}`,
    );
    expect(
      (await signIn('individual@demo.test', DEMO_PASSWORD, { cookie: forged })).statusCode,
    ).toBe(429);
    expect((await signIn('individual@demo.test', DEMO_PASSWORD, { cookie: note })).statusCode).toBe(
      200,
    );
  });

  it('signs in from both loopback names when PUBLIC_URL is one, and names PUBLIC_URL to any other origin', async () => {
    const local = await createTestApp({
      database,
      env: { PUBLIC_URL: 'http://localhost:8080' },
    });
    try {
      for (const origin of ['http://localhost:8080', 'http://127.0.0.1:8080']) {
        const response = await local.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress: '10.7.0.1',
          headers: { origin },
          payload: { email: 'new@demo.test', password: DEMO_PASSWORD },
        });
        expect(response.statusCode, origin).toBe(200);
      }
      const foreign = await local.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '10.7.0.1',
        // better-auth checks the origin of requests that carry cookies, as a browser's do.
        headers: { origin: 'http://portal.example:8080', cookie: 'nestling_preferred_order=1' },
        payload: { email: 'new@demo.test', password: DEMO_PASSWORD },
      });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json<{ message: string }>().message).toBe(
        invalidOriginMessage('http://localhost:8080'),
      );
      expect(invalidOriginMessage('http://localhost:8080')).toContain('PUBLIC_URL');
    } finally {
      await local.close();
    }
  });

  it('writes no email, name, phone or birth date to the log, and nothing beside it', async () => {
    const console = [
      vi.spyOn(globalThis.console, 'log'),
      vi.spyOn(globalThis.console, 'info'),
      vi.spyOn(globalThis.console, 'warn'),
      vi.spyOn(globalThis.console, 'error'),
    ];
    lines.length = 0;
    expect(
      (await signIn('nobody-here@demo.test', 'wrong password', { ip: '10.5.0.1' })).statusCode,
    ).toBe(401);
    expect((await signIn('new@demo.test', 'wrong password', { ip: '10.5.0.2' })).statusCode).toBe(
      401,
    );

    // A database error while the account is made.
    await database.db.execute(
      sql.raw(
        `alter table "user" add constraint refuse_for_test check (email <> 'crash-${kind}@example.org')`,
      ),
    );
    const person = {
      email: `crash-${kind}@example.org`,
      password: 'a sturdy passphrase',
      name: 'Quentin Zebulon',
      firstName: 'Quentin',
      lastName: 'Zebulon',
      phone: '+1 555 867 5309',
      sex: 'Male',
      birthMonth: 4,
      birthDay: 19,
      birthYear: 1983,
    };
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress: '10.5.0.3',
        headers: { origin: TEST_ORIGIN },
        payload: person,
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      await database.db.execute(sql.raw('alter table "user" drop constraint refuse_for_test'));
    }

    const log = lines.join('');
    expect(log).toContain('refuse_for_test');
    for (const secret of [
      'nobody-here@demo.test',
      'new@demo.test',
      person.email,
      'Quentin',
      'Zebulon',
      '555 867 5309',
      // PostgreSQL's description of the row it refused.
      'Failing row',
      'User not found',
      'Invalid password',
      DEMO_PASSWORD,
    ]) {
      expect(log).not.toContain(secret);
    }
    // The values a failed query was given are never written (its SQL is, without them).
    expect(log).not.toMatch(/params: (?!\[redacted\])/);
    for (const spy of console) expect(spy).not.toHaveBeenCalled();
  });
});

describe('the time a sign-up takes', () => {
  let database: TestDatabase;
  let app: App;
  const FLOOR_MS = 800;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await seedDemoData(database.db);
    app = await createTestApp({
      database,
      env: { PUBLIC_URL: TEST_ORIGIN, SIGN_UP_ANSWER_MS: String(FLOOR_MS) },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it('is the same for an address with an account and a new one: both wait for SIGN_UP_ANSWER_MS', async () => {
    const took: Record<'known' | 'new', number[]> = { known: [], new: [] };
    for (let round = 0; round < 4; round += 1) {
      for (const kind of ['known', 'new'] as const) {
        const started = performance.now();
        const response = await app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          remoteAddress: `10.7.${String(round)}.${kind === 'known' ? '1' : '2'}`,
          headers: { origin: TEST_ORIGIN },
          payload: {
            email: kind === 'known' ? 'mother@demo.test' : `timing-${String(round)}@example.org`,
            password: 'a sturdy passphrase here',
            name: 'Tim Ing',
          },
        });
        took[kind].push(performance.now() - started);
        expect(response.statusCode).toBe(200);
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length / 2] ?? 0;
    for (const kind of ['known', 'new'] as const) {
      for (const value of took[kind]) expect(value, kind).toBeGreaterThanOrEqual(FLOOR_MS - 5);
    }
    // Only a machine too loaded to make an account within the floor could tell them apart.
    expect(Math.abs(median(took.known) - median(took.new))).toBeLessThan(FLOOR_MS / 4);
  }, 60_000);
});

describe('behind a reverse proxy', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await seedDemoData(database.db);
  });
  afterAll(async () => {
    await database.destroy();
  });

  const PROXY = '192.168.50.1';
  async function failFrom(app: App, forwardedFor: string, times: number) {
    for (let attempt = 0; attempt < times; attempt += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: PROXY,
        headers: { origin: TEST_ORIGIN, 'x-forwarded-for': forwardedFor },
        payload: { email: `guess-${attempt}@demo.test`, password: 'wrong password' },
      });
      expect(response.statusCode).toBe(401);
    }
  }
  const signInFrom = (app: App, forwardedFor: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: PROXY,
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': forwardedFor },
      payload: { email: 'embryo@demo.test', password: DEMO_PASSWORD },
    });

  it.each([
    ['1', 'one proxy'],
    [PROXY, "the proxy's address"],
  ])(
    'with TRUST_PROXY=%s (%s), counts each client on its own, and a forged X-Forwarded-For does not escape',
    async (trustProxy) => {
      await database.db.execute(sql`delete from rate_limit`);
      const app = await createTestApp({
        database,
        env: { PUBLIC_URL: TEST_ORIGIN, TRUST_PROXY: trustProxy },
      });
      try {
        // The proxy appends the address it saw; what the client wrote before it is ignored.
        await failFrom(app, '203.0.113.7', 10);
        await failFrom(app, '198.51.100.1, 203.0.113.7', 10);
        expect((await signInFrom(app, '198.51.100.2, 203.0.113.7')).statusCode).toBe(429);
        // Another client behind the same proxy is not locked out.
        expect((await signInFrom(app, '203.0.113.8')).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    },
  );

  it("with the proxy's address, a client that reaches the portal directly cannot choose its address", async () => {
    await database.db.execute(sql`delete from rate_limit`);
    const app = await createTestApp({
      database,
      env: { PUBLIC_URL: TEST_ORIGIN, TRUST_PROXY: PROXY },
    });
    try {
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress: '203.0.113.66',
          headers: { origin: TEST_ORIGIN, 'x-forwarded-for': `198.51.100.${attempt}` },
          payload: { email: `guess-${attempt}@demo.test`, password: 'wrong password' },
        });
        expect(response.statusCode).toBe(401);
      }
      const next = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '203.0.113.66',
        headers: { origin: TEST_ORIGIN, 'x-forwarded-for': '198.51.100.200' },
        payload: { email: 'embryo@demo.test', password: DEMO_PASSWORD },
      });
      expect(next.statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('with TRUST_PROXY=false, sees every client as the proxy: the README says to set it', async () => {
    await database.db.execute(sql`delete from rate_limit`);
    const app = await createTestApp({ database, env: { PUBLIC_URL: TEST_ORIGIN } });
    try {
      await failFrom(app, '203.0.113.7', 20);
      expect((await signInFrom(app, '203.0.113.8')).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });
});
