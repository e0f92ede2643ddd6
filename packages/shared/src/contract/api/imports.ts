import { errorAnswers, type ApiRoutes } from './routes.ts';
import { errorBodySchema } from '../error.ts';
import * as z from 'zod/mini';
import {
  importParamsSchema,
  importsAnswerSchema,
  myDataQuerySchema,
  uploadHeadersSchema,
} from '../my-data.ts';

const errors = errorAnswers(400, 401, 403, 404);

/** The imports module's routes: each one's summary, parameters, query, body and answers (ADR 053). */
export const importsApi = {
  'DELETE /my-data/imports/:id': {
    summary:
      'Deletes an import: its row, the uploaded file and the stored genotypes; audited; never while impersonating. Answers the imports left.',
    tags: ['my-data'],
    params: importParamsSchema,
    response: { 200: importsAnswerSchema, ...errors },
  },
  'GET /my-data/imports': {
    summary:
      'The person’s genome imports, newest first, with state, progress, summary and errors; admins may pass asUser',
    tags: ['my-data'],
    querystring: myDataQuerySchema,
    response: { 200: importsAnswerSchema, ...errors },
  },
  // The resumable uploads (tus 1.0.0): the server hands each to tus, which answers itself.
  'POST /my-data/uploads': {
    headers: uploadHeadersSchema,
    summary:
      'Starts a resumable upload of a genetic data file (tus 1.0.0 creation: Upload-Length at most 2 GB, Upload-Metadata filename ending .txt, .zip, .vcf, .vcf.gz or .vcf.bgz); 201 with its Location. Refusals are plain text.',
    tags: ['my-data'],
    response: { ...errors, 409: errorBodySchema, 413: errorBodySchema },
  },
  'HEAD /my-data/uploads/:id': {
    headers: uploadHeadersSchema,
    summary: 'How much of an upload has arrived (tus Upload-Offset), to resume it',
    tags: ['my-data'],
    params: importParamsSchema,
    response: errors,
  },
  'PATCH /my-data/uploads/:id': {
    headers: uploadHeadersSchema,
    summary:
      'Sends the next bytes of an upload (tus, application/offset+octet-stream at Upload-Offset); 422 with the reason in plain text once the file was refused while it arrived',
    tags: ['my-data'],
    params: importParamsSchema,
    response: errors,
  },
  'DELETE /my-data/uploads/:id': {
    summary: 'Cancels an upload (tus termination): the import and its bytes are deleted',
    tags: ['my-data'],
    params: importParamsSchema,
    response: { 204: z.null(), ...errors },
  },
} satisfies ApiRoutes;
