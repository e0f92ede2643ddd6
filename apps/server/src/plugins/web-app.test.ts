import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalRoutes } from '@nestling/shared/routes';
import type { App } from '../app.ts';
import { createTestApp, createTestWebDist, type TestWebDist } from '../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';
import { brandIndexHtml } from './web-app.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('pglite');
});
afterAll(async () => {
  await database.destroy();
});

describe('the built web app', () => {
  let dist: TestWebDist;
  let app: App;

  beforeAll(async () => {
    dist = createTestWebDist();
    app = await createTestApp({ database, env: { WEB_DIST_DIR: dist.dir } });
  });
  afterAll(async () => {
    await app.close();
    dist.remove();
  });

  it.each(portalRoutes)('answers %s with the branded index.html, never cached', async (route) => {
    const response = await app.inject({ method: 'GET', url: route });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<title>Nestling Portal</title>');
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('answers deep links with a query string and HEAD requests the same way', async () => {
    const withQuery = await app.inject({ method: 'GET', url: '/signin?next=%2Freports' });
    expect(withQuery.statusCode).toBe(200);
    expect(withQuery.body).toContain('<title>Nestling Portal</title>');

    const head = await app.inject({ method: 'HEAD', url: '/reports/joint' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('answers /index.html itself branded and never cached', async () => {
    const response = await app.inject({ method: 'GET', url: '/index.html' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<title>Nestling Portal</title>');
  });

  it('caches hashed assets for a year', async () => {
    const response = await app.inject({ method: 'GET', url: dist.assetUrl });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.body).toBe(dist.assetBody);
  });

  it('serves other files of the build as they are, revalidated', async () => {
    const response = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('User-agent');
  });

  it('answers a missing asset with a real 404, not index.html', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/x.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<title>');
    expect(response.headers['cache-control']).toBeUndefined();
  });

  it('answers unknown API paths with JSON, not index.html', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nope?oobCode=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      statusCode: 404,
      error: 'Not Found',
      message: 'No API route GET /api/nope',
    });
  });

  it('does not answer other methods with the web app', async () => {
    const response = await app.inject({ method: 'POST', url: '/signin' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'No route POST /signin' });
  });

  it('does not serve files outside the build', async () => {
    const response = await app.inject({ method: 'GET', url: '/..%2f..%2fetc%2fpasswd' });
    expect(response.body).not.toContain('root:');
  });
});

describe('the web app under another brand', () => {
  it('escapes the product name in the title', async () => {
    const dist = createTestWebDist();
    const app = await createTestApp({
      database,
      env: { WEB_DIST_DIR: dist.dir, PRODUCT_NAME: 'Acorn & <Oak>' },
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/signin' });
      expect(response.body).toContain('<title>Acorn &amp; &lt;Oak&gt; Portal</title>');
    } finally {
      await app.close();
      dist.remove();
    }
  });
});

describe('without a build', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({ database, env: { WEB_DIST_DIR: '/nonexistent/web/dist' } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('tells the operator to build the web app', async () => {
    const response = await app.inject({ method: 'GET', url: '/signin' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toContain('npm run build');
  });

  it('keeps the API working', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
  });
});

describe('brandIndexHtml', () => {
  it('replaces the title whatever it held', () => {
    expect(brandIndexHtml('<head><title>\n  Vite App\n</title></head>', 'Nestling')).toBe(
      '<head><title>Nestling Portal</title></head>',
    );
  });

  it('adds a title when there is none', () => {
    expect(brandIndexHtml('<html><head></head></html>', 'Nestling')).toBe(
      '<html><head><title>Nestling Portal</title></head></html>',
    );
  });
});
