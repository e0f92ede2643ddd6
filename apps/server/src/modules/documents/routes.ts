import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  documentParamsSchema,
  documentSessionQuerySchema,
  documentSessionSchema,
  documentsAnswerSchema,
  documentsQuerySchema,
  documentViewParamsSchema,
} from '@nestling/shared/contract/document';
import { errorBodySchema } from '@nestling/shared/contract/error';
import { createDocumentsRepository } from './repository.ts';
import { createDocumentsService } from './service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

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
      schema: {
        summary: "The user's documents, newest first; `report` keeps that report's only",
        tags: ['documents'],
        querystring: documentsQuerySchema,
        response: { 200: documentsAnswerSchema, ...errors },
      },
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
      schema: {
        summary: 'A link that shows the document once, within 5 minutes, without sign-in',
        tags: ['documents'],
        params: documentParamsSchema,
        querystring: documentSessionQuerySchema,
        response: { 201: documentSessionSchema, ...errors },
      },
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
      schema: {
        summary: 'Shows a document through a link from POST /user/documents/{id}/session (once)',
        tags: ['documents'],
        // No response schema: the answer is the file itself, streamed; errors are the usual body.
        params: documentViewParamsSchema,
      },
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
