import { context, propagation, trace, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import type { Config } from '../../config.ts';
import { TRACE_SCOPE } from '../../lib/spans.ts';

/**
 * The portal's tracer: the one the process registered when traces are on (ADR 049), otherwise
 * the API's own, which makes no spans and costs next to nothing.
 */
export function portalTracer(): Tracer {
  return trace.getTracer(TRACE_SCOPE);
}

export interface Tracing {
  /** Sends the spans still waiting, then stops; the API makes no spans afterwards. */
  shutdown(): Promise<void>;
}

/**
 * Turns traces on for the process: spans are batched and sent over OTLP/HTTP (JSON) to the
 * configured endpoint, context follows async calls, and a W3C `traceparent` from the caller is
 * continued. One provider per process: the OpenTelemetry API keeps it globally.
 */
export function startTracing(
  settings: NonNullable<Config['tracing']>,
  version: string,
  log: { warn: (details: object, message: string) => void },
): Tracing {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: settings.serviceName,
      [ATTR_SERVICE_VERSION]: version,
    }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({
          url: settings.endpoint,
          headers: { ...settings.headers },
        }),
      }),
    ],
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  if (
    !context.setGlobalContextManager(contextManager) ||
    !propagation.setGlobalPropagator(new W3CTraceContextPropagator()) ||
    !trace.setGlobalTracerProvider(provider)
  ) {
    log.warn({}, 'Traces were on already in this process: the new settings are not used');
  }
  return {
    async shutdown() {
      try {
        await provider.shutdown();
      } finally {
        trace.disable();
        propagation.disable();
        context.disable();
      }
    },
  };
}
