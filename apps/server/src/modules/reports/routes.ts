import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@nestling/shared/contract/error';
import {
  reportAnswerSchema,
  reportParamsSchema,
  reportQuerySchema,
  type ReportAnswer,
} from '@nestling/shared/contract/report-view';
import type { Database } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { createOrdersRepository } from '../orders/repository.ts';
import { createPartnerRepository } from '../partner/repository.ts';
import { renderReportPdf, type ReportVersionForPdf } from '../pdf/report-pdf.ts';
import { createSensitiveResultsRepository } from '../sensitive-results/repository.ts';
import { createSensitiveResultsService } from '../sensitive-results/service.ts';
import { createUsersRepository } from '../users/repository.ts';
import { createReportsRepository } from './repository.ts';
import { createReportsService, type Reading } from './service.ts';

const responses = {
  200: reportAnswerSchema,
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/** Answers a report version as a PDF download, never cached. */
export async function sendReportPdf(
  app: FastifyInstance,
  reply: FastifyReply,
  report: { kind: string; labReportId: string; version: number },
  version: ReportVersionForPdf,
) {
  const pdf = await renderReportPdf(version, {
    productName: app.config.brand.productName,
    companyName: app.config.brand.companyName,
    generatedAt: new Date(),
  });
  return reply
    .type('application/pdf')
    .header('cache-control', 'no-store')
    .header(
      'content-disposition',
      `attachment; filename="${report.kind}-report-${report.labReportId.replace(/[^\w.-]/g, '-')}-v${String(report.version)}.pdf"`,
    )
    .send(pdf);
}

/**
 * The reports service as the portal runs it: partners' sharing of individual reports (ADR 015),
 * and sensitive results the reader has not chosen to see kept out (ADR 022).
 */
export function createReportsServiceFor(db: Database) {
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

/** Reading reports (ADR 009, 'Reading reports'). */
export const reportsRoutes: FastifyPluginAsyncZod = (app) => {
  const reports = createReportsServiceFor(app.database.db);
  const versionOf = (text: string | undefined) => (text === undefined ? undefined : Number(text));

  /**
   * Spec section 7's PDF download: the same URL with `Accept: application/pdf` answers the
   * report at that version as a PDF, after the same checks as the JSON answer.
   */
  async function answer(request: FastifyRequest, reply: FastifyReply, found: ReportAnswer) {
    if (!(request.headers.accept ?? '').includes('application/pdf')) return found;
    const { report } = found;
    return sendReportPdf(app, reply, report, {
      content: report.content,
      version: report.version,
      changelog: report.changelog,
      people: await reports.peopleOf(report.id),
      heldBack: found.sensitive?.released === false ? found.sensitive.count : 0,
    });
  }

  /** One GET route of a report: the JSON answer, or the PDF for `Accept: application/pdf`. */
  function reportRoute(
    url: string,
    summary: string,
    read: (
      subject: UserRow,
      id: string,
      version: number | undefined,
      reading: Reading,
    ) => Promise<ReportAnswer & { sharedBy?: string | null }>,
  ) {
    app.get(
      url,
      {
        config: { audit: { action: 'partner-report-read', subject: 'named' } },
        onRequest: app.requireVerifiedUser,
        schema: {
          summary,
          tags: ['reports'],
          params: reportParamsSchema,
          querystring: reportQuerySchema,
          response: responses,
        },
      },
      async (request, reply) => {
        const subject = await app.resolveSubject(request, request.query.asUser);
        // Only the person's own reading moves their marker of the version opened (ADR 029).
        const own = request.query.asUser === undefined && request.identity?.impersonatedBy === null;
        const { sharedBy, ...found } = await read(
          subject,
          request.params.id,
          versionOf(request.query.version),
          own ? 'own' : 'staff',
        );
        // A partner's individual report, shared with the reader: every read is audited.
        if (sharedBy !== undefined && sharedBy !== null) {
          request.auditSubject = sharedBy;
        }
        return answer(request, reply, found);
      },
    );
  }

  reportRoute(
    '/reports/:id',
    'A report (joint, embryo or individual) at its latest version or at `version`, with every version; for its owners, or admins with asUser',
    (subject, id, version, reading) => reports.read(subject, id, version, reading),
  );
  reportRoute(
    '/individual_reports/:id',
    "An individual order's report (the id is the order's) at its latest version or at `version`, with every version",
    (subject, id, version, reading) => reports.readByOrder(subject, id, version, reading),
  );
  return Promise.resolve();
};
