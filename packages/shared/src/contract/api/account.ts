import { errorAnswers, type ApiRoutes } from './routes.ts';
import { accessLogAnswerSchema, accessLogQuerySchema } from '../access-log.ts';
import {
  changeEmailBodySchema,
  changePasswordBodySchema,
  deviceSessionsSchema,
  sessionParamsSchema,
  updateProfileBodySchema,
} from '../account.ts';
import {
  accessTokenSchema,
  emailQuerySchema,
  confirmEmailAnswerSchema,
  confirmEmailBodySchema,
  resetPasswordBodySchema,
} from '../auth.ts';
import { errorBodySchema } from '../error.ts';
import { messageSchema } from '../message.ts';
import { userAnswerSchema, userQuerySchema } from '../portal-user.ts';
import { currentUserSchema, userSchema } from '../user.ts';

const errors = errorAnswers(400, 401, 403, 404, 409, 429);

/** The refusals of the routes that sign in, sign out and read the person. */
const userErrors = errorAnswers(400, 401, 403, 429);

/** The account module's routes: each one's summary, parameters, query, body and answers (ADR 053). */
export const accountApi = {
  'DELETE /user/sessions/:id': {
    summary: "Signs out one of the signed-in user's devices",
    tags: ['account'],
    params: sessionParamsSchema,
    response: { 200: messageSchema, ...errors },
  },
  'DELETE /user/sessions/others': {
    summary: 'Signs out every other device of the signed-in user',
    tags: ['account'],
    response: { 200: messageSchema, ...errors },
  },
  'GET /user': {
    summary:
      "The user whose portal this is, with the accounts, orders and reports the flags ask for (an account without a report yet comes with empty report lists, and nothing to list with empty lists and a null account, which the portal shows as 'no response'); admins may pass asUser",
    tags: ['users'],
    querystring: userQuerySchema,
    response: { 200: userAnswerSchema, ...userErrors, 404: errorBodySchema },
  },
  'GET /user/access-log': {
    summary:
      'Who has seen the signed-in person’s data: every audit entry about them made by someone else (lab staff viewing as them or acting as them, their partner opening a shared report, their clinic opening a share link), newest first, 50 a page; `kind` narrows it',
    tags: ['account'],
    querystring: accessLogQuerySchema,
    response: { 200: accessLogAnswerSchema, ...errors },
  },
  'GET /user/access-log.csv': {
    summary:
      'The same entries as a CSV file (the newest 10,000), for the person to keep; `kind` narrows it',
    tags: ['account'],
    querystring: accessLogQuerySchema,
    // No 200 schema: the answer is the CSV; errors are the usual body.
    response: errors,
  },
  'GET /user/email': {
    summary: 'Mails a new email-confirmation link (no auth)',
    tags: ['identity'],
    querystring: emailQuerySchema,
    response: { 200: messageSchema, ...userErrors },
  },
  'GET /user/me': {
    summary: 'The signed-in user, and the primary admin impersonating them (or null)',
    tags: ['identity'],
    response: { 200: currentUserSchema, ...userErrors },
  },
  'GET /user/password': {
    summary: 'Mails a password-reset link (no auth)',
    tags: ['identity'],
    querystring: emailQuerySchema,
    response: { 200: messageSchema, ...userErrors },
  },
  'GET /user/sessions': {
    summary: "The signed-in user's devices (live sessions), the one asking marked current",
    tags: ['account'],
    response: { 200: deviceSessionsSchema, ...errors },
  },
  'PATCH /user/me': {
    summary: 'Changes the name, phone, date of birth or sex of the signed-in user',
    tags: ['account'],
    body: updateProfileBodySchema,
    response: { 200: userSchema, ...errors },
  },
  'POST /user/email/change': {
    summary: 'Mails a link to confirm a new email; the email changes once it is opened',
    tags: ['account'],
    body: changeEmailBodySchema,
    response: { 200: messageSchema, ...errors },
  },
  'POST /user/email/confirm': {
    summary: 'Confirms an email, or a change of email, with the oobCode of its link',
    tags: ['identity'],
    body: confirmEmailBodySchema,
    response: { 200: confirmEmailAnswerSchema, ...userErrors, 409: errorBodySchema },
  },
  'POST /user/password/change': {
    summary: 'Changes the password (the current one is needed) and ends every session',
    tags: ['account'],
    body: changePasswordBodySchema,
    response: { 200: messageSchema, ...errors },
  },
  'POST /user/password/reset': {
    summary: 'Sets a new password with the oobCode of a reset link; ends every session',
    tags: ['identity'],
    body: resetPasswordBodySchema,
    response: { 200: messageSchema, ...userErrors },
  },
  'POST /user/sign-out': {
    summary: 'Ends the session of the Bearer token now, and clears the session cookie',
    tags: ['identity'],
    response: { 200: messageSchema, ...userErrors },
  },
  'POST /user/token': {
    summary: 'A fresh access token, for a Bearer token or the session cookie of a live session',
    tags: ['identity'],
    response: { 200: accessTokenSchema, ...userErrors },
  },
} satisfies ApiRoutes;
