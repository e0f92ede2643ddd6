import { context, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';

type QueryFunction = (...args: unknown[]) => unknown;

/** The name the portal's spans are made under (the instrumentation scope, ADR 049). */
export const TRACE_SCOPE = 'nestling-portal';

/** Ends a span, marked as failed with the error's type (never its message) when there is one. */
export function endSpan(span: Span, error?: unknown): void {
  if (error !== undefined && error !== null) {
    span.setStatus({ code: SpanStatusCode.ERROR });
    span.setAttribute('error.type', error instanceof Error ? error.name : 'Error');
  }
  span.end();
}

/** `select`, `insert`…: the statement's first word, for the span's name. */
function operationOf(text: string): string {
  return /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? 'query';
}

/**
 * A client span for every query a PostgreSQL connection runs within a request or a job (ADR 049),
 * as a child of that one's span. The statement is recorded as written, with its `$1`
 * placeholders: the values are never recorded. With traces off the spans are the API's no-op.
 */
export function traceQueries(client: { query: QueryFunction }): void {
  const query = client.query.bind(client);
  const tracer = trace.getTracer(TRACE_SCOPE);
  client.query = (...args: unknown[]) => {
    const [config] = args;
    const text =
      typeof config === 'string'
        ? config
        : typeof config === 'object' && config !== null && 'text' in config
          ? config.text
          : undefined;
    // A cursor or another submittable, or a query outside any request or job (the queue's
    // polling, which would be a trace of its own every second): left as it is.
    if (typeof text !== 'string' || trace.getSpan(context.active()) === undefined) {
      return query(...args);
    }
    const operation = operationOf(text);
    const span = tracer.startSpan(
      operation,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'db.system.name': 'postgresql',
          'db.operation.name': operation,
          'db.query.text': text,
        },
      },
      context.active(),
    );
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        endSpan(span, error);
        (callback as (error: unknown, result: unknown) => void)(error, result);
      };
      return query(...args);
    }
    const answer = query(...args);
    if (answer instanceof Promise) {
      answer.then(
        () => {
          endSpan(span);
        },
        (error: unknown) => {
          endSpan(span, error);
        },
      );
    } else {
      endSpan(span);
    }
    return answer;
  };
}
