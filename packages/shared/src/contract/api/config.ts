import type { ApiRoutes } from './routes.ts';
import { runtimeConfigSchema } from '../config.ts';

/** The config module's routes: each one's summary, parameters, query, body and answers (ADR 053). */
export const configApi = {
  'GET /config': {
    summary: 'Brand, environment name, its backend address and feature flags for the web app',
    tags: ['system'],
    response: { 200: runtimeConfigSchema },
  },
} satisfies ApiRoutes;
