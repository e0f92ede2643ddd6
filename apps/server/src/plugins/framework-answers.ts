import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors.ts';

/**
 * The headers of an answer made before any route or hook runs: an error body, which loads
 * nothing, so its policy allows nothing. The security-headers plugin gives every other answer
 * the portal's own policy.
 */
export const BARE_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

export const BAD_ADDRESS =
  'Invalid request: the address is not valid (a percent sign must be followed by two hexadecimal digits of UTF-8)';
export const PARAMETER_TOO_LONG = 'Invalid request: a part of the address is too long';
export const HEADERS_TOO_LARGE = 'Invalid request: the request headers are too large';
export const MALFORMED_REQUEST = 'Invalid request: the request is not valid HTTP';
export const REQUEST_TIMEOUT = 'The request took too long to arrive';

/** What Fastify's router refuses before a route is found, in the portal's words and headers. */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const statusCode = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : (error.statusCode ?? 400);
  const message =
    error.code === 'FST_ERR_BAD_URL'
      ? BAD_ADDRESS
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? PARAMETER_TOO_LONG
        : (STATUS_CODES[statusCode] ?? 'Error');
  request.log.info({ statusCode, code: error.code }, message);
  void reply
    .code(statusCode)
    .headers(BARE_ANSWER_HEADERS)
    .header('x-request-id', request.id)
    .send(errorBody(statusCode, message, request.id));
}

/**
 * What Node refuses before Fastify sees a request (headers too large, a request it cannot
 * parse, one too slow to arrive), answered on the socket as Fastify would, with the headers.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const statusCode =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 431
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : 400;
  const message =
    statusCode === 431
      ? HEADERS_TOO_LARGE
      : statusCode === 408
        ? REQUEST_TIMEOUT
        : MALFORMED_REQUEST;
  const body = JSON.stringify({
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
  });
  if (socket.writable) {
    const headers = {
      ...BARE_ANSWER_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(
      `HTTP/1.1 ${String(statusCode)} ${STATUS_CODES[statusCode] ?? ''}\r\n${head}\r\n${body}`,
    );
  }
  socket.destroy(error);
}
