import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { runtimeConfigSchema } from '@nestling/shared/contract/config';
import { runtimeConfig } from './service.ts';

export const configRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/config',
    {
      schema: {
        summary: 'Brand, environment name, its backend address and feature flags for the web app',
        tags: ['system'],
        response: { 200: runtimeConfigSchema },
      },
    },
    () => runtimeConfig(app.config),
  );
  done();
};
