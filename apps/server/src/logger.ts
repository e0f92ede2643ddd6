import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';

// Keys whose values must never reach a log line, at the top level and up to two levels down.
const secretKeys = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'oobCode',
  'otp',
  'verificationCode',
  'secret',
  'clientSecret',
  'apiKey',
  'cookie',
  'cookies',
  'authorization',
  // Request and response bodies carry health data and credentials; they are never logged.
  'body',
  'payload',
];

const headerKeys = [
  'authorization',
  'cookie',
  '"set-cookie"',
  '"x-api-key"',
  '"proxy-authorization"',
];

export const redactPaths = [
  ...secretKeys.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
  ...headerKeys.flatMap((key) => [`headers.${key}`, `*.headers.${key}`]),
];

/** The path of a request URL without its query string, which can carry emails and codes. */
export function pathWithoutQuery(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** JSON logs. `destination` lets tests capture what would be written. */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination?: DestinationStream,
): Logger {
  const options = {
    level: config.logLevel,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      req: (request: FastifyRequest) => ({
        id: request.id,
        method: request.method,
        path: pathWithoutQuery(request.url),
      }),
      res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }),
      err: stdSerializers.err,
    },
  };
  return destination === undefined ? pino(options) : pino(options, destination);
}
