import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
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
  // Personal data, wherever careless code puts it.
  'email',
  'phone',
  'firstName',
  'lastName',
  'birthMonth',
  'birthDay',
  'birthYear',
  'dob',
  // A database error's bound values (Drizzle) and PostgreSQL's description of the row.
  'params',
  'detail',
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

/*
 * Capability links put their secret in the path: whoever holds the link holds the access
 * (a clinic's link opens a patient's reports for 30 days). The segment after each of these
 * is replaced, and so is any segment as long as a token (32 random bytes are 43 characters in
 * base64url), in paths and in any text that quotes one (a 404's 'Route GET:/api/... not
 * found'). The invitations' own list, /api/invitations/pending, names no secret.
 */
const CAPABILITY_SEGMENT =
  /(\/(?:clinic-shares?|documents\/view|invitations|(?:saliva\/)?invite\/accept)\/)(?!pending(?:[/?#\s"']|$))[^/?#\s"']+/g;
const TOKEN_SEGMENT = /\/[\w-]{32,}(?=[/?#\s"']|$)/g;
const SECRET_QUERY_VALUE = /([?&](?:sig|token|key|code|oobCode)=)[^&#\s"']*/gi;

/** Text with every capability link's secret replaced by '[redacted]'. */
export function redactCapabilities(text: string): string {
  return text
    .replace(CAPABILITY_SEGMENT, '$1[redacted]')
    .replace(TOKEN_SEGMENT, '/[redacted]')
    .replace(SECRET_QUERY_VALUE, '$1[redacted]');
}

const EMAIL_PATTERN = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;
const JWT_PATTERN = /\beyJ[\w-]+\.[\w-]+\.[\w-]+/g;
/** What follows 'params:' in a Drizzle error message: the query's values, one per line or not. */
const PARAMS_PATTERN = /\bparams:[\s\S]*$/;

/** Text of an error or a library's message with its personal data and tokens taken out. */
export function scrubText(text: string): string {
  return redactCapabilities(
    text
      .replace(PARAMS_PATTERN, 'params: [redacted]')
      .replace(EMAIL_PATTERN, '[email]')
      .replace(JWT_PATTERN, '[token]'),
  );
}

const droppedErrorKeys = new Set(['params', 'detail', 'body', 'payload']);

function scrubbed(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object' || depth > 4) return value;
  if (Array.isArray(value)) return value.map((item) => scrubbed(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !droppedErrorKeys.has(key))
      .map(([key, child]) => [key, scrubbed(child, depth + 1)]),
  );
}

/**
 * An error as pino writes it (type, message, stack, its own fields and causes), without the
 * values a failed query was given nor any email or token in its text: a database error on a
 * sign-up would otherwise log the new person's email, name, phone and birth date.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return scrubbed(error, 0);
  const serialized = scrubbed(stdSerializers.err(error), 0) as Record<string, unknown>;
  // The cause says what went wrong (the database's own error); it is scrubbed the same way.
  if (error.cause !== undefined && depth < 3) {
    serialized.cause = serializeError(error.cause, depth + 1);
  }
  return serialized;
}

type LibraryLogLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * better-auth's log lines, as JSON through the portal's logger instead of plain text on the
 * console. Only the message (scrubbed) and errors are kept: its other arguments are the
 * request's data. The two sign-in failures are one line, so the log does not tell which emails
 * have accounts.
 */
export function libraryLog(log: Pick<FastifyBaseLogger, LibraryLogLevel>, library: string) {
  return (level: LibraryLogLevel, message: string, ...args: unknown[]) => {
    if (message === 'User not found' || message === 'Invalid password') {
      log.debug({ library }, 'Sign-in refused: wrong email or password');
      return;
    }
    const errors = args.filter((arg) => arg instanceof Error).map((arg) => serializeError(arg));
    log[level](
      { library, ...(errors.length > 0 ? { err: errors.length === 1 ? errors[0] : errors } : {}) },
      scrubText(message),
    );
  };
}

/** JSON logs. `destination` lets tests capture what would be written. */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination?: DestinationStream,
): Logger {
  const options = {
    level: config.logLevel,
    redact: { paths: redactPaths, censor: '[redacted]' },
    hooks: {
      // Messages Fastify and libraries write themselves (a 404 quotes its URL) are scrubbed too.
      logMethod(this: Logger, args: unknown[], method: (...args: unknown[]) => void) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg)),
        );
      },
    },
    serializers: {
      req: (request: FastifyRequest) => ({
        id: request.id,
        method: request.method,
        path: redactCapabilities(pathWithoutQuery(request.url)),
      }),
      res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }),
      err: serializeError,
    },
  };
  return destination === undefined ? pino(options) : pino(options, destination);
}
