import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
} from '@opentelemetry/api';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { portalTracer } from './setup.ts';

/**
 * A server span for every request (ADR 049), continuing the caller's `traceparent`, and the
 * request's work (hooks, handler, database queries) inside it. The span is named by the route's
 * template, never the path: paths hold capability tokens and record ids. No query string, header
 * or body is recorded. The context set here holds through the body's arrival to the handler
 * (tracing.test.ts sends one over a real connection).
 */
export const httpTracing = fp(
  (app) => {
    const tracer = portalTracer();
    const contexts = new WeakMap<FastifyRequest, Context>();

    app.addHook('onRequest', (request, reply, done) => {
      const parent = propagation.extract(ROOT_CONTEXT, request.headers);
      const route = request.routeOptions.url;
      const span = tracer.startSpan(
        route === undefined ? request.method : `${request.method} ${route}`,
        {
          kind: SpanKind.SERVER,
          attributes: {
            'http.request.method': request.method,
            ...(route === undefined ? {} : { 'http.route': route }),
          },
        },
        parent,
      );
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        const status = reply.raw.statusCode;
        span.setAttribute('http.response.status_code', status);
        if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      };
      // Also when a reply was hijacked (uploads) or the client went away before the answer.
      reply.raw.once('finish', end);
      reply.raw.once('close', end);
      const inSpan = trace.setSpan(parent, span);
      contexts.set(request, inSpan);
      context.with(inSpan, done);
    });

    app.addHook('onError', (request, _reply, error, done) => {
      const span = trace.getSpan(contexts.get(request) ?? ROOT_CONTEXT);
      // The kind of error only: a message may quote a query's values.
      span?.setAttribute('error.type', error.name);
      done();
    });
    return Promise.resolve();
  },
  { name: 'http-tracing' },
);
