import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { labApi } from '@nestling/shared/contract/api/lab';
import { ORDER_NOT_FOUND } from '@nestling/shared/contract/orders';
import type { SurveyVariant } from '@nestling/shared/health-survey/questionnaires';
import { exportsApi } from '@nestling/shared/contract/api/exports';
import { sendError } from '../../plugins/errors.ts';
import { createArchiveServiceFor } from '../archive/index.ts';
import { resolveAuthSecret } from '../auth/index.ts';
import { createHealthSurveyRepository, createHealthSurveyService } from '../health-survey/index.ts';
import { createImportsRepository } from '../imports/index.ts';
import { labKeyGuard } from '../lab/index.ts';
import { requireDataPortal } from '../my-data/index.ts';
import { createOrdersRepository } from '../orders/index.ts';
import { createReportsRepository, type ReportsService } from '../reports/index.ts';
import { FileNotFoundError } from '../storage/index.ts';
import { createUsersRepository } from '../users/index.ts';
import type { FhirResource } from './fhir-bundle.ts';
import { createExportsRepository, type StoredExportFile } from './repository.ts';
import {
  createExportsService,
  EXPORT_FILE_NOT_FOUND,
  EXPORT_JOB_KIND,
  type ExportJobPayload,
} from './service.ts';

export const RANGE_NOT_SATISFIABLE = 'The requested range is not within the file.';

/** The link's query; its values are checked against the signature, not here. */

export type RangeAnswer =
  { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * One byte range of a file of `size` bytes (RFC 9110, 14.2): `a-b`, `a-` or `-n`. A header
 * that is not one such range (several, another unit, malformed) is ignored: the whole file.
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (match === null) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end };
}

/** The file, or the part of it asked for (the route's schema types only its errors). */
function sendFile(
  reply: FastifyReply,
  file: StoredExportFile,
  part: { start: number; end: number } | undefined,
  stream: Readable,
) {
  if (part !== undefined) {
    reply
      .code(206)
      .header(
        'content-range',
        `bytes ${String(part.start)}-${String(part.end)}/${String(file.size)}`,
      );
  }
  const length = part === undefined ? file.size : part.end - part.start + 1;
  return reply.type(file.contentType).header('content-length', String(length)).send(stream);
}

/**
 * Exports: a person asks for one, a background job writes its file to the
 * file store, and a short-lived signed link downloads it, resumably, without the Bearer header.
 */
export const exportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = (
  app,
  { reports },
) => {
  const { db } = app.database;
  const reportsRepository = createReportsRepository(db);
  const orders = createOrdersRepository(db);
  const users = createUsersRepository(db);
  const surveyRepository = createHealthSurveyRepository(db);
  const surveys = createHealthSurveyService({ repository: surveyRepository });
  const archive = createArchiveServiceFor(app, reports);
  const service = createExportsService({
    repository: createExportsRepository(db),
    imports: createImportsRepository(db),
    fileStore: app.fileStore,
    jobs: app.jobs,
    // The app's reports service: sensitive results the person has not chosen to see stay out
    // of the bundle (ADR 022).
    reports,
    reportsRepository,
    orders,
    findUser: (userId) => users.findById(userId),
    async archiveOf(person) {
      const planned = await archive.plan(person, app.log);
      return { fileName: planned.fileName, stream: archive.stream(planned, app.log) };
    },
    async surveyResponseOf(person) {
      const own = await surveys.ownVariant(person);
      const started = await surveyRepository.listOf(person.id);
      const variant =
        started.find((row) => row.variant === own)?.variant ??
        started.find((row) => row.status === 'completed')?.variant ??
        started[0]?.variant;
      if (variant === undefined) return null;
      // Through the survey service: its research answer is the person's one consent.
      return (await surveys.download(person, variant as SurveyVariant)) as unknown as FhirResource;
    },
    productName: app.config.brand.productName,
    secret: resolveAuthSecret(app.config),
  });
  app.jobHandlers.register<ExportJobPayload>(EXPORT_JOB_KIND, (context) =>
    service.runExportJob(context),
  );

  // The lab's raw genome files arrive as the request body itself, streamed to the file store.
  app.addContentTypeParser(
    ['application/gzip', 'application/octet-stream', 'text/plain', 'text/vcf'],
    (_request, payload, done) => {
      done(null, payload);
    },
  );
  app.post(
    '/lab/raw-files',
    { onRequest: labKeyGuard(app), schema: labApi['POST /lab/raw-files'] },
    async (request, reply) => {
      const order = await orders.findIndividualOrder(request.query.individualOrderId);
      if (order === null) return sendError(request, reply, 404, ORDER_NOT_FOUND);
      const attached = await service.attachRawGenome(
        order.userId,
        request.query.fileName,
        request.body as Readable,
      );
      request.log.info({ exportId: attached.id, size: attached.size }, 'Raw genome file attached');
      return reply.code(201).send(attached);
    },
  );

  const ownOnly = [app.requireVerifiedUser, app.refuseWhileImpersonating];

  app.post(
    '/my-data/exports',
    {
      onRequest: ownOnly,
      schema: exportsApi['POST /my-data/exports'],
    },
    async (request) => {
      const caller = await app.resolveSubject(request, undefined);
      requireDataPortal(caller);
      return service.create(caller, request.body);
    },
  );

  app.get(
    '/my-data/exports',
    {
      onRequest: app.requireVerifiedUser,
      schema: exportsApi['GET /my-data/exports'],
    },
    async (request) => {
      const subject = await app.resolveSubject(request, request.query.asUser);
      requireDataPortal(subject);
      return { exports: await service.list(subject.id) };
    },
  );

  app.delete(
    '/my-data/exports/:id',
    {
      config: { audit: { action: 'data-export-delete', subject: 'caller' } },
      onRequest: ownOnly,
      schema: exportsApi['DELETE /my-data/exports/:id'],
    },
    async (request) => {
      const caller = await app.resolveSubject(request, undefined);
      requireDataPortal(caller);
      await service.remove(caller.id, request.params.id);
      return { exports: await service.list(caller.id) };
    },
  );

  app.post(
    '/my-data/exports/:id/files/:name/link',
    {
      onRequest: ownOnly,
      schema: exportsApi['POST /my-data/exports/:id/files/:name/link'],
    },
    async (request) => {
      const caller = await app.resolveSubject(request, undefined);
      requireDataPortal(caller);
      return service.link(caller.id, request.params.id, request.params.name);
    },
  );

  app.get(
    '/my-data/exports/:id/files/:name',
    {
      // Compressing would change the bytes that Range and the SHA-256 describe.
      compress: false,
      schema: exportsApi['GET /my-data/exports/:id/files/:name'],
    },
    async (request, reply) => {
      const { id, name } = request.params;
      const file = await service.verifiedFile(
        id,
        name,
        request.query.expires,
        request.query.signature,
      );
      const etag = `"${file.sha256}"`;
      const ifRange = request.headers['if-range'];
      // A Range with an If-Range for another version of the file gets the whole file.
      const range =
        ifRange === undefined || ifRange === etag
          ? parseRange(request.headers.range, file.size)
          : { kind: 'whole' as const };
      reply
        .header('accept-ranges', 'bytes')
        .header('etag', etag)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .header('content-disposition', `attachment; filename="${file.name}"`);
      if (range.kind === 'unsatisfiable') {
        reply.header('content-range', `bytes */${String(file.size)}`);
        return sendError(request, reply, 416, RANGE_NOT_SATISFIABLE);
      }
      const part = range.kind === 'part' ? { start: range.start, end: range.end } : undefined;
      let stream: Readable;
      try {
        stream = await app.fileStore.get(file.key, part);
      } catch (error) {
        if (error instanceof FileNotFoundError) {
          return sendError(request, reply, 404, EXPORT_FILE_NOT_FOUND);
        }
        throw error;
      }
      return sendFile(reply, file, part, stream);
    },
  );

  return Promise.resolve();
};
