import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp, createTestWebDist, type TestWebDist } from '../../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';

const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 32"><text>Acorn</text></svg>';

let database: TestDatabase;
let dist: TestWebDist;
let logoDir: string;
let logoFile: string;
beforeAll(async () => {
  database = await createTestDatabase('pglite');
  dist = createTestWebDist();
  logoDir = mkdtempSync(path.join(tmpdir(), 'nestling-brand-'));
  logoFile = path.join(logoDir, 'acorn.svg');
  writeFileSync(logoFile, LOGO);
});
afterAll(async () => {
  await database.destroy();
  dist.remove();
  rmSync(logoDir, { recursive: true, force: true });
});

describe("a lab's color and logo", () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({
      database,
      env: {
        WEB_DIST_DIR: dist.dir,
        PRODUCT_NAME: 'Acorn',
        BRAND_COLOR: '#7A1F5C',
        BRAND_LOGO_FILE: logoFile,
      },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it('serves the theme shades of the color, with the color itself as shade 7', async () => {
    const response = await app.inject({ method: 'GET', url: '/brand/theme.css' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const shades = [...response.body.matchAll(/--mantine-color-nestling-(\d): (#[0-9a-f]{6});/g)];
    expect(shades.map((match) => match[1])).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
    ]);
    expect(response.body).toContain('--mantine-color-nestling-7: #7a1f5c;');
    expect(response.body).toContain(
      '--mantine-color-nestling-outline-hover: rgba(122, 31, 92, 0.05);',
    );
  });

  it('serves the logo as it is, where nothing in it may run when opened on its own', async () => {
    const response = await app.inject({ method: 'GET', url: '/brand/logo' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.body).toBe(LOGO);
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('links the colors from every page and gives the web app the logo, not its place on disk', async () => {
    const page = await app.inject({ method: 'GET', url: '/signin' });
    // After the app's own files in <head>, so its colors are the ones that hold.
    const link = page.body.indexOf('<link rel="stylesheet" href="/brand/theme.css" />');
    expect(link).toBeGreaterThan(page.body.indexOf(dist.assetUrl));
    expect(link).toBeLessThan(page.body.indexOf('</head>'));
    const config = await app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json<{ brand: { logoUrl: string | null } }>().brand.logoUrl).toBe('/brand/logo');
    expect(config.body).not.toContain(logoDir);
    expect(page.body).not.toContain(logoDir);
  });
});

describe('without a color or a logo', () => {
  it('links no stylesheet of its own, and the web app shows the product name', async () => {
    const app = await createTestApp({ database, env: { WEB_DIST_DIR: dist.dir } });
    try {
      const page = await app.inject({ method: 'GET', url: '/signin' });
      expect(page.body).not.toContain('/brand/');
      // Not a route: the address is one of the web app's, which answers with index.html.
      const stylesheet = await app.inject({ method: 'GET', url: '/brand/theme.css' });
      expect(stylesheet.headers['content-type']).toBe('text/html; charset=utf-8');
      const config = await app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json<{ brand: { logoUrl: string | null } }>().brand.logoUrl).toBeNull();
    } finally {
      await app.close();
    }
  });

  it('does not start with a logo that cannot be used, and says why', async () => {
    const missing = path.join(logoDir, 'missing.svg');
    await expect(
      createTestApp({ database, env: { WEB_DIST_DIR: dist.dir, BRAND_LOGO_FILE: missing } }),
    ).rejects.toThrow(`BRAND_LOGO_FILE ${missing} cannot be read (ENOENT).`);
  });
});
