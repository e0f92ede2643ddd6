import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@nestling/shared/contract/error';
import {
  acceptTermsBodySchema,
  termsAnswerSchema,
  termsParamsSchema,
  termsQuerySchema,
  type TermsVersion,
} from '@nestling/shared/contract/terms';
import { createTermsService } from './service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

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
      schema: {
        summary:
          'The terms of service and the HIPAA notice in force (version, effective date), and whether and when the person accepted each; admins may pass asUser',
        tags: ['terms'],
        querystring: termsQuerySchema,
        response: { 200: termsAnswerSchema, ...errors },
      },
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
      schema: {
        summary:
          "Accepts the version in force of 'tos' or 'hipaa' for the caller (409 when the version given is not the one in force); a copy goes to their documents",
        tags: ['terms'],
        params: termsParamsSchema,
        body: acceptTermsBodySchema,
        response: { 200: termsAnswerSchema, ...errors, 409: errorBodySchema },
      },
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
