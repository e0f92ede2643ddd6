import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/*
 * The container image runs what `scripts/release-tree.mjs` assembles (the Dockerfile's final
 * stage copies that folder alone), and no container engine runs here. So the tree is made in a
 * temporary folder outside the repository and the server is started from it, as the image
 * starts it: nothing outside the folder may be needed.
 */
describe('the release tree', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'nestling-release-'));
  const tree = path.join(work, 'app');
  const dataDir = path.join(work, 'data');

  afterAll(() => {
    rmSync(work, { recursive: true, force: true });
  });

  it('holds the server and its production dependencies only, and the server runs from it', async () => {
    // A stand-in for the web build (the integration step runs before `npm run build`): the
    // server must find it where the image has it.
    const webDist = path.join(work, 'web-dist');
    mkdirSync(webDist);
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><title>x</title></head><body></body></html>',
    );
    const made = spawnSync(
      process.execPath,
      ['scripts/release-tree.mjs', tree, '--link', '--web-dist', webDist],
      { cwd: repoRoot, encoding: 'utf8' },
    );
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/^release-tree: \d+ packages/);

    // Node looks for packages in every folder above; none there may hold any.
    for (let folder = path.dirname(tree); ; folder = path.dirname(folder)) {
      expect(existsSync(path.join(folder, 'node_modules')), folder).toBe(false);
      if (path.dirname(folder) === folder) break;
    }
    const installed = readdirSync(path.join(tree, 'node_modules'));
    expect(installed).toContain('tsx');
    for (const notNeeded of ['vitest', 'vite', '@playwright', '@mantine', 'drizzle-kit']) {
      expect(installed).not.toContain(notNeeded);
    }
    expect(existsSync(path.join(tree, 'apps/server/src/test'))).toBe(false);
    expect(existsSync(path.join(tree, 'apps/server/src/main.test.ts'))).toBe(false);
    expect(existsSync(path.join(tree, 'apps/server/drizzle/meta/_journal.json'))).toBe(true);

    // As the image's CMD starts it, with the image's environment; the embedded database.
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: tree,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        TSX_DISABLE_CACHE: '1',
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<number | string>((resolve) => {
      child.on('exit', (code, signal) => {
        resolve(code ?? signal ?? 'unknown');
      });
    });
    const listening = new Promise<number>((resolve, reject) => {
      for (const stream of [child.stdout, child.stderr]) {
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => {
          output += chunk;
          const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
          if (match?.[1] !== undefined) resolve(Number(match[1]));
        });
      }
      void exited.then((code) => {
        reject(new Error(`The server exited (${code}) before listening:\n${output}`));
      });
    });

    try {
      const port = await listening;
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', database: 'up' });

      // The web app from the tree's apps/web/dist, branded.
      const page = await fetch(`http://127.0.0.1:${port}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>Nestling Portal</title>');

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    }
  }, 120_000);
});
