import { errorAnswers, type ApiRoutes } from './routes.ts';
import {
  accountDeletionAnswerSchema,
  accountDeletionRequestSchema,
  myDataOverviewSchema,
  privacyAnswerSchema,
  researchConsentAnswerSchema,
  researchConsentRequestSchema,
} from '../data-rights.ts';
import { myDataQuerySchema } from '../my-data.ts';

const errors = errorAnswers(400, 401, 403, 404, 409);

/** The data-rights module's routes: each one's summary, parameters, query, body and answers (ADR 053). */
export const dataRightsApi = {
  'DELETE /user/deletion': {
    summary: 'Undoes the request to delete the account, before it is due; 409 when none (audited)',
    tags: ['account'],
    response: { 200: accountDeletionAnswerSchema, ...errors },
  },
  'GET /my-data': {
    summary:
      'What the portal holds about the person (reports, documents, surveys, imports, exports, clinic links, with sizes), their research consent and any pending account deletion; admins may pass asUser',
    tags: ['my-data'],
    querystring: myDataQuerySchema,
    response: { 200: myDataOverviewSchema, ...errors },
  },
  'GET /user/deletion': {
    summary: 'Whether the person’s account is set to be deleted, and when; admins may pass asUser',
    tags: ['account'],
    querystring: myDataQuerySchema,
    response: { 200: accountDeletionAnswerSchema, ...errors },
  },
  'GET /user/privacy': {
    summary:
      'The person’s research consent and any pending account deletion, whether or not My Data is on; admins may pass asUser',
    tags: ['account'],
    querystring: myDataQuerySchema,
    response: { 200: privacyAnswerSchema, ...errors },
  },
  'POST /user/deletion': {
    summary:
      'Sets the account and all its data to be deleted after the grace period (undo with DELETE); the person types their email address to confirm. 409 when already set (audited)',
    tags: ['account'],
    body: accountDeletionRequestSchema,
    response: { 200: accountDeletionAnswerSchema, ...errors },
  },
  'PUT /user/research-consent': {
    summary:
      'Gives or withdraws the person’s consent to the use of their data for research (audited)',
    tags: ['account'],
    body: researchConsentRequestSchema,
    response: { 200: researchConsentAnswerSchema, ...errors },
  },
} satisfies ApiRoutes;
