import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { buildApp, type App } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';

/** A Config from settings, as the server would parse them, quiet unless asked. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent/web/dist',
    BETTER_AUTH_SECRET: 'test-secret-of-at-least-thirty-two-characters',
    // Sign-ups answer at once in tests; auth/routes.test.ts times the real floor.
    SIGN_UP_ANSWER_MS: '0',
    ...env,
  });
}

/** The app on a test database, ready for `inject`. `routes` adds test-only routes first. */
export async function createTestApp(options: {
  database: DatabaseHandle;
  env?: Record<string, string>;
  logger?: Logger;
  routes?: (app: App) => void;
}): Promise<App> {
  const app = await buildApp({
    config: testConfig(options.env),
    database: options.database,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  options.routes?.(app);
  await app.ready();
  return app;
}

export interface TestWebDist {
  dir: string;
  /** `/assets/index-<hash>.js`, as Vite names it. */
  assetUrl: string;
  assetBody: string;
  remove(): void;
}

/** A built web app in a temporary directory: index.html, a hashed asset, a root file. */
export function createTestWebDist(): TestWebDist {
  const dir = mkdtempSync(path.join(tmpdir(), 'nestling-web-dist-'));
  const assetName = 'index-Bx7f3kQ2.js';
  const assetBody = 'console.log("portal");\n';
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', assetName), assetBody);
  writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  writeFileSync(
    path.join(dir, 'index.html'),
    [
      '<!doctype html>',
      '<html lang="en">',
      '  <head>',
      '    <meta charset="UTF-8" />',
      '    <title>Portal</title>',
      `    <script type="module" crossorigin src="/assets/${assetName}"></script>`,
      '  </head>',
      // The static shell, as apps/web/index.html has it.
      '  <body><div id="root"><main class="static-shell-main" data-static-shell-main>' +
        '<p class="static-shell-status" role="status">Loading your portal…</p>' +
        '</main></div></body>',
      '</html>',
      '',
    ].join('\n'),
  );
  return {
    dir,
    assetUrl: `/assets/${assetName}`,
    assetBody,
    remove: () => {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
