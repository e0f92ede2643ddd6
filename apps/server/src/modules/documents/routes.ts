import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentsApi } from '@nestling/shared/contract/api/documents';
import { createDocumentsRepository } from './repository.ts';
import { createDocumentsService } from './service.ts';

/** A filename for Content-Disposition: plain ASCII, no quotes; the full name in filename*. */
function disposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Spec section 7: a person's documents, and short-lived links to view one. */
export const documentsRoutes: FastifyPluginAsyncZod = (app) => {
  const documents = createDocumentsService({
    repository: createDocumentsRepository(app.database.db),
    fileStore: app.fileStore,
  });

  app.get(
    '/user/documents',
    {
      onRequest: app.requireVerifiedUser,
      schema: documentsApi['GET /user/documents'],
    },
    async (request) => {
      const subject = await app.resolveSubject(request, request.query.asUser);
      return { documents: await documents.list(subject, request.query.report) };
    },
  );

  app.post(
    '/user/documents/:id/session',
    {
      config: { whileImpersonating: 'allowed' },
      onRequest: app.requireVerifiedUser,
      schema: documentsApi['POST /user/documents/:id/session'],
    },
    async (request, reply) => {
      const subject = await app.resolveSubject(request, request.query.asUser);
      const createdBy = request.identity?.userId ?? subject.id;
      const session = await documents.createSession(subject, request.params.id, createdBy);
      return reply.code(201).header('cache-control', 'no-store').send(session);
    },
  );

  app.get(
    '/documents/view/:token',
    {
      schema: documentsApi['GET /documents/view/:token'],
    },
    async (request, reply) => {
      const { document, stream, size } = await documents.open(request.params.token);
      return reply
        .type(document.contentType)
        .header('content-length', size)
        .header('content-disposition', disposition(document.fileName))
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(stream);
    },
  );
  return Promise.resolve();
};
