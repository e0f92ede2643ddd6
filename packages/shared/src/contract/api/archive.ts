import type { ApiRoutes } from './routes.ts';
import { ARCHIVE_MEDIA_TYPE, archiveQuerySchema } from '../archive.ts';
import { errorBodySchema } from '../error.ts';

/** The archive module's routes: each one's summary, parameters, query, body and answers (ADR 053). */
export const archiveApi = {
  'POST /user/archive': {
    summary: `With Accept: ${ARCHIVE_MEDIA_TYPE}, a ZIP of the user's reports (every version as JSON, the latest as a PDF), documents and data, streamed; admins may pass asUser`,
    tags: ['documents'],
    querystring: archiveQuerySchema,
    // No 200 schema: the answer is the ZIP itself.
    response: {
      400: errorBodySchema,
      401: errorBodySchema,
      403: errorBodySchema,
      404: errorBodySchema,
      406: errorBodySchema,
      429: errorBodySchema,
    },
  },
} satisfies ApiRoutes;
