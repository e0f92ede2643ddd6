import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app.ts';
import { motherReport } from './modules/demo-reports/payloads.ts';
import { seedDemoData } from './demo/seed.ts';
import { HEADER_LIMITS } from './plugins/request-guards.ts';
import { createTestApp } from './test/app.ts';
import { callerRoles, roleEmails } from './test/roles.ts';
import { impersonationToken, signInToken, TEST_ORIGIN } from './test/auth.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from './test/database.ts';
import { createLocalFileStore } from './modules/storage/local-store.ts';

/*
 * Hostile input: every endpoint of /api/openapi.json gets bodies made from its own schema and
 * then spoiled (NUL bytes, 1 MB strings, deep nesting, prototype keys, wrong types, bodies
 * that are not objects or not JSON), and its path and query parameters the same, from every
 * kind of caller; and every header the server reads gets NUL, over-long values, bad base64
 * and non-numbers. Whatever is sent, the answer is never a server error, never quotes SQL or a
 * stack, and is never slow.
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
function hostileBodies(base: unknown, options: { megabyteStrings: boolean }): string[] {
  const bodies = [JSON.stringify(base)];
  const json = (value: unknown) => bodies.push(JSON.stringify(value));
  for (const at of paths(base)) {
    const current = at.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], base);
    if (typeof current === 'string') {
      json(withValue(base, at, `${current}\u0000`));
      json(withValue(base, at, '\u0000'));
      if (options.megabyteStrings) json(withValue(base, at, 'x'.repeat(1024 * 1024)));
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

/** Every kind of caller, and the lab's pipeline with its key: each sends every spoiled request. */
const roles = [...callerRoles, 'lab'] as const;
type Role = (typeof roles)[number];
const emails = roleEmails;

/** Hostile values for the headers the server reads: NUL, too long, not base64, not a number. */
const hostileHeaderValues = [
  'a\u0000b',
  'x'.repeat(20_000),
  '!!!not base64!!!',
  `filename ${Buffer.from('a\u0000.txt').toString('base64')}`,
  '-1',
];
/** Every header the server reads, stores or compares (request-guards.ts, the upload schema). */
const readHeaders = [
  'authorization',
  'user-agent',
  'origin',
  'content-type',
  'accept-encoding',
  'if-range',
  'stripe-signature',
  'x-test-shipping-signature',
  'x-hmac-signature',
  'x-forwarded-for',
  'x-page-view',
  'x-page-path',
  'tus-resumable',
  'upload-length',
  'upload-offset',
  'upload-metadata',
  'cookie',
];

describe.each(testDatabaseKinds)('hostile input on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  let labKey: string;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-hostile-'));
  let operations: [string, string, Operation][] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db, {
      fileStore: createLocalFileStore(path.join(dataDir, 'files')),
    });
    app = await createTestApp({ database, env: { PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir } });
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/lab-keys',
      headers: { authorization: `Bearer ${await signInToken(app, emails.primaryAdmin)}` },
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

  /** A fresh credential of the role's: its earlier session may have been ended by a sweep. */
  async function credential(role: Role): Promise<string | null> {
    if (role === 'anonymous') return null;
    if (role === 'lab') return labKey;
    if (role !== 'impersonating') return signInToken(app, emails[role]);
    return impersonationToken(app, 'demo-mother');
  }

  // Sign-out would end the session the rest uses; ending the other sessions would end the
  // impersonation of the same person. Neither takes input anyway.
  const skipped = new Set([
    'POST /api/user/sign-out',
    'DELETE /api/admin/impersonation',
    'DELETE /api/user/sessions/others',
  ]);
  let address = 0;

  async function send(
    problems: string[],
    who: { role: Role; credential: string | null },
    method: string,
    url: string,
    payload?: string,
    headers: Record<string, string> = {},
  ): Promise<number> {
    address += 1;
    const started = Date.now();
    const response = await app.inject({
      method: method as 'GET',
      url,
      remoteAddress: `10.${String((Math.floor(address / 250) % 200) + 50)}.${String(address % 250)}.9`,
      headers: {
        origin: TEST_ORIGIN,
        ...(who.credential === null ? {} : { authorization: `Bearer ${who.credential}` }),
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...(url.includes('/archive') ? { accept: 'application/zip' } : {}),
        ...headers,
      },
      ...(payload === undefined ? {} : { payload }),
    });
    const took = Date.now() - started;
    const what = `${who.role}: ${method} ${url.slice(0, 120)}${payload === undefined ? '' : ` ${payload.slice(0, 80)}`}`;
    if (response.statusCode >= 500) {
      problems.push(`${what}: ${String(response.statusCode)} ${response.body.slice(0, 200)}`);
    }
    if (/insert into|select .* from|params:|\bat .*\.ts:\d+/i.test(response.body)) {
      problems.push(`${what}: the answer quotes SQL or a stack: ${response.body.slice(0, 200)}`);
    }
    if (took > 5000) problems.push(`${what}: took ${String(took)} ms`);
    return response.statusCode;
  }

  const concrete = (route: string, value: string) => route.replace(/\{[^}]+\}/g, value);

  it.each(roles)(
    'answers every spoiled body as %s without a server error or a hang',
    async (role) => {
      const who = { role, credential: await credential(role) };
      const problems: string[] = [];
      for (const [method, route, operation] of operations) {
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        if (schema === undefined || skipped.has(`${method} ${route}`)) continue;
        const base = route === '/api/lab/reports' ? motherReport : sample(schema);
        // A megabyte in every field is sent once, by the role that reaches the most routes; the
        // others send 100,000 characters, which every schema refuses as well.
        const [plausible = '', ...spoiled] = hostileBodies(base, {
          megabyteStrings: role === 'primaryAdmin',
        });
        const url = concrete(route, 'demo-mother');
        const door = await send(problems, who, method, url, plausible);
        // Refused at the door (who the caller is, checked before the body is read): a few of
        // the spoiled bodies show it stays so; the matrix checks the same refusal for each route.
        const sent =
          door === 401 || door === 403 ? spoiled.filter((_, index) => index % 8 === 0) : spoiled;
        for (const body of sent) await send(problems, who, method, url, body);
      }
      expect(problems).toEqual([]);
    },
    300_000,
  );

  it.each(roles)(
    'answers every spoiled path and query parameter as %s without a server error or a hang',
    async (role) => {
      const who = { role, credential: await credential(role) };
      const problems: string[] = [];
      for (const [method, route, operation] of operations) {
        if (skipped.has(`${method} ${route}`)) continue;
        const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
        // Refused at the door, as for bodies: a few values show the refusal stays.
        const door = await send(problems, who, method, concrete(route, 'demo-mother'));
        const values =
          door === 401 || door === 403 ? hostileParameters.slice(0, 3) : hostileParameters;
        for (const value of values) {
          if (route.includes('{')) await send(problems, who, method, concrete(route, value));
          for (const parameter of query) {
            await send(
              problems,
              who,
              method,
              `${concrete(route, 'demo-mother')}?${parameter.name}=${value}`,
            );
            await send(
              problems,
              who,
              method,
              `${concrete(route, 'demo-mother')}?${parameter.name}=${value}&${parameter.name}=${value}`,
            );
          }
        }
      }
      expect(problems).toEqual([]);
    },
    300_000,
  );

  it('answers NUL, over-long, bad base64 and non-numbers in every header it reads, on every route, with a 4xx in words', async () => {
    const who = { role: 'patient' as const, credential: await credential('patient') };
    const problems: string[] = [];
    for (const [method, route] of operations) {
      if (skipped.has(`${method} ${route}`)) continue;
      // NUL and over-long values on every route (the guard refuses them before any route
      // runs); the values that pass it on the routes that read such headers themselves.
      const readsItself = /uploads|exports|\/api\/lab\/|^\/api\/user$|\/api\/reports/.test(route);
      for (const header of readHeaders) {
        for (const value of readsItself ? hostileHeaderValues : hostileHeaderValues.slice(0, 2)) {
          const status = await send(
            problems,
            who,
            method,
            concrete(route, 'demo-mother'),
            undefined,
            {
              [header]: value,
            },
          );
          // NUL is never taken, nor a value longer than the portal takes of that header.
          const refused =
            value.includes('\u0000') || value.length > (HEADER_LIMITS[header] ?? Infinity);
          if (refused && status !== 400) {
            problems.push(
              `${method} ${route} with a hostile ${header}: ${String(status)}, not 400`,
            );
          }
        }
      }
    }
    // The upload routes read tus's headers closely: each refusal is a 4xx, never the SQL.
    for (const value of hostileHeaderValues) {
      for (const header of ['upload-metadata', 'upload-length', 'upload-offset']) {
        address += 1;
        const response = await app.inject({
          method: 'POST',
          url: '/api/my-data/uploads',
          remoteAddress: `10.250.${String(address % 250)}.9`,
          headers: {
            authorization: `Bearer ${who.credential}`,
            'tus-resumable': '1.0.0',
            'upload-length': '10',
            'upload-metadata': `filename ${Buffer.from('genome.txt').toString('base64')}`,
            [header]: value,
          },
        });
        if (response.statusCode >= 500 || /insert|params/i.test(response.body)) {
          problems.push(`upload ${header}=${value.slice(0, 30)}: ${String(response.statusCode)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
