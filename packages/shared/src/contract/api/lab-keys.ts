import { errorAnswers, type ApiRoutes } from './routes.ts';
import { errorBodySchema } from '../error.ts';
import {
  labKeyCreateBodySchema,
  labKeyCreatedSchema,
  labKeyParamsSchema,
  labKeySchema,
  labKeysAnswerSchema,
} from '../lab.ts';

const errors = errorAnswers(400, 401, 403);

/** The lab keys' routes, for staff: each one's summary, parameters, query, body and answers (ADR 053). */
export const labKeysApi = {
  'DELETE /admin/lab-keys/:id': {
    summary: 'Revokes a lab API key at once; answers the key as it now is (admins only)',
    tags: ['admin'],
    params: labKeyParamsSchema,
    response: { 200: labKeySchema, ...errors, 404: errorBodySchema },
  },
  'GET /admin/lab-keys': {
    summary: 'The lab API keys, newest first, without the keys themselves (admins only)',
    tags: ['admin'],
    response: { 200: labKeysAnswerSchema, ...errors },
  },
  'POST /admin/lab-keys': {
    summary: 'Creates a lab API key; the answer is the only time the key is shown (admins only)',
    tags: ['admin'],
    body: labKeyCreateBodySchema,
    response: { 201: labKeyCreatedSchema, ...errors },
  },
} satisfies ApiRoutes;
