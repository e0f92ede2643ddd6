import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type TermsVersion } from '@nestling/shared/contract/terms';
import { termsApi } from '@nestling/shared/contract/api/terms';
import { createTermsService } from './service.ts';

/** /review-terms: the terms of service and the HIPAA notice, each accepted on its own. */
export const termsRoutes: FastifyPluginAsyncZod<{ versions?: readonly TermsVersion[] }> = (
  app,
  options,
) => {
  const terms = createTermsService({
    db: app.database.db,
    brand: app.config.brand,
    fileStore: app.fileStore,
    log: app.log,
    ...(options.versions === undefined ? {} : { versions: options.versions }),
  });

  app.get(
    '/terms',
    {
      onRequest: app.requireVerifiedUser,
      schema: termsApi['GET /terms'],
    },
    async (request) => {
      const subject = await app.resolveSubject(request, request.query.asUser);
      return terms.overview(subject.id);
    },
  );

  app.post(
    '/terms/:document/accept',
    {
      onRequest: app.requireVerifiedUser,
      schema: termsApi['POST /terms/:document/accept'],
    },
    async (request) => {
      const identity = request.identity;
      if (identity === null) throw new Error('requireVerifiedUser lets no anonymous caller by');
      return terms.accept(
        identity.user,
        identity,
        request.params.document,
        request.body.version,
        request.headers['user-agent'],
      );
    },
  );
  return Promise.resolve();
};
