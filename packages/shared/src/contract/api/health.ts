import type { ApiRoutes } from './routes.ts';
import { healthSchema, livenessSchema, readinessSchema } from '../health.ts';

/** The health module's routes: each one's summary, parameters, query, body and answers (ADR 053). */
export const healthApi = {
  'GET /health': {
    summary:
      'Whether the server and its database answer (kept for existing probes; /health/ready checks more)',
    tags: ['system'],
    response: { 200: healthSchema, 503: healthSchema },
  },
  'GET /health/live': {
    summary: 'Liveness: the process answers (nothing else is checked), with its version and commit',
    tags: ['system'],
    response: { 200: livenessSchema },
  },
  'GET /health/ready': {
    summary:
      'Readiness: 200 when the database, the file store and the job queue answer, each within HEALTH_CHECK_TIMEOUT_MS; 503 naming the check that failed. Mail only warns.',
    tags: ['system'],
    response: { 200: readinessSchema, 503: readinessSchema },
  },
} satisfies ApiRoutes;
