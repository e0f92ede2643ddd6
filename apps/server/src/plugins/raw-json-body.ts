import type { FastifyInstance } from 'fastify';

/**
 * In this (encapsulated) plugin, JSON bodies are kept as the bytes that came: a signed webhook
 * (Stripe's, a shipping provider's) is verified over exactly those bytes, which parsing and
 * writing the JSON again would not give back.
 */
export function keepJsonBodiesRaw(app: FastifyInstance, bodyLimit: number): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit },
    (_request, body, done) => {
      done(null, body);
    },
  );
}
