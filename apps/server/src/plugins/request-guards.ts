import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pathWithoutQuery } from '../logger.ts';
import { sendError } from './errors.ts';
import { isApiPath } from './web-app.ts';
import { Refusal } from '../lib/refusal.ts';

/** Deeper JSON is refused before it is parsed: nothing the portal takes is half as deep. */
export const MAX_JSON_DEPTH = 64;

export const JSON_TOO_DEEP = `Invalid request: the JSON body is nested more than ${MAX_JSON_DEPTH} levels deep`;
export const NUL_IN_ADDRESS =
  'Invalid request: the address contains a NUL character (%00), which is never valid here';

/**
 * The longest value taken of each header the portal reads, stores or compares. A real one is
 * far shorter; anything longer is refused before a route sees it, as an over-long body field
 * is. Upload-Metadata has its own schema (the imports' routes).
 */
export const HEADER_LIMITS: Readonly<Record<string, number>> = {
  authorization: 4096,
  'user-agent': 1024,
  origin: 2048,
  'content-type': 256,
  'accept-encoding': 256,
  'if-range': 256,
  'stripe-signature': 2048,
  'x-forwarded-for': 2048,
  'x-forwarded-proto': 64,
  'x-forwarded-host': 512,
  'x-page-view': 64,
  'x-page-path': 256,
  'tus-resumable': 32,
  'upload-length': 32,
  'upload-offset': 32,
};

export function headerTooLongMessage(name: string, limit: number): string {
  return `Invalid request: the ${name} header is longer than ${String(limit)} characters`;
}

export function nulInHeaderMessage(name: string): string {
  return `Invalid request: the ${name} header contains a NUL character, which is never valid here`;
}

/** Why the request's headers are refused, or null when every one is fit to read. */
export function headerProblem(
  headers: Record<string, string | string[] | undefined>,
): string | null {
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    if (text.includes('\u0000')) return nulInHeaderMessage(name);
    const limit = HEADER_LIMITS[name];
    if (limit !== undefined && text.length > limit) return headerTooLongMessage(name, limit);
  }
  return null;
}

export function nulInBodyMessage(field: string): string {
  return `Invalid request: ${field} contains a NUL character (\\u0000), which is never valid here`;
}

/**
 * One pass over JSON text, before it is parsed: how deep its arrays and objects nest (stopping
 * past `maxDepth`) and whether a string holds the escape \u0000. PostgreSQL cannot store NUL in
 * text, and deep nesting would overflow the stack of whatever walks the parsed value.
 */
export function scanJson(
  text: string,
  maxDepth: number = MAX_JSON_DEPTH,
): { tooDeep: boolean; hasNul: boolean } {
  let depth = 0;
  let inString = false;
  let hasNul = false;
  const length = text.length;
  for (let index = 0; index < length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c /* \ */) {
        if (text.charCodeAt(index + 1) === 0x75 /* u */ && text.startsWith('0000', index + 2)) {
          hasNul = true;
        }
        index += 1;
      } else if (code === 0x22 /* " */) {
        inString = false;
      } else if (code === 0) {
        hasNul = true;
      }
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      depth += 1;
      if (depth > maxDepth) return { tooDeep: true, hasNul };
    } else if (code === 0x7d /* } */ || code === 0x5d /* ] */) {
      depth -= 1;
    }
  }
  return { tooDeep: false, hasNul };
}

/** The first field of a parsed body whose key or string value holds NUL ('body.name'). */
export function fieldWithNul(value: unknown, path = 'body'): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const childPath = `${path}.${key.replaceAll('\u0000', '\\u0000')}`;
    if (key.includes('\u0000')) return childPath;
    const found = fieldWithNul(child, childPath);
    if (found !== null) return found;
  }
  return null;
}

/** Whether a request address carries NUL, encoded or not. */
export function addressHasNul(url: string): boolean {
  return url.includes('\u0000') || /%00/i.test(url);
}

/**
 * Guards every request before a route sees it: JSON bodies are scanned before they are parsed
 * (too deep, or NUL in a string: 400 naming the field), an address with NUL is a 400, so is a
 * header with NUL or longer than the portal takes (HEADER_LIMITS), and
 * every /api answer is `Cache-Control: no-store` unless its route sets its own on purpose.
 * Health data and tokens must never sit in a browser's or a proxy's cache.
 */
export const requestGuardsPlugin = fp(
  (app: FastifyInstance, _options: unknown, done: (error?: Error) => void) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      (request: FastifyRequest, body: string | Buffer, next) => {
        const text = typeof body === 'string' ? body : body.toString('utf8');
        const scan = scanJson(text);
        if (scan.tooDeep) {
          next(new Refusal(400, JSON_TOO_DEEP), undefined);
          return;
        }
        void parseJson(request, text, (error, parsed) => {
          if (error !== null) {
            next(error, undefined);
            return;
          }
          const field = scan.hasNul ? fieldWithNul(parsed) : null;
          if (field !== null) next(new Refusal(400, nulInBodyMessage(field)), undefined);
          else next(null, parsed);
        });
      },
    );

    app.addHook('onRequest', async (request, reply) => {
      if (isApiPath(pathWithoutQuery(request.url))) reply.header('cache-control', 'no-store');
      if (addressHasNul(request.url)) return sendError(request, reply, 400, NUL_IN_ADDRESS);
      // Node's parser refuses a raw NUL in a header; this also holds for any other way in.
      const problem = headerProblem(request.headers);
      if (problem !== null) return sendError(request, reply, 400, problem);
    });
    done();
  },
  { name: 'request-guards', dependencies: ['error-handler'] },
);
