import { errorAnswers, type ApiRoutes } from './routes.ts';
import {
  AUDIT_CSV_MAX_ROWS,
  adminUserParamsSchema,
  adminUserSchema,
  adminUsersAnswerSchema,
  adminUsersQuerySchema,
  auditAnswerSchema,
  auditFilterSchema,
  auditQuerySchema,
  dataPortalBodySchema,
  impersonationBodySchema,
} from '../admin.ts';
import { accessTokenSchema } from '../auth.ts';
import { errorBodySchema } from '../error.ts';

const errors = errorAnswers(400, 401, 403);

/** The admin module's routes: each one's summary, parameters, query, body and answers (ADR 053). */
export const adminApi = {
  'DELETE /admin/impersonation': {
    summary: "Ends the impersonation: an access token for the admin's own session again",
    tags: ['admin'],
    response: { 200: accessTokenSchema, ...errors },
  },
  'GET /admin/audit': {
    summary:
      'The audit log, newest first, a page at a time; filters by staff member, patient (id or email), action and time (admins only)',
    tags: ['admin'],
    querystring: auditQuerySchema,
    response: { 200: auditAnswerSchema, ...errors },
  },
  'GET /admin/audit.csv': {
    summary: `The audit log entries the filters match as a CSV file, at most ${String(AUDIT_CSV_MAX_ROWS)}; formulas are made plain text; the export is audited (admins only)`,
    tags: ['admin'],
    querystring: auditFilterSchema,
    // No response schema: the answer is the CSV text; errors are the usual body.
  },
  'GET /admin/users': {
    summary: 'Users whose name or email contains q, newest first (admins only)',
    tags: ['admin'],
    querystring: adminUsersQuerySchema,
    response: { 200: adminUsersAnswerSchema, ...errors },
  },
  'POST /admin/impersonation': {
    summary: "Starts acting as a patient: an access token for a 1-hour session of the patient's",
    tags: ['admin'],
    body: impersonationBodySchema,
    response: { 200: accessTokenSchema, ...errors, 404: errorBodySchema },
  },
  'PUT /admin/users/:id/data-portal': {
    summary: 'Turns My Data on or off for one person; audited (admins only)',
    tags: ['admin'],
    params: adminUserParamsSchema,
    body: dataPortalBodySchema,
    response: { 200: adminUserSchema, ...errors, 404: errorBodySchema },
  },
} satisfies ApiRoutes;
