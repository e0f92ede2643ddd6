import { copyFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalRoutes } from '@nestling/shared/routes';
import type { App } from '../app.ts';
import { createTestApp, createTestWebDist, type TestWebDist } from '../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';
import { brandIndexHtml, preferredEncoding, signInShellHtml } from './web-app.ts';

/** The portal's own robots.txt, as the build copies it. */
const robotsTxt = fileURLToPath(new URL('../../../web/public/robots.txt', import.meta.url));

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
    expect(response.body).toContain('<div id="root"><main');
  });

  it("answers /signin with the sign-in page's title and lead in the static shell", async () => {
    const signIn = await app.inject({ method: 'GET', url: '/signin?next=%2Freports' });
    expect(signIn.body).toContain(
      '<main class="static-shell-main" data-static-shell-main><div class="static-shell-page">' +
        '<p class="static-shell-title">Sign in</p>' +
        '<p class="static-shell-lead">Sign in to see your reports, health surveys and account.</p>' +
        '<p class="static-shell-status static-shell-status-below" role="status">Loading the sign-in form…</p>' +
        '</div></main>',
    );
    expect(signIn.body).not.toContain('Loading your portal…');
    // Every other page, /signup and the pages under /signin included, shows the loading line.
    for (const url of ['/', '/signup', '/signin/google-done', '/reports']) {
      const other = await app.inject({ method: 'GET', url });
      expect(other.body, url).toContain('Loading your portal…');
      expect(other.body, url).not.toContain('static-shell-lead');
    }
  });

  it('answers deep links with a query string and HEAD requests the same way', async () => {
    const withQuery = await app.inject({ method: 'GET', url: '/signin?next=%2Freports' });
    expect(withQuery.statusCode).toBe(200);
    expect(withQuery.body).toContain('<title>Nestling Portal</title>');

    const head = await app.inject({ method: 'HEAD', url: '/reports/joint' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('carries the runtime config, as GET /api/config answers it', async () => {
    const page = await app.inject({ method: 'GET', url: '/signin' });
    const config = await app.inject({ method: 'GET', url: '/api/config' });
    const embedded = /<script type="application\/json" id="runtime-config">(.*?)<\/script>/.exec(
      page.body,
    );
    expect(JSON.parse(embedded?.[1] ?? 'null')).toEqual(config.json());
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

describe('the built web app, compressed', () => {
  let dist: TestWebDist;
  let app: App;
  /** A file the build wrote no compressed copies of. */
  const plainUrl = '/assets/small-Cq81xZ0a.js';

  beforeAll(async () => {
    dist = createTestWebDist();
    // As apps/web/scripts/compress.mjs writes them.
    const asset = path.join(dist.dir, dist.assetUrl);
    writeFileSync(`${asset}.br`, brotliCompressSync(dist.assetBody));
    writeFileSync(`${asset}.gz`, gzipSync(dist.assetBody));
    writeFileSync(path.join(dist.dir, plainUrl), 'export {};\n');
    copyFileSync(robotsTxt, path.join(dist.dir, 'robots.txt'));
    app = await createTestApp({ database, env: { WEB_DIST_DIR: dist.dir } });
  });
  afterAll(async () => {
    await app.close();
    dist.remove();
  });

  const getAsset = (url: string, acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('answers a script brotli-compressed to a browser that accepts brotli', async () => {
    const response = await getAsset(dist.assetUrl, 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toBe('accept-encoding');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(dist.assetBody);
  });

  it('answers it gzip-compressed to a client that accepts only gzip', async () => {
    const response = await getAsset(dist.assetUrl, 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toBe('accept-encoding');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(gunzipSync(response.rawPayload).toString()).toBe(dist.assetBody);
  });

  it('answers it plain to a client that accepts no encoding', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const response = await getAsset(dist.assetUrl, acceptEncoding);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toBe('accept-encoding');
      expect(response.body).toBe(dist.assetBody);
    }
  });

  it('answers a file without compressed copies plain, whatever the client accepts', async () => {
    const response = await getAsset(plainUrl, 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('export {};\n');
  });

  it('does not serve the compressed copies as files of their own', async () => {
    for (const url of [`${dist.assetUrl}.br`, `${dist.assetUrl}.gz`]) {
      const response = await getAsset(url, 'br, gzip');
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('<title>');
    }
  });

  it('answers the branded index.html compressed, and still never cached', async () => {
    const br = await getAsset('/reports', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain(
      '<title>Nestling Portal</title>',
    );

    const gzip = await getAsset('/signin', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<title>Nestling Portal</title>');
    const signInBr = await getAsset('/signin', 'br');
    expect(brotliDecompressSync(signInBr.rawPayload).toString()).toContain('static-shell-lead');

    const plain = await getAsset('/signin');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.body).toContain('<title>Nestling Portal</title>');
  });

  it('answers /robots.txt as text that keeps crawlers off the API', async () => {
    const response = await getAsset('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).not.toContain('<html');
    const rules = response.body.split('\n').filter((line) => !line.startsWith('#'));
    expect(rules).toEqual(expect.arrayContaining(['User-agent: *', 'Disallow: /api/']));
  });
});

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', undefined],
    ['deflate', undefined],
    ['br;q=0, gzip;q=0', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('picks %j as %j', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
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
      // Nor can the name close the element that carries the runtime config.
      expect(response.body).not.toContain('<Oak>');
      expect(response.body).toContain('"productName":"Acorn & \\u003cOak>"');
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
  const named = (productName: string) => ({ productName, stylesheetPath: null, logoPath: null });

  it('replaces the title whatever it held', () => {
    expect(brandIndexHtml('<head><title>\n  Vite App\n</title></head>', named('Nestling'))).toBe(
      '<head><title>Nestling Portal</title></head>',
    );
  });

  it('takes a $ in the name as it is', () => {
    expect(brandIndexHtml('<head><title>x</title></head>', named("$& $' Lab"))).toBe(
      '<head><title>$&amp; $&#39; Lab Portal</title></head>',
    );
  });

  it('writes the product name, escaped, into the static shell that shows while the app loads', () => {
    const shell =
      '<head><title>x</title></head><body><span data-static-shell-product>Nestling</span><p><span data-static-shell-product>Nestling</span> Portal</p>';
    expect(brandIndexHtml(shell, named('Acorn <Genetics>'))).toBe(
      '<head><title>Acorn &lt;Genetics&gt; Portal</title></head><body><span data-static-shell-product>Acorn &lt;Genetics&gt;</span><p><span data-static-shell-product>Acorn &lt;Genetics&gt;</span> Portal</p>',
    );
  });

  it("links the lab's colors and shows its logo instead of the mark and the name", () => {
    const shell =
      '<head><title>x</title></head><body><span class="static-shell-logo"><svg\n  width="28"\n  class="static-shell-mark"\n  aria-hidden="true"\n><path d="M1 2" /></svg>\n<span data-static-shell-product>Nestling</span></span>';
    expect(
      brandIndexHtml(shell, {
        productName: 'Acorn & Oak',
        stylesheetPath: '/brand/theme.css',
        logoPath: '/brand/logo',
      }),
    ).toBe(
      '<head><title>Acorn &amp; Oak Portal</title><link rel="stylesheet" href="/brand/theme.css" /></head><body><span class="static-shell-logo"><img class="static-shell-logo-image" src="/brand/logo" alt="Acorn &amp; Oak" /></span>',
    );
  });

  it('adds a title when there is none', () => {
    expect(brandIndexHtml('<html><head></head></html>', named('Nestling'))).toBe(
      '<html><head><title>Nestling Portal</title></head></html>',
    );
  });
});

describe('signInShellHtml', () => {
  it('leaves a page without the static shell as it was', () => {
    const withoutShell = '<body><div id="root"></div></body>';
    expect(signInShellHtml(withoutShell)).toBe(withoutShell);
  });

  it("replaces only the shell's main, keeping its attributes", () => {
    const html =
      '<header>Nestling</header><main class="x" data-static-shell-main><p role="status">Loading your portal…</p></main><footer></footer>';
    const signIn = signInShellHtml(html);
    expect(signIn).toMatch(
      /^<header>Nestling<\/header><main class="x" data-static-shell-main><div class="static-shell-page">.*<\/div><\/main><footer><\/footer>$/,
    );
    expect(signIn).toContain('>Sign in</p>');
  });
});
