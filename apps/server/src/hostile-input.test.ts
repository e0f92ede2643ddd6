import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app.ts';
import { motherReport } from './db/demo-reports.ts';
import { seedDemoData } from './db/seed.ts';
import { createTestApp } from './test/app.ts';
import { signInToken, TEST_ORIGIN } from './test/auth.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from './test/database.ts';

/*
 * Hostile input: every endpoint of /api/openapi.json gets bodies made from its own schema and
 * then spoiled (NUL bytes, 1 MB strings, deep nesting, prototype keys, wrong types, bodies
 * that are not objects or not JSON), and its path and query parameters the same. Whatever is
 * sent, the answer is never a server error and never slow.
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  minLength?: number;
  format?: string;
  $ref?: string;
}

interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
}

/** A plausible value for a schema: the first choice, the least length, the minimum. */
function sample(schema: JsonSchema | undefined, depth = 0): unknown {
  if (schema === undefined || depth > 12) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum !== undefined) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (choice !== undefined) return sample(choice[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, child]) => [
          key,
          sample(child, depth + 1),
        ]),
      );
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () =>
        sample(schema.items, depth + 1),
      );
    case 'string':
      if (schema.format === 'email' || schema.format === undefined) {
        return 'a'.repeat(Math.max(schema.minLength ?? 0, 0)) + 'hostile@example.org';
      }
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'x';
  }
}

/** Every path to a value of a JSON value ([] is the whole). */
function paths(value: unknown, prefix: string[] = [], depth = 0): string[][] {
  if (value === null || typeof value !== 'object' || depth > 3) return [prefix];
  const children = Array.isArray(value)
    ? value.slice(0, 2).map((child, index) => [String(index), child] as const)
    : Object.entries(value);
  return [prefix, ...children.flatMap(([key, child]) => paths(child, [...prefix, key], depth + 1))];
}

function withValue(value: unknown, at: string[], replacement: unknown): unknown {
  if (at.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string, unknown>;
  let node = copy;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[at.at(-1) ?? ''] = replacement;
  return copy;
}

const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** Spoiled bodies, as JSON text, for a plausible body. */
function hostileBodies(base: unknown): string[] {
  const bodies = [JSON.stringify(base)];
  const json = (value: unknown) => bodies.push(JSON.stringify(value));
  for (const at of paths(base)) {
    const current = at.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], base);
    if (typeof current === 'string') {
      json(withValue(base, at, `${current}\u0000`));
      json(withValue(base, at, '\u0000'));
      json(withValue(base, at, 'x'.repeat(1024 * 1024)));
      json(withValue(base, at, 'x'.repeat(100_000)));
      json(withValue(base, at, '\ud800 lone surrogate'));
    }
    if (at.length > 0) {
      for (const wrong of [0, -1, 1e308, true, null, [], {}, 'text', [[[]]]]) {
        json(withValue(base, at, wrong));
      }
    }
  }
  const object = JSON.stringify(base);
  bodies.push(
    deep(100_000),
    deep(65),
    `{"a":${deep(2000)}}`,
    object.replace(/^\{/, '{"__proto__":{"isAdminUser":true},'),
    object.replace(/^\{/, '{"constructor":{"prototype":{"isAdminUser":true}},'),
    '{"__proto__":null}',
    '[]',
    '"text"',
    '1',
    'null',
    '{',
    '{"a":1}}',
    '\u0000',
    '',
  );
  return bodies;
}

/** Spoiled values for a path or query parameter. */
const hostileParameters = [
  '%00',
  'a%00b',
  '%2500',
  encodeURIComponent('x'.repeat(4000)),
  encodeURIComponent('☃\ud83d\ude00'),
  '%ff%fe',
  '..%2F..%2Fetc%2Fpasswd',
  '-1',
  '1e400',
  'true',
  '',
];

describe.each(testDatabaseKinds)('hostile input on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  let adminToken: string;
  let labKey: string;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-hostile-'));
  let operations: [string, string, Operation][] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db, { filesDir: path.join(dataDir, 'files') });
    app = await createTestApp({ database, env: { PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir } });
    adminToken = await signInToken(app, 'admin@nestling.health');
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/lab-keys',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { name: 'Hostile input' },
    });
    labKey = created.json<{ key: string }>().key;
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    operations = Object.entries(document.paths).flatMap(([route, methods]) =>
      Object.entries(methods).map(
        ([method, operation]) =>
          [method.toUpperCase(), route, operation] as [string, string, Operation],
      ),
    );
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // Sign-out would end the session the rest uses; it takes no input anyway.
  const skipped = new Set(['POST /api/user/sign-out', 'DELETE /api/admin/impersonation']);
  let address = 0;

  async function send(
    problems: string[],
    method: string,
    url: string,
    payload?: string,
  ): Promise<void> {
    address += 1;
    const started = Date.now();
    const lab = url.startsWith('/api/lab/');
    const response = await app.inject({
      method: method as 'GET',
      url,
      remoteAddress: `10.${String(Math.floor(address / 250) + 50)}.${String(address % 250)}.9`,
      headers: {
        origin: TEST_ORIGIN,
        authorization: `Bearer ${lab ? labKey : adminToken}`,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...(url.includes('/archive') ? { accept: 'application/zip' } : {}),
      },
      ...(payload === undefined ? {} : { payload }),
    });
    const took = Date.now() - started;
    const what = `${method} ${url.slice(0, 120)}${payload === undefined ? '' : ` ${payload.slice(0, 80)}`}`;
    if (response.statusCode >= 500) {
      problems.push(`${what}: ${String(response.statusCode)} ${response.body.slice(0, 200)}`);
    }
    if (took > 5000) problems.push(`${what}: took ${String(took)} ms`);
  }

  const concrete = (route: string, value: string) => route.replace(/\{[^}]+\}/g, value);

  it('answers every spoiled body without a server error or a hang', async () => {
    const problems: string[] = [];
    for (const [method, route, operation] of operations) {
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      if (schema === undefined || skipped.has(`${method} ${route}`)) continue;
      const base = route === '/api/lab/reports' ? motherReport : sample(schema);
      for (const body of hostileBodies(base)) {
        await send(problems, method, concrete(route, 'demo-mother'), body);
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('answers every spoiled path and query parameter without a server error or a hang', async () => {
    const problems: string[] = [];
    for (const [method, route, operation] of operations) {
      if (skipped.has(`${method} ${route}`)) continue;
      const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
      for (const value of hostileParameters) {
        if (route.includes('{')) await send(problems, method, concrete(route, value));
        for (const parameter of query) {
          await send(
            problems,
            method,
            `${concrete(route, 'demo-mother')}?${parameter.name}=${value}`,
          );
          await send(
            problems,
            method,
            `${concrete(route, 'demo-mother')}?${parameter.name}=${value}&${parameter.name}=${value}`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
