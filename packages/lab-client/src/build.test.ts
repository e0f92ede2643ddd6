import { spawnSync } from 'node:child_process';
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as LabClientModule from './index.ts';
import { hrefOf, motherReportPayloadForTests, receipt } from './test-fixtures.ts';

const packageDir = path.resolve(import.meta.dirname, '..');

/** Every file under dir, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

describe('the lab client as labs install it', () => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'nestling-lab-client-'));
  const built = path.join(outDir, 'node_modules', '@nestling', 'lab-client');

  beforeAll(() => {
    const result = spawnSync(
      process.execPath,
      [path.join(packageDir, 'scripts', 'build.mjs'), built],
      {
        encoding: 'utf8',
      },
    );
    expect(result.status, result.stderr + result.stdout).toBe(0);
    // Installed beside its one dependency, as npm would put it.
    const zod = path.dirname(createRequire(import.meta.url).resolve('zod/package.json'));
    symlinkSync(zod, path.join(outDir, 'node_modules', 'zod'), 'dir');
  }, 120_000);
  afterAll(() => {
    rmSync(outDir, { recursive: true, force: true });
  });

  it('names zod as its only dependency and imports nothing but zod from outside itself', () => {
    const manifest = JSON.parse(readFileSync(path.join(built, 'package.json'), 'utf8')) as {
      name: string;
      private?: boolean;
      dependencies: Record<string, string>;
      exports: { '.': { types: string; default: string } };
    };
    expect(manifest.name).toBe('@nestling/lab-client');
    expect(manifest.private).toBeUndefined();
    expect(Object.keys(manifest.dependencies)).toEqual(['zod']);
    const files = filesUnder(built);
    expect(files).toContain(path.normalize(manifest.exports['.'].types));
    expect(files).toContain(path.normalize(manifest.exports['.'].default));
    expect(files).toEqual(expect.arrayContaining(['README.md', 'LICENSE']));

    const specifiers = new Set<string>();
    for (const file of files.filter((name) => /\.(js|d\.ts)$/.test(name))) {
      const text = readFileSync(path.join(built, file), 'utf8');
      for (const match of text.matchAll(/(?:from|import\()\s*['"]([^'"]+)['"]/g)) {
        if (match[1] !== undefined && !match[1].startsWith('.')) specifiers.add(match[1]);
      }
      // Relative imports point at compiled files, never at TypeScript sources.
      expect(text, file).not.toMatch(/from ['"]\.[^'"]*\.ts['"]/);
    }
    // zod/mini in the code; its types also name zod/v4/core: both are of zod.
    expect(new Set([...specifiers].map((specifier) => specifier.split('/')[0]))).toEqual(
      new Set(['zod']),
    );
    expect(specifiers).toContain('zod/mini');
  });

  it('types a lab’s calls: a field of the wrong type fails the lab’s own type check', () => {
    writeFileSync(
      path.join(outDir, 'pipeline.ts'),
      [
        "import { createLabClient, type ReportReceipt } from '@nestling/lab-client';",
        "const lab = createLabClient({ baseUrl: 'https://portal.lab.test', key: 'lab_x' });",
        'export async function deliver(payload: Parameters<typeof lab.deliverReport>[0]) {',
        '  const receipt: ReportReceipt = await lab.deliverReport(payload);',
        '  return receipt.created;',
        '}',
        "export const moved = lab.recordOrderEvent('NS-10001', { stage: 'in-lab' });",
        "export const wrong = lab.recordOrderEvent('NS-10001', { stage: 'lost-in-the-mail' });",
        '',
      ].join('\n'),
    );
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const result = spawnSync(
      process.execPath,
      [
        tsc,
        '--noEmit',
        '--strict',
        '--module',
        'nodenext',
        '--target',
        'es2023',
        '--lib',
        'es2023,dom',
        path.join(outDir, 'pipeline.ts'),
      ],
      { encoding: 'utf8', cwd: outDir },
    );
    const errors = result.stdout.split('\n').filter((line) => line.includes('error TS'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^pipeline\.ts\(8,/);
    expect(errors[0]).toContain('lost-in-the-mail');
  }, 60_000);

  it('runs as built: checks a payload and sends it', async () => {
    const manifest = JSON.parse(readFileSync(path.join(built, 'package.json'), 'utf8')) as {
      exports: { '.': { default: string } };
    };
    const entry = path.join(built, manifest.exports['.'].default);
    const { createLabClient } = (await import(pathToFileURL(entry).href)) as typeof LabClientModule;
    const sent: string[] = [];
    const client = createLabClient({
      baseUrl: 'https://portal.lab.test',
      key: 'lab_secret',
      fetch: (url) => {
        sent.push(hrefOf(url));
        return Promise.resolve(Response.json(receipt, { status: 201 }));
      },
    });
    await expect(client.deliverReport(motherReportPayloadForTests)).resolves.toMatchObject({
      created: true,
    });
    await expect(
      client.deliverReport({ ...motherReportPayloadForTests, version: 2 }),
    ).rejects.toMatchObject({
      kind: 'invalid',
      issues: ['body.changelog: Say what changed: a changelog is required from version 2'],
    });
    expect(sent).toEqual(['https://portal.lab.test/api/lab/reports']);
  });
});
