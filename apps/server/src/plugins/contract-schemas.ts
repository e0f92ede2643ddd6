import type { RouteOptions } from 'fastify';
import { apiRoutes } from '@nestling/shared/contract/api/index';

/** Where the API's routes are mounted: the endpoint list names paths below it. */
const API_PREFIX = '/api';

/**
 * An onRoute hook (ADR 053): a route the contract's maps name must be registered with that
 * very entry as its schema, so that the validation, the answers, the OpenAPI document and the
 * lab client all read one definition. A route registered with schemas of its own stops the
 * server from starting, with the route named.
 */
export function requireContractSchemas(route: Pick<RouteOptions, 'method' | 'url' | 'schema'>) {
  if (!route.url.startsWith(`${API_PREFIX}/`)) return;
  for (const method of [route.method].flat()) {
    const endpoint = `${method} ${route.url.slice(API_PREFIX.length)}`;
    if (!Object.hasOwn(apiRoutes, endpoint)) continue;
    if (route.schema !== apiRoutes[endpoint as keyof typeof apiRoutes]) {
      throw new Error(
        `${method} ${route.url} is registered with schemas of its own: use its entry in the contract's route maps (packages/shared/src/contract/api)`,
      );
    }
  }
}
