import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { configApi } from '@nestling/shared/contract/api/config';
import { runtimeConfig } from './service.ts';

export const configRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/config',
    {
      schema: configApi['GET /config'],
    },
    () => runtimeConfig(app.config),
  );
  done();
};
