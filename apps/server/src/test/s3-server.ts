import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import type { S3Settings } from '../modules/storage/s3-store.ts';

/** S3's smallest part but the last of a multipart upload (EntityTooSmall below it). */
const MIN_PART_SIZE = 5 * 1024 * 1024;

interface StoredObject {
  body: Buffer;
  /** The object's `x-amz-meta-*` headers, without the prefix. */
  metadata: Record<string, string>;
}

interface MultipartUpload {
  key: string;
  parts: Map<number, { body: Buffer; etag: string }>;
}

export interface TestS3Server {
  /** The settings a portal (or a file store) uses to reach it. */
  settings: S3Settings;
  objects: Map<string, StoredObject>;
  /** Multipart uploads begun and neither completed nor aborted. */
  uploads: Map<string, MultipartUpload>;
  /** The name of every call, in order ('PutObject', 'ListParts', …). */
  calls: string[];
  close(): Promise<void>;
}

/**
 * A stand-in for an S3-compatible service (ADR 048): the calls the portal makes (the file
 * store's and the resumable uploads'), in memory, over real HTTP, so that the SDK's requests and
 * the portal's reading of the answers are both exercised. It keeps the rules the portal relies
 * on: an object appears only when its multipart upload completes, every part but the last is at
 * least 5 MiB, parts are listed with their sizes, a completed or aborted upload is gone
 * (NoSuchUpload), user metadata comes back as it was written, and listings page by key order.
 * Signatures are not checked.
 */
export async function startTestS3Server(options: { bucket?: string } = {}): Promise<TestS3Server> {
  const bucketName = options.bucket ?? 'test-bucket';
  const objects = new Map<string, StoredObject>();
  const uploads = new Map<string, MultipartUpload>();
  const calls: string[] = [];
  let nextUpload = 0;

  const xml = (response: ServerResponse, status: number, body: string) => {
    response.writeHead(status, { 'content-type': 'application/xml' });
    response.end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
  };
  const escape = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const unescape = (text: string) =>
    text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const error = (response: ServerResponse, status: number, code: string) => {
    xml(response, status, `<Error><Code>${code}</Code><Message>${code}</Message></Error>`);
  };
  const md5 = (body: Buffer) => `"${createHash('md5').update(body).digest('hex')}"`;

  /** The request's bytes, without the aws-chunked framing a streamed body may come in. */
  async function bodyOf(request: IncomingMessage): Promise<Buffer> {
    const raw = await buffer(request);
    if (request.headers['x-amz-decoded-content-length'] === undefined) return raw;
    const chunks: Buffer[] = [];
    let at = 0;
    for (;;) {
      const lineEnd = raw.indexOf('\r\n', at);
      const size = Number.parseInt(raw.subarray(at, lineEnd).toString().split(';')[0] ?? '', 16);
      if (!(size > 0)) break;
      chunks.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
    return Buffer.concat(chunks);
  }

  function metadataOf(request: IncomingMessage): Record<string, string> {
    const metadata: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (name.startsWith('x-amz-meta-') && typeof value === 'string') {
        metadata[name.slice('x-amz-meta-'.length)] = value;
      }
    }
    return metadata;
  }

  function objectHeaders(object: StoredObject): Record<string, string> {
    const headers: Record<string, string> = {
      'content-length': String(object.body.length),
      etag: md5(object.body),
    };
    for (const [name, value] of Object.entries(object.metadata)) {
      headers[`x-amz-meta-${name}`] = value;
    }
    return headers;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://s3.test');
    const [, bucket = '', ...rest] = url.pathname.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    const query = url.searchParams;
    const method = request.method ?? 'GET';
    const body = await bodyOf(request);
    if (bucket !== bucketName) {
      calls.push('NoSuchBucket');
      if (method === 'HEAD') {
        response.writeHead(404);
        response.end();
        return;
      }
      error(response, 404, 'NoSuchBucket');
      return;
    }

    if (key === '' && method === 'HEAD') {
      calls.push('HeadBucket');
      response.writeHead(200);
      response.end();
      return;
    }
    if (key === '' && method === 'GET' && query.get('list-type') === '2') {
      calls.push('ListObjectsV2');
      const prefix = query.get('prefix') ?? '';
      const keys = [...objects.keys()].filter((name) => name.startsWith(prefix)).sort();
      // Two keys a page, so that a reader must follow continuation tokens. Like S3's, the
      // token is a position in key order: the last key given, not an index.
      const after = query.get('continuation-token');
      const left = after === null ? keys : keys.filter((name) => name > after);
      const page = left.slice(0, 2);
      const truncated = left.length > 2;
      xml(
        response,
        200,
        `<ListBucketResult><Name>${bucketName}</Name><Prefix>${escape(prefix)}</Prefix><KeyCount>${String(page.length)}</KeyCount><MaxKeys>2</MaxKeys><IsTruncated>${String(truncated)}</IsTruncated>${truncated ? `<NextContinuationToken>${escape(page.at(-1) ?? '')}</NextContinuationToken>` : ''}${page.map((name) => `<Contents><Key>${escape(name)}</Key><Size>${String(objects.get(name)?.body.length ?? 0)}</Size></Contents>`).join('')}</ListBucketResult>`,
      );
      return;
    }
    if (key === '' && method === 'POST' && query.has('delete')) {
      calls.push('DeleteObjects');
      const keys = [...body.toString().matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) =>
        unescape(match[1] ?? ''),
      );
      for (const name of keys) objects.delete(name);
      xml(response, 200, '<DeleteResult></DeleteResult>');
      return;
    }
    if (method === 'POST' && query.has('uploads')) {
      calls.push('CreateMultipartUpload');
      const id = `upload-${String((nextUpload += 1))}`;
      uploads.set(id, { key, parts: new Map() });
      xml(
        response,
        200,
        `<InitiateMultipartUploadResult><Bucket>${bucketName}</Bucket><Key>${escape(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      );
      return;
    }
    if (query.has('uploadId')) {
      const id = query.get('uploadId') ?? '';
      const upload = uploads.get(id);
      const call = {
        PUT: 'UploadPart',
        GET: 'ListParts',
        POST: 'CompleteMultipartUpload',
        DELETE: 'AbortMultipartUpload',
      }[method];
      calls.push(call ?? method);
      if (upload?.key !== key) {
        error(response, 404, 'NoSuchUpload');
        return;
      }
      if (method === 'PUT') {
        const number = Number(query.get('partNumber'));
        const etag = md5(body);
        upload.parts.set(number, { body, etag });
        response.writeHead(200, { etag });
        response.end();
        return;
      }
      if (method === 'GET') {
        const marker = Number(query.get('part-number-marker') ?? '0');
        const parts = [...upload.parts.entries()]
          .filter(([number]) => number > marker)
          .sort(([a], [b]) => a - b);
        xml(
          response,
          200,
          `<ListPartsResult><Bucket>${bucketName}</Bucket><Key>${escape(key)}</Key><UploadId>${id}</UploadId><PartNumberMarker>${String(marker)}</PartNumberMarker><MaxParts>1000</MaxParts><IsTruncated>false</IsTruncated>${parts.map(([number, part]) => `<Part><PartNumber>${String(number)}</PartNumber><ETag>${escape(part.etag)}</ETag><Size>${String(part.body.length)}</Size></Part>`).join('')}</ListPartsResult>`,
        );
        return;
      }
      if (method === 'POST') {
        const listed = [
          ...body.toString().matchAll(/<PartNumber>(\d+)<\/PartNumber>|<ETag>([^<]*)<\/ETag>/g),
        ];
        const numbers = listed.flatMap((match) =>
          match[1] === undefined ? [] : [Number(match[1])],
        );
        const parts = numbers.map((number) => upload.parts.get(number));
        if (parts.some((part) => part === undefined)) {
          error(response, 400, 'InvalidPart');
          return;
        }
        const bodies = parts.map((part) => part?.body ?? Buffer.alloc(0));
        if (bodies.slice(0, -1).some((part) => part.length < MIN_PART_SIZE)) {
          error(response, 400, 'EntityTooSmall');
          return;
        }
        objects.set(key, { body: Buffer.concat(bodies), metadata: {} });
        uploads.delete(id);
        xml(
          response,
          200,
          `<CompleteMultipartUploadResult><Bucket>${bucketName}</Bucket><Key>${escape(key)}</Key><ETag>"whole"</ETag></CompleteMultipartUploadResult>`,
        );
        return;
      }
      if (method === 'DELETE') {
        uploads.delete(id);
        response.writeHead(204);
        response.end();
        return;
      }
    }
    if (method === 'PUT') {
      calls.push('PutObject');
      objects.set(key, { body, metadata: metadataOf(request) });
      response.writeHead(200, { etag: md5(body) });
      response.end();
      return;
    }
    const object = objects.get(key);
    if (method === 'HEAD') {
      calls.push('HeadObject');
      response.writeHead(object === undefined ? 404 : 200, object ? objectHeaders(object) : {});
      response.end();
      return;
    }
    if (method === 'GET') {
      calls.push('GetObject');
      if (object === undefined) {
        error(response, 404, 'NoSuchKey');
        return;
      }
      const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
      if (range === null) {
        response.writeHead(200, objectHeaders(object));
        response.end(object.body);
        return;
      }
      const start = Number(range[1]);
      const last = object.body.length - 1;
      const end = range[2] === '' ? last : Math.min(Number(range[2]), last);
      response.writeHead(206, {
        ...objectHeaders(object),
        'content-length': String(end - start + 1),
        'content-range': `bytes ${String(start)}-${String(end)}/${String(object.body.length)}`,
      });
      response.end(object.body.subarray(start, end + 1));
      return;
    }
    if (method === 'DELETE') {
      calls.push('DeleteObject');
      objects.delete(key);
      response.writeHead(204);
      response.end();
      return;
    }
    error(response, 400, 'NotImplemented');
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((failure: unknown) => {
      response.writeHead(500);
      response.end(String(failure));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    settings: {
      bucket: bucketName,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${String(port)}`,
      accessKeyId: 'test-key',
      secretAccessKey: 'test-secret',
      forcePathStyle: true,
    },
    objects,
    uploads,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
