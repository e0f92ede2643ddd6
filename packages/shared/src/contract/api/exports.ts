import { errorAnswers, type ApiRoutes } from './routes.ts';
import { errorBodySchema } from '../error.ts';
import {
  dataExportSchema,
  exportFileParamsSchema,
  exportLinkSchema,
  exportParamsSchema,
  exportRequestSchema,
  exportsAnswerSchema,
  myDataQuerySchema,
} from '../my-data.ts';
import * as z from 'zod/mini';

const downloadQuerySchema = z.object({
  expires: z.string().check(z.maxLength(20)),
  signature: z.string().check(z.maxLength(100)),
});

const errors = errorAnswers(400, 401, 403, 404);

/** The exports module's routes: each one's summary, parameters, query, body and answers (ADR 053). */
export const exportsApi = {
  'DELETE /my-data/exports/:id': {
    summary:
      'Deletes an export and its files; audited; never while impersonating. Answers the exports left.',
    tags: ['my-data'],
    params: exportParamsSchema,
    response: { 200: exportsAnswerSchema, ...errors },
  },
  'GET /my-data/exports': {
    summary:
      'The person’s exports, newest first, with state, progress, files (name, type, size, SHA-256) and errors; admins may pass asUser',
    tags: ['my-data'],
    querystring: myDataQuerySchema,
    response: { 200: exportsAnswerSchema, ...errors },
  },
  'GET /my-data/exports/:id/files/:name': {
    summary:
      'Downloads an export’s file through a link from POST …/link (expires and signature); Range (one range) and If-Range are honored',
    tags: ['my-data'],
    params: exportFileParamsSchema,
    querystring: downloadQuerySchema,
    // No 200 schema: the answer is the file itself, streamed.
    response: errors,
  },
  'POST /my-data/exports': {
    summary:
      'Asks for an export: the FHIR R4 bundle of the person’s reports and survey, the ZIP of their reports (PDF and JSON) and documents, or an import’s genotypes as 23andMe-format text or a VCF (importId of a finished import; a VCF only from a VCF). A background job prepares it; never while impersonating.',
    tags: ['my-data'],
    body: exportRequestSchema,
    response: { 200: dataExportSchema, ...errors, 409: errorBodySchema },
  },
  'POST /my-data/exports/:id/files/:name/link': {
    summary:
      'A link that downloads one file of a finished export without sign-in, with HTTP Range, until it expires (15 minutes); never while impersonating',
    tags: ['my-data'],
    params: exportFileParamsSchema,
    response: { 200: exportLinkSchema, ...errors },
  },
} satisfies ApiRoutes;
