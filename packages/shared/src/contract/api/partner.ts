import { errorAnswers, type ApiRoutes } from './routes.ts';
import {
  acceptAnswerSchema,
  invitationParamsSchema,
  invitationViewSchema,
  inviteRequestSchema,
  partnerAccountParamsSchema,
  partnerAnswerSchema,
  partnerQuerySchema,
  pendingInvitationsSchema,
  sharedReportsAnswerSchema,
  sharingRequestSchema,
} from '../partner.ts';
import * as z from 'zod/mini';

const errors = errorAnswers(400, 401, 403, 404, 409, 410, 429);

const okSchema = z.object({ ok: z.literal(true) });

/** The partner module's routes: each one's summary, parameters, query, body and answers (ADR 053). */
export const partnerApi = {
  'GET /invitations/:key': {
    summary:
      'Public: an invitation link’s state (open, expired, used, canceled) and who sent it, the invited address masked; the key is the link’s token, or the invitation’s id for the invited person signed in; rate-limited per address',
    tags: ['partner'],
    params: invitationParamsSchema,
    response: { 200: invitationViewSchema, ...errors },
  },
  'GET /invitations/pending': {
    summary:
      'Open invitations to the signed-in person’s email whose account waits for them (the invite banner); the id opens /saliva/invite/accept/{id}',
    tags: ['partner'],
    response: { 200: pendingInvitationsSchema, ...errors },
  },
  'GET /partner': {
    summary:
      'The person’s couple accounts: the partner (joined, invited or none) and both sharing choices; admins may pass asUser',
    tags: ['partner'],
    querystring: partnerQuerySchema,
    response: { 200: partnerAnswerSchema, ...errors },
  },
  'GET /partner/individual-reports': {
    summary:
      'The individual reports partners currently share with the person (open each with GET /individual_reports/{orderId}); admins may pass asUser',
    tags: ['partner'],
    querystring: partnerQuerySchema,
    response: { 200: sharedReportsAnswerSchema, ...errors },
  },
  'POST /invitations/:key/accept': {
    summary:
      'Accepts an invitation (the link’s token, or the invitation’s id from the banner) as the invited address: fills the partner’s place, once',
    tags: ['partner'],
    params: invitationParamsSchema,
    response: { 200: acceptAnswerSchema, ...errors },
  },
  'POST /partner/:accountId/invitation': {
    summary:
      'Invites the partner by email (another address cancels the open invitation); rate-limited',
    tags: ['partner'],
    params: partnerAccountParamsSchema,
    body: inviteRequestSchema,
    response: { 200: okSchema, ...errors },
  },
  'POST /partner/:accountId/invitation/cancel': {
    summary: 'Cancels the open invitation; its link then says so',
    tags: ['partner'],
    params: partnerAccountParamsSchema,
    response: { 200: okSchema, ...errors },
  },
  'POST /partner/:accountId/invitation/resend': {
    summary:
      'Sends the open invitation again with a new link (the old one stops working) valid 14 days; rate-limited',
    tags: ['partner'],
    params: partnerAccountParamsSchema,
    response: { 200: okSchema, ...errors },
  },
  'PUT /partner/:accountId/sharing': {
    summary:
      'The person’s own choice to let the partner see their individual results; takes effect at once',
    tags: ['partner'],
    params: partnerAccountParamsSchema,
    body: sharingRequestSchema,
    response: { 200: sharingRequestSchema, ...errors },
  },
} satisfies ApiRoutes;
