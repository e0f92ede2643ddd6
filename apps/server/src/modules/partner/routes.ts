import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { partnerApi } from '@nestling/shared/contract/api/partner';
import { TOO_MANY_REQUESTS } from '../rate-limit/index.ts';
import { createReportsRepository } from '../reports/index.ts';
import { termsStatus } from '../terms/index.ts';
import { createPartnerRepository } from './repository.ts';
import { createPartnerService, invitationLookupRule, type Person } from './service.ts';
import { Refusal } from '../../lib/refusal.ts';

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
      schema: partnerApi['GET /invitations/pending'],
    },
    (request) => partner.pending(personOf(request)),
  );

  app.get(
    '/invitations/:key',
    {
      schema: partnerApi['GET /invitations/:key'],
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
      schema: partnerApi['POST /invitations/:key/accept'],
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
      schema: partnerApi['GET /partner'],
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
      schema: partnerApi['POST /partner/:accountId/invitation'],
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
      schema: partnerApi['POST /partner/:accountId/invitation/resend'],
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
      schema: partnerApi['POST /partner/:accountId/invitation/cancel'],
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
      schema: partnerApi['PUT /partner/:accountId/sharing'],
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
      schema: partnerApi['GET /partner/individual-reports'],
    },
    async (request) => {
      const subject = await app.resolveSubject(request, request.query.asUser);
      return partner.sharedReports(subject.id);
    },
  );

  return Promise.resolve();
};
