import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
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
