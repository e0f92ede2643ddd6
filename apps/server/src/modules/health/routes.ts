import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@nestling/shared/contract/health';
import { checkHealth } from './service.ts';

export const healthRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Whether the server and its database answer',
        tags: ['system'],
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth(app.database);
      return reply.code(health.status === 'ok' ? 200 : 503).send(health);
    },
  );
  done();
};
