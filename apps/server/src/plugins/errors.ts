import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { ErrorBody } from '@nestling/shared/contract/error';
import { Refusal } from '../lib/refusal.ts';

export function errorBody(statusCode: number, message: string, requestId: string): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, requestId };
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  statusCode: number,
  message: string,
) {
  return reply.code(statusCode).send(errorBody(statusCode, message, request.id));
}

/** 'body.email: Invalid email address; querystring.page: ...' for each field that failed. */
function describeValidationIssues(
  context: string | undefined,
  issues: readonly { instancePath: string; message?: string }[],
): string {
  return issues
    .map((issue) => {
      const field = [context ?? 'request', ...issue.instancePath.split('/').filter(Boolean)].join(
        '.',
      );
      return `${field}: ${issue.message ?? 'is invalid'}`;
    })
    .join('; ');
}

/**
 * One error handler: every error answers with the contract's error body. A refusal (ADR 052)
 * answers with its status, text and extra fields; Fastify's own 4xx with their message; server
 * errors are logged with their stack and answered without it.
 */
export const errorHandlerPlugin = fp(
  (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const message = `Invalid request: ${describeValidationIssues(error.validationContext, error.validation)}`;
        request.log.info({ statusCode: 400 }, message);
        return sendError(request, reply, 400, message);
      }

      if (error instanceof Refusal) {
        request.log.info({ statusCode: error.statusCode }, error.message);
        return reply
          .code(error.statusCode)
          .send({ ...errorBody(error.statusCode, error.message, request.id), ...error.extra });
      }

      const statusCode = error.statusCode ?? 500;
      if (statusCode >= 400 && statusCode < 500 && !isResponseSerializationError(error)) {
        request.log.info({ statusCode, code: error.code }, error.message);
        return sendError(request, reply, statusCode, error.message);
      }

      // Any other server error is answered without its message, which may quote a query.
      const status = statusCode >= 500 && statusCode < 600 ? statusCode : 500;
      request.log.error({ err: error }, 'request failed');
      return sendError(request, reply, status, STATUS_CODES[status] ?? 'Internal Server Error');
    });
  },
  { name: 'error-handler' },
);
