import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import packageJson from '../../package.json' with { type: 'json' };

/**
 * The OpenAPI document, generated from the routes' zod schemas, at /api/openapi.json, and a
 * readable page at /api/docs. Registered before the routes so that it sees them all. The docs
 * page loads only its own script files, so the portal's script policy applies unchanged.
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance, options: { productName: string }) => {
    const title = `${options.productName} Portal API`;
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title,
          description: `The API of the ${options.productName} patient portal. Every path is under /api.`,
          version: packageJson.version,
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      theme: { title },
      uiConfig: { deepLinking: true },
      // Swagger UI adds one <style> element at run time; allowed on the docs routes only.
      transformStaticCSP: (header) =>
        header.replace("style-src-elem 'self'", "style-src-elem 'self' 'unsafe-inline'"),
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
  },
  { name: 'openapi' },
);
