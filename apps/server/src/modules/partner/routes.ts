import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { errorBodySchema } from '@nestling/shared/contract/error';
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
} from '@nestling/shared/contract/partner';
import { TOO_MANY_REQUESTS } from '../rate-limit/index.ts';
import { createReportsRepository } from '../reports/index.ts';
import { termsStatus } from '../terms/index.ts';
import { createPartnerRepository } from './repository.ts';
import { createPartnerService, invitationLookupRule, type Person } from './service.ts';
import { Refusal } from '../../lib/refusal.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  410: errorBodySchema,
  429: errorBodySchema,
};
const okSchema = z.object({ ok: z.literal(true) });

/** The signed-in person (requireVerifiedUser has run). */
function personOf(request: FastifyRequest): Person {
  const identity = request.identity;
  if (identity === null) throw new Refusal(401, 'No token in context');
  return { id: identity.userId, email: identity.user.email };
}

/** Partner invitations, the partner page and per-partner sharing (ADR 015). */
export const partnerRoutes: FastifyPluginAsyncZod = (app) => {
  const { db } = app.database;
  const partner = createPartnerService({
    repository: createPartnerRepository(db),
    reports: createReportsRepository(db),
    termsStatus: (userId) => termsStatus(db, userId),
    rateLimiter: app.rateLimiter,
    queueMail: (message) => app.mailer.send(message),
    config: app.config,
    couplePlacesPerPerson: app.config.limits.couplePlacesPerPerson,
  });
  const ownChoice = [app.requireVerifiedUser, app.refuseWhileImpersonating];

  /** The signed-in person when a valid token came along; the public route works without. */
  async function optionalPerson(request: FastifyRequest): Promise<Person | null> {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (match?.[1] === undefined) return null;
    try {
      const identity = await app.authService.authenticate(match[1]);
      return identity.emailVerified ? { id: identity.userId, email: identity.user.email } : null;
    } catch (error) {
      if (error instanceof Refusal) return null;
      throw error;
    }
  }

  app.get(
    '/invitations/pending',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        summary:
          'Open invitations to the signed-in person’s email whose account waits for them (the invite banner); the id opens /saliva/invite/accept/{id}',
        tags: ['partner'],
        response: { 200: pendingInvitationsSchema, ...errors },
      },
    },
    (request) => partner.pending(personOf(request)),
  );

  app.get(
    '/invitations/:key',
    {
      schema: {
        summary:
          'Public: an invitation link’s state (open, expired, used, canceled) and who sent it, the invited address masked; the key is the link’s token, or the invitation’s id for the invited person signed in; rate-limited per address',
        tags: ['partner'],
        params: invitationParamsSchema,
        response: { 200: invitationViewSchema, ...errors },
      },
    },
    async (request) => {
      if (!(await app.rateLimiter.consume(invitationLookupRule, request.ip))) {
        throw new Refusal(429, TOO_MANY_REQUESTS);
      }
      return partner.view(request.params.key, await optionalPerson(request));
    },
  );

  app.post(
    '/invitations/:key/accept',
    {
      config: { audit: { action: 'partner-joined', subject: 'named' } },
      onRequest: ownChoice,
      schema: {
        summary:
          'Accepts an invitation (the link’s token, or the invitation’s id from the banner) as the invited address: fills the partner’s place, once',
        tags: ['partner'],
        params: invitationParamsSchema,
        response: { 200: acceptAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const person = personOf(request);
      const { inviterId, ...answer } = await partner.accept(request.params.key, person);
      request.auditSubject = inviterId;
      return answer;
    },
  );

  app.get(
    '/partner',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        summary:
          'The person’s couple accounts: the partner (joined, invited or none) and both sharing choices; admins may pass asUser',
        tags: ['partner'],
        querystring: partnerQuerySchema,
        response: { 200: partnerAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const subject = await app.resolveSubject(request, request.query.asUser);
      return { accounts: await partner.overview(subject.id) };
    },
  );

  app.post(
    '/partner/:accountId/invitation',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        summary:
          'Invites the partner by email (another address cancels the open invitation); rate-limited',
        tags: ['partner'],
        params: partnerAccountParamsSchema,
        body: inviteRequestSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await partner.invite(personOf(request), request.params.accountId, request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/partner/:accountId/invitation/resend',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        summary:
          'Sends the open invitation again with a new link (the old one stops working) valid 14 days; rate-limited',
        tags: ['partner'],
        params: partnerAccountParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await partner.resend(personOf(request), request.params.accountId);
      return { ok: true as const };
    },
  );

  app.post(
    '/partner/:accountId/invitation/cancel',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        summary: 'Cancels the open invitation; its link then says so',
        tags: ['partner'],
        params: partnerAccountParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await partner.cancel(personOf(request), request.params.accountId);
      return { ok: true as const };
    },
  );

  app.put(
    '/partner/:accountId/sharing',
    {
      config: { audit: { action: 'partner-sharing', subject: 'caller' } },
      onRequest: ownChoice,
      schema: {
        summary:
          'The person’s own choice to let the partner see their individual results; takes effect at once',
        tags: ['partner'],
        params: partnerAccountParamsSchema,
        body: sharingRequestSchema,
        response: { 200: sharingRequestSchema, ...errors },
      },
    },
    async (request) => {
      const person = personOf(request);
      await partner.setSharing(person.id, request.params.accountId, request.body.sharesIndividual);
      return { sharesIndividual: request.body.sharesIndividual };
    },
  );

  app.get(
    '/partner/individual-reports',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        summary:
          'The individual reports partners currently share with the person (open each with GET /individual_reports/{orderId}); admins may pass asUser',
        tags: ['partner'],
        querystring: partnerQuerySchema,
        response: { 200: sharedReportsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const subject = await app.resolveSubject(request, request.query.asUser);
      return partner.sharedReports(subject.id);
    },
  );

  return Promise.resolve();
};
