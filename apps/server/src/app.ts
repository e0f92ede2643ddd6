import { randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { gentleConnectionClose } from './connection-drain.ts';
import type { DatabaseHandle } from './db/database.ts';
import { createBackgroundRunner } from './lib/background.ts';
import { createLogger } from './logger.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { activationRoutes } from './modules/activation/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { appointmentsRoutes } from './modules/appointments/routes.ts';
import { archiveRoutes } from './modules/archive/routes.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { dataRightsRoutes } from './modules/data-rights/routes.ts';
import { clinicSharingRoutes } from './modules/clinic-sharing/routes.ts';
import { clinicsRoutes } from './modules/clinics/routes.ts';
import { checkoutRoutes } from './modules/checkout/routes.ts';
import { configuredPaymentProvider } from './payment-providers.ts';
import { configRoutes } from './modules/config/routes.ts';
import { demoReportsRoutes } from './modules/demo-reports/routes.ts';
import { documentsRoutes } from './modules/documents/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { healthSurveyRoutes } from './modules/health-survey/routes.ts';
import { createJobQueue, type JobQueue } from './modules/jobs/queue.ts';
import { createJobsRepository } from './modules/jobs/repository.ts';
import { createJobRegistry, jobHandlers, type JobRegistry } from './modules/jobs/registry.ts';
import { jobsRoutes } from './modules/jobs/routes.ts';
import { exportsRoutes } from './modules/exports/routes.ts';
import { importsRoutes } from './modules/imports/routes.ts';
import { journeyRoutes } from './modules/journey/routes.ts';
import { kitsRoutes } from './modules/kits/routes.ts';
import { labRoutes } from './modules/lab/routes.ts';
import { metricsPlugin } from './modules/metrics/routes.ts';
import { partnerRoutes } from './modules/partner/routes.ts';
import { purchaseOrdersRoutes } from './modules/purchase-orders/routes.ts';
import { reportsRoutes } from './modules/reports/routes.ts';
import { riskCalculatorRoutes } from './modules/risk-calculator/routes.ts';
import { sensitiveResultsRoutes } from './modules/sensitive-results/routes.ts';
import { createFileStore } from './modules/storage/create-store.ts';
import { httpTracing } from './modules/tracing/http.ts';
import { startTracing } from './modules/tracing/setup.ts';
import { buildInfo } from './modules/health/service.ts';
import { createUploadArea, type UploadArea } from './modules/storage/upload-area.ts';
import type { FileStore } from './modules/storage/file-store.ts';
import { shippingWebhookRoutes } from './modules/shipping/routes.ts';
import { stripeWebhookRoutes } from './modules/stripe/routes.ts';
import { termsRoutes } from './modules/terms/routes.ts';
import { userRoutes } from './modules/account/user-routes.ts';
import { requireContractSchemas } from './plugins/contract-schemas.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { errorHandlerPlugin, sendError } from './plugins/errors.ts';
import { clientErrorHandler, frameworkErrors } from './plugins/framework-answers.ts';
import { identityPlugin } from './plugins/identity.ts';
import { routeAuditPlugin } from './modules/audit/route-audit.ts';
import { createAuditRepository } from './modules/audit/repository.ts';
import { createAuditService, type AuditService } from './modules/audit/service.ts';
import { mailPlugin } from './modules/mail/plugin.ts';
import { mailRoutes } from './modules/mail/routes.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { requestGuardsPlugin } from './plugins/request-guards.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { BRAND_LOGO_PATH, BRAND_STYLESHEET_PATH, brandRoutes } from './modules/brand/routes.ts';
import { readLogo } from './modules/brand/logo.ts';
import type { Database } from './db/database.ts';
import { createOrdersRepository } from './modules/orders/repository.ts';
import { createPartnerRepository } from './modules/partner/repository.ts';
import { createRateLimitRepository } from './modules/rate-limit/repository.ts';
import { createRateLimiter, type RateLimiter } from './modules/rate-limit/service.ts';
import { createReportsRepository } from './modules/reports/repository.ts';
import { createReportsService } from './modules/reports/service.ts';
import { createSensitiveResultsRepository } from './modules/sensitive-results/repository.ts';
import { createSensitiveResultsService } from './modules/sensitive-results/service.ts';
import { createUsersRepository } from './modules/users/repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    /** Durable background work (ADR 023); main.ts runs the worker. */
    jobs: JobQueue;
    /** The job kinds this app runs; main.ts hands them to the worker. */
    jobHandlers: JobRegistry;
    /** Where files live: DATA_DIR/files or the S3 bucket (ADR 023). */
    fileStore: FileStore;
    /** Uploads in progress: DATA_DIR/uploads or the bucket's `uploads/` (ADR 048). */
    uploads: UploadArea;
    /** The rate limits of ADR 006, for the routes that apply them. */
    rateLimiter: RateLimiter;
    /** Who read or changed whose data: routes, view-as and impersonation write to it. */
    audit: AuditService;
    /** Work that answers must not wait for (sending mail); awaited on close. */
    runInBackground: (work: () => Promise<void>) => void;
  }
}

export const SERVER_CLOSING = 'The server is restarting. Try again in a moment.';

export interface BuildAppOptions {
  config: Config;
  /** Opened (and migrated) by the caller, who also closes it after `app.close()`. */
  database: DatabaseHandle;
  /** Defaults to JSON logs on stdout at the configured level. */
  logger?: Logger;
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * TRUST_PROXY for Fastify. A number of proxies trusts that many hops from the connection:
 * Fastify itself refuses a bare hop count, since it cannot tell a direct client from the proxy,
 * which the README's advice (give the proxy's addresses where they are known) covers.
 */
export function fastifyTrustProxy(
  trustProxy: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trustProxy === false) return false;
  if (typeof trustProxy !== 'number') return [...trustProxy];
  return (_address, hop) => hop < trustProxy;
}

/**
 * The reports service as the portal runs it: partners' sharing of individual reports (ADR 015),
 * and sensitive results the reader has not chosen to see kept out (ADR 022).
 */
function createReportsServiceFor(db: Database) {
  const partners = createPartnerRepository(db);
  return createReportsService({
    reports: createReportsRepository(db),
    orders: createOrdersRepository(db),
    users: createUsersRepository(db),
    sharesIndividualWith: (ownerId, readerId) => partners.sharesIndividualWith(ownerId, readerId),
    forReader: createSensitiveResultsService({
      repository: createSensitiveResultsRepository(db),
    }).forReader,
  });
}

/**
 * The whole server: API under /api, docs, security headers and the web app. Not yet listening
 * or ready, so that callers (tests) can add routes first.
 */
export async function buildApp({ config, database, logger }: BuildAppOptions): Promise<App> {
  const loggerInstance: FastifyBaseLogger = logger ?? createLogger(config);
  const app = Fastify({
    loggerInstance,
    genReqId: () => randomUUID(),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Stop taking new requests on close while the ones in flight finish; kept-alive
    // connections are closed gently (connection-drain.ts), not all at once.
    // Refused by the hook below instead, with the headers every answer carries.
    return503OnClosing: false,
    forceCloseConnections: false,
    // Answers made before any route runs carry the security headers too.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRoute', requireContractSchemas);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('jobs', createJobQueue(createJobsRepository(database.db)));
  app.decorate('jobHandlers', createJobRegistry(jobHandlers));
  app.decorate('fileStore', createFileStore(config));
  app.decorate('uploads', createUploadArea(config, app.fileStore));
  app.decorate('rateLimiter', createRateLimiter(createRateLimitRepository(database.db)));
  app.decorate('audit', createAuditService(createAuditRepository(database.db)));
  // Fastify answers requests that arrive after close() with 503 and `Connection: close`, but
  // a request already in flight would leave its keep-alive connection open, and close() would
  // wait for that connection to time out.
  let closing = false;
  // Traces, when an OTLP endpoint is set (ADR 049): first, so that every request's span holds
  // all of its work. Sent and stopped when the app closes.
  if (config.tracing !== null) {
    const tracing = startTracing(config.tracing, buildInfo(config.gitCommit).version, app.log);
    app.addHook('onClose', () => tracing.shutdown());
    await app.register(httpTracing);
  }
  const connections = gentleConnectionClose(app.server);
  app.addHook('preClose', (done) => {
    closing = true;
    connections.begin();
    done();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
  });

  await app.register(errorHandlerPlugin);
  // Before the request guards, whose refusals (a NUL in the address) carry the headers too.
  await app.register(securityHeadersPlugin);
  // A request that still arrives while the server closes is told to come back: a load
  // balancer sends it to another replica.
  app.addHook('onRequest', async (request, reply) => {
    if (closing) return sendError(request, reply, 503, SERVER_CLOSING);
  });
  await app.register(requestGuardsPlugin);
  await app.register(compressionPlugin);
  // Before the routes, so that it times every one (ADR 045); /metrics itself is off by default.
  await app.register(metricsPlugin);
  await app.register(openApiPlugin, { productName: config.brand.productName });

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(configRoutes, { prefix: '/api' });
  await app.register(mailPlugin);
  // Added after the mail plugin, so that closing waits for this work before the mail worker
  // stops: Fastify runs the onClose hooks last-added first.
  const background = createBackgroundRunner(app.log);
  app.decorate('runInBackground', background.run);
  app.addHook('onClose', () => background.settled());
  await app.register(identityPlugin);
  await app.register(routeAuditPlugin);
  await app.register(mailRoutes, { prefix: '/api' });
  // Built once: every route that reads reports reads them alike, the report pages, the
  // sensitive-result release, the clinic links, GET /user, the archive and the exports.
  // Partners' sharing only ever opens a report to someone other than its owner, so it changes
  // nothing for the person's own reports that the last three read.
  const reports = createReportsServiceFor(database.db);
  await app.register(userRoutes, { prefix: '/api', reports });
  await app.register(accountRoutes, { prefix: '/api' });
  await app.register(adminRoutes, { prefix: '/api' });
  await app.register(labRoutes, { prefix: '/api' });
  await app.register(reportsRoutes, { prefix: '/api', reports });
  await app.register(termsRoutes, { prefix: '/api' });
  await app.register(healthSurveyRoutes, { prefix: '/api' });
  await app.register(activationRoutes, { prefix: '/api' });
  await app.register(catalogueRoutes, { prefix: '/api' });
  // Chosen once, here, from PAYMENT_PROVIDER: the checkout takes payments with it, the orders
  // give refunds back through it.
  const paymentProvider = configuredPaymentProvider(config);
  await app.register(checkoutRoutes, { prefix: '/api', paymentProvider });
  await app.register(purchaseOrdersRoutes, { prefix: '/api', paymentProvider });
  await app.register(kitsRoutes, { prefix: '/api' });
  await app.register(partnerRoutes, { prefix: '/api' });
  await app.register(journeyRoutes, { prefix: '/api' });
  await app.register(documentsRoutes, { prefix: '/api' });
  await app.register(archiveRoutes, { prefix: '/api', reports });
  await app.register(demoReportsRoutes, { prefix: '/api' });
  await app.register(riskCalculatorRoutes, { prefix: '/api' });
  await app.register(appointmentsRoutes, { prefix: '/api' });
  await app.register(clinicsRoutes, { prefix: '/api' });
  await app.register(clinicSharingRoutes, { prefix: '/api', reports });
  await app.register(sensitiveResultsRoutes, { prefix: '/api' });
  await app.register(jobsRoutes, { prefix: '/api' });
  await app.register(importsRoutes, { prefix: '/api' });
  await app.register(exportsRoutes, { prefix: '/api', reports });
  await app.register(dataRightsRoutes, { prefix: '/api' });
  // The shipping provider's tracking updates (ADR 044): test or EasyPost, as configured.
  await app.register(shippingWebhookRoutes, { prefix: '/api' });
  // Stripe's webhook exists only when Stripe takes the payments.
  if (config.payments.provider === 'stripe') {
    await app.register(stripeWebhookRoutes, { prefix: '/api' });
  }

  const logo = config.brand.logoFile === null ? null : readLogo(config.brand.logoFile);
  await app.register(brandRoutes, { color: config.brand.color, logo });
  await app.register(webAppPlugin, {
    distDir: config.webDistDir,
    brand: {
      productName: config.brand.productName,
      stylesheetPath: config.brand.color === null ? null : BRAND_STYLESHEET_PATH,
      logoPath: logo === null ? null : BRAND_LOGO_PATH,
    },
  });
  return app;
}
