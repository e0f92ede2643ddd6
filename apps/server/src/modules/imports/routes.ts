import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server as TusServer } from '@tus/server';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IMPORT_EMPTY_FILE,
  IMPORT_FILE_REFUSED,
  IMPORT_MAX_BYTES,
  IMPORT_TOO_LARGE,
  IMPORT_UPLOAD_PATH,
  importFileEnding,
} from '@nestling/shared/contract/my-data';
import { importsApi } from '@nestling/shared/contract/api/imports';
import { user } from '../auth/schema.ts';
import { sendError } from '../../plugins/errors.ts';
import { requireDataPortal } from '../my-data/index.ts';
import { LiveReads } from './live-reads.ts';
import { createImportsRepository, type ImportRow } from './repository.ts';
import {
  createImportsService,
  IMPORT_JOB_KIND,
  IMPORT_NOT_FOUND,
  readImportFile,
  type ImportJobPayload,
} from './service.ts';
import { Refusal, type RefusalStatus } from '../../lib/refusal.ts';

/** Unfinished uploads one person may have at once: each may hold up to 2 GB on the disk. */
export const MAX_UNFINISHED_UPLOADS = 3;
export const TOO_MANY_UPLOADS = `You have ${String(MAX_UNFINISHED_UPLOADS)} uploads that have not finished. Finish or delete one on the imports page first.`;
/** The longest file name kept for an import. */
const MAX_FILE_NAME = 255;
export const LENGTH_REQUIRED = 'The upload must say how large the file is (Upload-Length).';

/** A refusal the tus server sends as it is: it reads the status and the plain-text sentence. */
function refusal(
  statusCode: RefusalStatus,
  body: string,
): Refusal & { status_code: number; body: string } {
  return Object.assign(new Refusal(statusCode, body), { status_code: statusCode, body });
}

/**
 * tus names the headers a browser on another origin may read (Access-Control-Expose-Headers)
 * on every answer; the API has no other origin to tell, so its answer carries none of them.
 * Node sets the answer's headers one by one through setHeader, which this filters.
 */
function withoutCorsHeaders(response: ServerResponse): void {
  const setHeader = response.setHeader.bind(response);
  response.setHeader = (name, value) =>
    name.toLowerCase().startsWith('access-control-') ? response : setHeader(name, value);
}

/** The node request under tus's web-style request (srvx keeps it at runtime.node.req). */
function nodeRequestOf(request: unknown): IncomingMessage | undefined {
  const runtime = (request as { runtime?: { node?: { req?: IncomingMessage } } }).runtime;
  return runtime?.node?.req;
}

/**
 * Genome imports (ADR 024): the tus endpoint that takes the file in
 * resumable pieces, the list, and delete. The job that reads each file runs in the background.
 */
export const importsRoutes: FastifyPluginAsyncZod = (app) => {
  const repository = createImportsRepository(app.database.db);
  const liveReads = new LiveReads(
    (input, fileName, signal) => readImportFile(input, fileName, signal),
    (id, reason) => {
      service.refusedWhileUploading(id, reason).catch((error: unknown) => {
        app.log.error({ importId: id, error }, 'Could not record a refusal during an upload');
      });
    },
  );
  app.addHook('onClose', () => {
    liveReads.dropAll();
    return Promise.resolve();
  });
  // Every request's bytes also go to the upload's read on their way to the store (ADR 024).
  const datastore = app.uploads.tusStore((id, offset, body) => liveReads.tap(id, offset, body));
  const service = createImportsService({
    repository,
    fileStore: app.fileStore,
    uploads: app.uploads,
    jobs: app.jobs,
    liveReads,
    log: app.log,
    async profileSex(userId) {
      const [row] = await app.database.db
        .select({ sex: user.sex })
        .from(user)
        .where(eq(user.id, userId));
      return row?.sex ?? null;
    },
  });
  app.jobHandlers.register<ImportJobPayload>(IMPORT_JOB_KIND, (context) =>
    service.runImportJob(context),
  );
  // Not on the imports page's read: an import left without its job by a server that stopped
  // gets it when a server starts.
  app.addHook('onReady', async () => {
    const queued = await service.queueStalled();
    if (queued > 0) app.log.info({ queued }, 'Queued the imports a stopped server had left');
  });

  /** Who sent each upload request: set by the route once the token and the flag are checked. */
  const owners = new WeakMap<IncomingMessage, string>();
  /** The upload a request completed, if it did. */
  const finishedBy = new WeakMap<IncomingMessage, string>();
  const tus = new TusServer({
    path: `/api${IMPORT_UPLOAD_PATH}`,
    datastore,
    relativeLocation: true,
    maxSize: IMPORT_MAX_BYTES,
    async onUploadCreate(request, upload) {
      const node = nodeRequestOf(request);
      const userId = node === undefined ? undefined : owners.get(node);
      if (userId === undefined) throw refusal(401, 'No token in context');
      const given = upload.metadata?.filename?.trim() ?? '';
      const ending = importFileEnding(given);
      if (ending === null) throw refusal(400, IMPORT_FILE_REFUSED);
      // At most 255 characters, cut before the ending: the file is read by its ending.
      const fileName =
        given.length <= MAX_FILE_NAME
          ? given
          : given.slice(0, MAX_FILE_NAME - ending.length) + given.slice(-ending.length);
      if (upload.size === undefined) throw refusal(400, LENGTH_REQUIRED);
      if (upload.size > IMPORT_MAX_BYTES) throw refusal(413, IMPORT_TOO_LARGE);
      if (upload.size === 0) throw refusal(400, IMPORT_EMPTY_FILE);
      if ((await repository.countUploading(userId)) >= MAX_UNFINISHED_UPLOADS) {
        throw refusal(409, TOO_MANY_UPLOADS);
      }
      await repository.insert({
        id: upload.id,
        userId,
        fileName,
        size: upload.size,
      });
      liveReads.start(upload.id, fileName);
      return {};
    },
    onUploadFinish(request, upload) {
      // Kept, or queued, once tus has answered and is done with the upload's files
      // (handOverToTus): the import removes them when it has read them.
      const node = nodeRequestOf(request);
      if (node !== undefined) finishedBy.set(node, upload.id);
      return Promise.resolve({});
    },
    onResponseError(request, error) {
      // tus's own words for a file over maxSize, in ours.
      if ('status_code' in error && error.status_code === 413) {
        return { status_code: 413, body: IMPORT_TOO_LARGE };
      }
      // The read refused the file while this request's bytes arrived: 422 with the reason at
      // once (tus closes the connection on the rest), whichever stream reported it first.
      const reason = liveReads.refusal(new URL(request.url).pathname.split('/').at(-1) ?? '');
      if (reason !== null) return { status_code: 422, body: reason };
      if ('status_code' in error) return undefined;
      // Anything else is ours and unexpected (a database error quotes its query and values):
      // logged without them, and answered without a word of it.
      app.log.error({ err: error }, 'An upload request failed');
      return { status_code: 500, body: 'Internal Server Error\n' };
    },
    // The API answers no other origin, uploads included (tus would allow any).
    allowedOrigins: () => false,
  });

  // tus sends the file's bytes as application/offset+octet-stream: left unread here, so that
  // tus streams them to the disk as they arrive (no body limit, nothing held in memory).
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => {
    done(null, undefined);
  });

  /**
   * Why the upload's file was refused while it arrived (recorded, or about to be), so that the
   * rest need not be sent; null when it was not.
   */
  function refusedWhileArriving(row: ImportRow): string | null {
    if (row.state !== 'failed') return liveReads.refusal(row.id);
    liveReads.drop(row.id);
    return row.error ?? IMPORT_FILE_REFUSED;
  }

  /** Checks the caller, then lets tus answer on the raw response. */
  async function handOverToTus(request: FastifyRequest, reply: FastifyReply, uploadId?: string) {
    const caller = await app.resolveSubject(request, undefined);
    requireDataPortal(caller);
    if (uploadId !== undefined) {
      const row = await repository.findForUser(uploadId, caller.id);
      if (row === null) return sendError(request, reply, 404, IMPORT_NOT_FOUND);
      const refused = request.method === 'PATCH' ? refusedWhileArriving(row) : null;
      if (refused !== null) {
        return reply
          .code(422)
          .header('Tus-Resumable', '1.0.0')
          .type('text/plain; charset=utf-8')
          .send(refused);
      }
    }
    owners.set(request.raw, caller.id);
    reply.hijack();
    withoutCorsHeaders(reply.raw);
    reply.raw.setHeader('Cache-Control', 'no-store');
    reply.raw.setHeader('X-Content-Type-Options', 'nosniff');
    await tus.handle(request.raw, reply.raw);
    const finished = finishedBy.get(request.raw);
    if (finished !== undefined) await service.uploadFinished(finished);
    return reply;
  }

  const uploadPreHandler = [app.requireVerifiedUser, app.refuseWhileImpersonating];

  app.post(
    IMPORT_UPLOAD_PATH,
    {
      onRequest: uploadPreHandler,
      schema: importsApi['POST /my-data/uploads'],
    },
    (request, reply) => handOverToTus(request, reply),
  );

  for (const method of ['HEAD', 'PATCH'] as const) {
    app.route({
      method,
      url: `${IMPORT_UPLOAD_PATH}/:id`,
      onRequest: uploadPreHandler,
      schema: importsApi[`${method} /my-data/uploads/:id`],
      handler: (request, reply) => handOverToTus(request, reply, request.params.id),
    });
  }

  /** Deletes the caller's import (an upload or a finished one); answers the caller. */
  async function removeImport(request: FastifyRequest, id: string) {
    const caller = await app.resolveSubject(request, undefined);
    requireDataPortal(caller);
    await service.remove(caller.id, id);
    return caller;
  }

  app.delete(
    `${IMPORT_UPLOAD_PATH}/:id`,
    {
      config: { audit: { action: 'genotype-import-delete', subject: 'caller' } },
      onRequest: uploadPreHandler,
      schema: importsApi['DELETE /my-data/uploads/:id'],
    },
    async (request, reply) => {
      await removeImport(request, request.params.id);
      return reply.header('Tus-Resumable', '1.0.0').code(204).send(null);
    },
  );

  app.get(
    '/my-data/imports',
    {
      onRequest: app.requireVerifiedUser,
      schema: importsApi['GET /my-data/imports'],
    },
    async (request) => {
      const subject = await app.resolveSubject(request, request.query.asUser);
      requireDataPortal(subject);
      return { imports: await service.list(subject.id) };
    },
  );

  app.delete(
    '/my-data/imports/:id',
    {
      config: { audit: { action: 'genotype-import-delete', subject: 'caller' } },
      onRequest: uploadPreHandler,
      schema: importsApi['DELETE /my-data/imports/:id'],
    },
    async (request) => {
      const caller = await removeImport(request, request.params.id);
      return { imports: await service.list(caller.id) };
    },
  );

  return Promise.resolve();
};
