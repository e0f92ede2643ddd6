import { errorAnswers, type ApiRoutes } from './routes.ts';
import {
  documentParamsSchema,
  documentSessionQuerySchema,
  documentSessionSchema,
  documentViewParamsSchema,
  documentsAnswerSchema,
  documentsQuerySchema,
} from '../document.ts';

const errors = errorAnswers(400, 401, 403, 404);

/** The documents module's routes: each one's summary, parameters, query, body and answers (ADR 053). */
export const documentsApi = {
  'GET /documents/view/:token': {
    summary: 'Shows a document through a link from POST /user/documents/{id}/session (once)',
    tags: ['documents'],
    // No response schema: the answer is the file itself, streamed; errors are the usual body.
    params: documentViewParamsSchema,
  },
  'GET /user/documents': {
    summary: "The user's documents, newest first; `report` keeps that report's only",
    tags: ['documents'],
    querystring: documentsQuerySchema,
    response: { 200: documentsAnswerSchema, ...errors },
  },
  'POST /user/documents/:id/session': {
    summary: 'A link that shows the document once, within 5 minutes, without sign-in',
    tags: ['documents'],
    params: documentParamsSchema,
    querystring: documentSessionQuerySchema,
    response: { 201: documentSessionSchema, ...errors },
  },
} satisfies ApiRoutes;
