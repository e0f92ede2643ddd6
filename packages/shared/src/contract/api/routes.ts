import type * as z from 'zod/mini';
import type { Endpoint } from '../endpoints.ts';
import { errorBodySchema } from '../error.ts';

/**
 * One route's schemas as the server registers them (ADR 053): its summary for the API's
 * documentation, its parameters, query, body and answers by status.
 */
export interface RouteSchemas {
  summary: string;
  description?: string;
  tags: string[];
  params?: z.ZodMiniType;
  querystring?: z.ZodMiniType;
  headers?: z.ZodMiniType;
  body?: z.ZodMiniType;
  response?: Partial<Record<number, z.ZodMiniType>>;
}

/** A module's routes, each under its name in the endpoint list. */
export type ApiRoutes = Partial<Record<Endpoint, RouteSchemas>>;

/** The refusals a route may answer, each with the API's error body: `errorAnswers(400, 404)`. */
export function errorAnswers<const S extends readonly number[]>(
  ...statuses: S
): Record<S[number], typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    S[number],
    typeof errorBodySchema
  >;
}
