import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';
import { allowed, isTables, unitOf } from '../../../eslint/module-boundaries.js';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** Every import between the project's own files, by path from the repository's root. */
let graph: Record<string, string[]>;
let cycles: string[][];

/**
 * The shape of the code (ADR 050): imports go one way. `lib/` and `db/` sit under the modules,
 * the modules under `demo/` and the app that composes them; nothing imports in a circle.
 */
describe('the import graph of apps/ and packages/', () => {
  beforeAll(async () => {
    const result = await madge(
      ['apps/server/src', 'apps/web/src', 'packages/shared/src', 'packages/lab-client/src'].map(
        (folder) => path.join(repoRoot, folder),
      ),
      {
        baseDir: repoRoot,
        fileExtensions: ['ts', 'tsx'],
        excludeRegExp: [/node_modules/],
      },
    );
    graph = result.obj();
    cycles = result.circular();
  }, 120_000);

  it('has no cycle', () => {
    expect(Object.keys(graph).length).toBeGreaterThan(500);
    expect(cycles).toEqual([]);
  });

  it('has no cycle of modules or features either: no unit reaches itself through others', () => {
    const next = new Map<string, Set<string>>();
    for (const [file, imports] of Object.entries(graph)) {
      const from = unitOf(file);
      if (from === null || /\.test\.tsx?$/.test(file)) continue;
      for (const target of imports) {
        const to = unitOf(target);
        // A join or a foreign key reads another module's tables, which sit under every
        // module's code (the next tests): no use of that module's code.
        if (to !== null && to !== from && !isTables(target)) {
          next.set(from, (next.get(from) ?? new Set()).add(to));
        }
      }
    }
    expect(next.size).toBeGreaterThan(40);
    const loops: string[] = [];
    for (const start of next.keys()) {
      // Every unit reachable from `start`, with the way it was reached.
      const seen = new Map<string, string[]>([[start, [start]]]);
      const queue = [start];
      for (let unit = queue.shift(); unit !== undefined; unit = queue.shift()) {
        for (const to of next.get(unit) ?? []) {
          const way = [...(seen.get(unit) ?? []), to];
          if (to === start) loops.push(way.join(' -> '));
          else if (!seen.has(to)) {
            seen.set(to, way);
            queue.push(to);
          }
        }
      }
    }
    expect(loops).toEqual([]);
  });

  it('keeps db/ and lib/ below the modules: they import none of them, nor the demo data', () => {
    const server = 'apps/server/src/';
    const below = Object.entries(graph).filter(
      ([file]) =>
        (file.startsWith(`${server}db/`) || file.startsWith(`${server}lib/`)) &&
        !/\.test\.tsx?$/.test(file),
    );
    expect(below.length).toBeGreaterThan(3);
    const upward = below.flatMap(([file, imports]) =>
      imports
        .filter(
          (target) => target.startsWith(`${server}modules/`) || target.startsWith(`${server}demo/`),
        )
        .map((target) => `${file} -> ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it("keeps the modules' tables under their code: a schema.ts imports only tables, db/ and lib/", () => {
    const server = 'apps/server/src/';
    const tables = Object.entries(graph).filter(([file]) => isTables(file));
    expect(tables.length).toBeGreaterThan(20);
    const upward = tables.flatMap(([file, imports]) =>
      imports
        .filter(
          (target) =>
            target.startsWith(server) &&
            !isTables(target) &&
            !target.startsWith(`${server}db/`) &&
            !target.startsWith(`${server}lib/`),
        )
        .map((target) => `${file} -> ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it('keeps the demo data out of the modules: only tests and the app above them use it', () => {
    const server = 'apps/server/src/';
    const intoDemo = Object.entries(graph).flatMap(([file, imports]) =>
      file.startsWith(`${server}modules/`) && !/\.test\.tsx?$/.test(file)
        ? imports
            .filter((target) => target.startsWith(`${server}demo/`))
            .map((t) => `${file} -> ${t}`)
        : [],
    );
    expect(intoDemo).toEqual([]);
  });

  it('lists no crossing without a front door that the code no longer makes', () => {
    const made = new Set<string>();
    for (const [file, imports] of Object.entries(graph)) {
      const from = unitOf(file);
      if (from === null || /\.test\.tsx?$/.test(file)) continue;
      for (const target of imports) {
        const to = unitOf(target);
        if (to !== null && to !== from) made.add(`${from} -> ${to}: ${target}`);
      }
    }
    const stale = Object.entries(allowed).flatMap(([pair, { files }]) =>
      files
        .filter((target) => !made.has(`${pair}: ${target}`))
        .map((target) => `${pair}: ${target}`),
    );
    // Remove an entry from eslint/module-boundaries-allowed.json once its import has gone.
    expect(stale).toEqual([]);
    expect(Object.values(allowed).every(({ why }) => why.length > 20)).toBe(true);
  });
});

/**
 * One way to fail (ADR 052): every refusal a person reads is a `Refusal`. The other error classes
 * are signals between parts of the server that never become an answer.
 */
describe('the error classes of the server', () => {
  it('are the one refusal and the internal signals ADR 052 lists', () => {
    const server = 'apps/server/src/';
    const classes = Object.keys(graph)
      .filter((file) => file.startsWith(server) && !/\.test\.tsx?$/.test(file))
      .flatMap((file) =>
        [
          ...readFileSync(path.join(repoRoot, file), 'utf8').matchAll(
            /class (\w+) extends (\w*Error|Refusal)\b/g,
          ),
        ].map(([, name]) => `${name ?? ''} (${file.slice(server.length)})`),
      )
      .sort();
    expect(classes).toEqual([
      'ConfigError (config.ts)',
      'DataDirLockedError (db/data-dir-lock.ts)',
      'FileNotFoundError (modules/storage/file-store.ts)',
      'InvalidKeyError (modules/storage/file-store.ts)',
      'PermanentJobError (modules/jobs/registry.ts)',
      'Refusal (lib/refusal.ts)',
    ]);
  });

  it('leave the audit rows of routes to the hook: no route writes one itself', () => {
    const routeFiles = Object.keys(graph).filter((file) =>
      /^apps\/server\/src\/modules\/[^/]+\/([\w-]+-)?routes\.ts$/.test(file),
    );
    expect(routeFiles.length).toBeGreaterThan(30);
    const writing = routeFiles.filter((file) =>
      /\baudit\.record(Read)?\(/.test(readFileSync(path.join(repoRoot, file), 'utf8')),
    );
    expect(writing).toEqual([]);
  });
});

/**
 * One spelling (ADR 019's addendum): US English in code and on screen. Each file that keeps a
 * British form says why here. Capitals are left alone: iCalendar's `STATUS:CANCELLED` is the
 * standard's word.
 */
describe('the words of the code', () => {
  const kept: Record<string, string> = {
    'packages/shared/src/contract/terms-texts.ts': 'the published terms 1.0, never edited',
    'apps/server/src/modules/shipping/easypost-provider.ts': "EasyPost's tracker status",
    'apps/web/src/features/admin/admin-page.tsx': "the Counselors tab's former name, for bookmarks",
    'apps/web/src/features/admin/admin-page.test.tsx': 'tests that former name',
    'apps/server/src/db/us-spelling-migration.test.ts': 'rows as the code before wrote them',
    'apps/server/src/architecture.test.ts': 'names the words it looks for',
  };

  it('are US English: counselor, canceled, analyzed, color, center, fulfill, gray', () => {
    const files = execFileSync(
      'git',
      [
        'ls-files',
        '--cached',
        '--others',
        '--exclude-standard',
        'apps',
        'packages',
        'e2e',
        'bench',
        'scripts',
      ],
      { cwd: repoRoot, encoding: 'utf8' },
    )
      .split('\n')
      .filter(
        (file) =>
          /\.(tsx?|mjs|js|css|html|json)$/.test(file) && !file.startsWith('apps/server/drizzle/'),
      );
    expect(files.length).toBeGreaterThan(400);
    const british = files.filter((file) =>
      /[Cc]ounsell|COUNSELL|[Cc]ancell(ed|ing)|_CANCELL|[Aa]nalys(ed|ing)|[Cc]olour|[Cc]entre|[Ff]ulfil([^l]|$)|\blabelled\b|\b[Gg]rey|[Hh]onour|travelled|[Oo]rganisation|[Nn]ormalis(e|ed|ing)\b|\b[Ll]icence/m.test(
        readFileSync(path.join(repoRoot, file), 'utf8'),
      ),
    );
    expect(british.sort()).toEqual(Object.keys(kept).sort());
  });
});

/** Markup is written in JSX (ADR 009): a PDF or a mail reads as the elements it is made of. */
describe('the markup of the server', () => {
  it('is JSX: no file imports createElement from React', () => {
    const files = Object.keys(graph).filter((file) => file.startsWith('apps/server/src/'));
    expect(files.filter((file) => file.endsWith('.tsx')).length).toBeGreaterThanOrEqual(9);
    const building = files.filter((file) =>
      /import\s*\{[^}]*\bcreateElement\b[^}]*\}\s*from\s*'react'/.test(
        readFileSync(path.join(repoRoot, file), 'utf8'),
      ),
    );
    expect(building).toEqual([]);
  });
});
