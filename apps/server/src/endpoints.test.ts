import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRouteMaps, apiRoutes } from '@nestling/shared/contract/api/index';
import { endpoints } from '@nestling/shared/contract/endpoints';
import type { App } from './app.ts';
import { createTestApp } from './test/app.ts';
import { createTestDatabase, type TestDatabase } from './test/database.ts';

/**
 * The routes of a Fastify app, from its route tree: 'GET /api/user', … A HEAD that Fastify adds
 * beside each GET is left out; a HEAD registered on its own (tus) is kept.
 */
function registeredRoutes(tree: string): string[] {
  const found: string[] = [];
  const ancestors: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (match === null) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (ancestors[depth - 1] ?? '') + (match[2] ?? '');
    ancestors.length = depth;
    ancestors.push(path);
    const methods = (match[3] ?? '').split(', ').filter(Boolean);
    for (const method of methods) {
      if (method !== 'HEAD' || !methods.includes('GET')) found.push(`${method} ${path}`);
    }
  }
  return found;
}

describe("the contract's endpoint map", () => {
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    // Every optional part on, so that every route the server can have is registered.
    app = await createTestApp({
      database,
      env: {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_endpoint_map',
        STRIPE_WEBHOOK_SECRET: 'whsec_endpoint_map',
        GOOGLE_CLIENT_ID: 'endpoint-map.apps.googleusercontent.com',
        GOOGLE_CLIENT_SECRET: 'endpoint-map-secret',
      },
    });
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('names exactly the routes the server registers under /api', () => {
    const server = registeredRoutes(app.printRoutes({ commonPrefix: false }))
      .filter((route) => route.split(' ')[1]?.startsWith('/api/'))
      // The API's documentation pages are a viewer of /api/openapi.json, not calls.
      .filter((route) => !route.split(' ')[1]?.startsWith('/api/docs'))
      .map((route) => route.replace(' /api/', ' /'));
    expect(server.length).toBeGreaterThan(100);
    expect([...server].sort()).toEqual([...endpoints].sort());
  });

  it('lists each route once', () => {
    expect(new Set(endpoints).size).toBe(endpoints.length);
  });

  it('holds the schemas of every route, in one module’s map each', () => {
    const mapped = apiRouteMaps.flatMap((map) => Object.keys(map));
    // No route in two modules' maps, where the later would hide the earlier.
    expect(new Set(mapped).size).toBe(mapped.length);
    // The API's own OpenAPI document is left out of itself. That the server registers each
    // route with its entry, requireContractSchemas checks as the app starts.
    const unmapped = endpoints.filter(
      (endpoint) => endpoint !== 'GET /openapi.json' && !Object.hasOwn(apiRoutes, endpoint),
    );
    expect(unmapped).toEqual([]);
    expect([...mapped].sort()).toEqual(endpoints.filter((e) => e !== 'GET /openapi.json').sort());
  });
});
