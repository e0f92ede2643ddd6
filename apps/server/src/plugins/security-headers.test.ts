import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { BAD_ADDRESS } from './framework-answers.ts';
import { createTestApp, createTestWebDist, type TestWebDist } from '../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';

function directives(header: unknown): Map<string, string> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
  );
}

let database: TestDatabase;
let dist: TestWebDist;
beforeAll(async () => {
  database = await createTestDatabase('pglite');
  dist = createTestWebDist();
});
afterAll(async () => {
  await database.destroy();
  dist.remove();
});

describe('security headers', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({ database, env: { WEB_DIST_DIR: dist.dir } });
  });
  afterAll(async () => {
    await app.close();
  });

  it.each(['/signin', '/api/health', '/api/nope', '/assets/index-Bx7f3kQ2.js'])(
    'are on %s',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      const csp = directives(response.headers['content-security-policy']);
      expect(csp.get('script-src')).toBe("'self'");
      expect(csp.get('style-src')).toBe("'self' 'unsafe-inline'");
      expect(csp.get('style-src-elem')).toBe("'self'");
      expect(csp.get('style-src-attr')).toBe("'unsafe-inline'");
      expect(csp.get('script-src-attr')).toBe("'none'");
      expect(csp.get('img-src')).toBe("'self' data:");
      expect(csp.get('connect-src')).toBe("'self'");
      expect(csp.get('frame-ancestors')).toBe("'none'");
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('base-uri')).toBe("'self'");
      expect(csp.get('form-action')).toBe("'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-frame-options']).toBe('DENY');
    },
  );

  it('keep other windows out, but let pages keep hold of the popups they open', async () => {
    for (const url of ['/signin', '/api/health', '/assets/index-Bx7f3kQ2.js']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    }
  });

  it.each([
    '/api/auth/google/start?mode=popup',
    '/api/auth/callback/google?state=x&code=y',
    '/signin/google-done?mode=popup',
  ])('set no opener policy on %s, which the Google popup passes through', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(directives(response.headers['content-security-policy']).get('script-src')).toBe(
      "'self'",
    );
  });

  it('leave out HSTS over plain HTTP', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('ignore X-Forwarded-Proto unless TRUST_PROXY is on', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('connect-src with a backend on another origin', () => {
  const backends = {
    STAGING_API_URL: 'https://staging.acorn.example:8443/v2/api',
    EMULATOR_API_URL: 'http://127.0.0.1:5001/acorn/api',
  };

  async function connectSrc(env: Record<string, string>) {
    const app = await createTestApp({ database, env: { ...backends, ...env } });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      return directives(response.headers['content-security-policy']).get('connect-src');
    } finally {
      await app.close();
    }
  }

  it("allows exactly the origin of the running environment's backend", async () => {
    expect(await connectSrc({ APP_ENV: 'development' })).toBe(
      "'self' https://staging.acorn.example:8443",
    );
    expect(await connectSrc({ APP_ENV: 'emulator' })).toBe("'self' http://127.0.0.1:5001");
  });

  it("allows no other environment's backend", async () => {
    expect(await connectSrc({ APP_ENV: 'production' })).toBe("'self'");
    expect(await connectSrc({ APP_ENV: 'local-staging' })).toBe("'self'");
  });
});

describe('security headers behind a trusted TLS proxy', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({ database, env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('add HSTS when the request came over TLS', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it('leave out HSTS when the proxy says HTTP', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('img-src and the maps key', () => {
  async function imgSrc(env: Record<string, string>) {
    const app = await createTestApp({ database, env });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      return directives(response.headers['content-security-policy']).get('img-src');
    } finally {
      await app.close();
    }
  }

  it('allows the static map images of /clinics only when a maps key is set', async () => {
    expect(await imgSrc({})).toBe("'self' data:");
    expect(await imgSrc({ MAPS_API_KEY: 'maps-acorn' })).toBe(
      "'self' data: https://maps.googleapis.com",
    );
  });
});

/** The headers every answer must carry, whoever made it (the security review's finding 11). */
function expectGuarded(headers: Record<string, unknown>, what: string) {
  expect(headers['content-security-policy'], what).toMatch(/frame-ancestors 'none'/);
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['cache-control'], what).toBe('no-store');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
}

/** One raw HTTP/1.1 exchange, for the answers Node and Fastify make before any route. */
async function rawExchange(
  port: number,
  request: string,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const { connect } = await import('node:net');
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer')));
  });
}

describe('answers made outside the routes', () => {
  let app: App;
  let port: number;
  beforeAll(async () => {
    app = await createTestApp({ database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    port = typeof address === 'object' && address !== null ? address.port : 0;
  });
  afterAll(async () => {
    await app.close();
  });

  it('carry the security headers and the error body: bad percent-encoding', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/checkout/%ff%fe' });
    expect(response.statusCode).toBe(400);
    expectGuarded(response.headers, 'bad URL');
    expect(response.json<{ statusCode: number; message: string }>()).toMatchObject({
      statusCode: 400,
      message: BAD_ADDRESS,
    });
  });

  it('carry the security headers: a path parameter over the longest the router takes', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/checkout/${'a'.repeat(500)}` });
    expect(response.statusCode).toBe(414);
    expectGuarded(response.headers, '414');
    expect(response.json()).toMatchObject({ statusCode: 414 });
  });

  it('carry the security headers: a NUL in the address', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/checkout/%00' });
    expect(response.statusCode).toBe(400);
    expectGuarded(response.headers, 'NUL');
  });

  it('carry the security headers: headers over the size Node takes (431)', async () => {
    const answer = await rawExchange(
      port,
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expectGuarded(answer.headers, '431');
    expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 431 });
  });

  it('carry the security headers: a request Node cannot parse (400)', async () => {
    const answer = await rawExchange(port, 'GET /api/health HTTP/1.1\r\nHost x\r\n\r\n');
    expect(answer.status).toBe(400);
    expectGuarded(answer.headers, 'malformed');
  });
});
