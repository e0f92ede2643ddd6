import { SpanKind } from '@opentelemetry/api';
import { endSpan } from '../../lib/spans.ts';
import { portalTracer } from './setup.ts';

/**
 * Runs one attempt of a job inside a consumer span (ADR 049): its kind and attempt, never its
 * payload, which may hold a person's data.
 */
export function inJobSpan<T>(
  job: { id: string; kind: string; attempt: number },
  run: () => Promise<T>,
): Promise<T> {
  return portalTracer().startActiveSpan(
    `job ${job.kind}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: { 'job.kind': job.kind, 'job.id': job.id, 'job.attempt': job.attempt },
    },
    async (span) => {
      try {
        const result = await run();
        endSpan(span);
        return result;
      } catch (error) {
        endSpan(span, error);
        throw error;
      }
    },
  );
}
