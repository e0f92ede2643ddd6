import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ReportAnswer } from '@nestling/shared/contract/report-view';
import { reportsApi } from '@nestling/shared/contract/api/reports';
import type { UserRow } from '../auth/schema.ts';
import { renderReportPdf, type ReportVersionForPdf } from '../pdf/index.ts';
import {
  createSensitiveResultsRepository,
  createSensitiveResultsService,
} from '../sensitive-results/index.ts';
import type { Reading, ReportsService } from './service.ts';

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

/** Reading reports (ADR 009, 'Reading reports'). */
export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = (
  app,
  { reports },
) => {
  const sensitive = createSensitiveResultsService({
    repository: createSensitiveResultsRepository(app.database.db),
  });
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
    url: '/reports/:id' | '/individual_reports/:id',
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
        schema: reportsApi[`GET ${url}`],
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

  reportRoute('/reports/:id', (subject, id, version, reading) =>
    reports.read(subject, id, version, reading),
  );
  reportRoute('/individual_reports/:id', (subject, id, version, reading) =>
    reports.readByOrder(subject, id, version, reading),
  );

  app.post(
    '/reports/:id/sensitive-release',
    {
      // The person's own choice: never an admin's, viewing as them or acting as them.
      onRequest: [app.requireVerifiedUser, app.refuseWhileImpersonating],
      schema: reportsApi['POST /reports/:id/sensitive-release'],
    },
    async (request) => {
      // No asUser: the caller's own reports only; another person's report id answers 404.
      const reader = await app.resolveSubject(request, undefined);
      const found = await reports.read(reader, request.params.id, undefined);
      return sensitive.release(found.report.id, reader.id, found.sensitive);
    },
  );
  return Promise.resolve();
};
