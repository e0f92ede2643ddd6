import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { ErrorBody } from '@nestling/shared/contract/error';

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
 * One error handler: every error answers with the contract's error body. Server errors are
 * logged with their stack and answered without it.
 */
export const errorHandlerPlugin = fp(
  (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const message = `Invalid request: ${describeValidationIssues(error.validationContext, error.validation)}`;
        request.log.info({ statusCode: 400 }, message);
        return sendError(request, reply, 400, message);
      }

      const statusCode = error.statusCode ?? 500;
      if (statusCode >= 400 && statusCode < 500 && !isResponseSerializationError(error)) {
        request.log.info({ statusCode, code: error.code }, error.message);
        return sendError(request, reply, statusCode, error.message);
      }

      const status = statusCode >= 500 && statusCode < 600 ? statusCode : 500;
      // A refusal written for people (the payment provider is down) says so; any other
      // server error is answered without its message, which may quote a query.
      if (status === 503 && (error as { expose?: unknown }).expose === true) {
        request.log.warn({ statusCode: status }, error.message);
        return sendError(request, reply, status, error.message);
      }
      request.log.error({ err: error }, 'request failed');
      return sendError(request, reply, status, STATUS_CODES[status] ?? 'Internal Server Error');
    });
  },
  { name: 'error-handler' },
);
