import * as z from 'zod/mini';
import { describeSchemaIssues, errorBodySchema } from '../../shared/src/contract/error.ts';
import { labApi } from '../../shared/src/contract/api/lab.ts';
import type { RawFileAttached } from '../../shared/src/contract/my-data.ts';
import type { AdminOrder, OrderEventRequest } from '../../shared/src/contract/order-tracker.ts';
import type { ReportPayload, ReportReceipt } from '../../shared/src/contract/report.ts';

/*
 * The lab API's typed client. Every path, schema and answer comes from the contract's map of
 * the lab API (ADR 053), the one the server registers its routes from. The client imports the
 * shared files by relative path so that its build carries them along and names no package of
 * this repository.
 */

type LabEndpoint = keyof typeof labApi;

/** 'POST /lab/orders/:id/events' as its method and its path below /api. */
function methodAndPath(endpoint: LabEndpoint): [method: string, path: string] {
  const [method = '', path = ''] = endpoint.split(' ');
  return [method, path];
}

export interface LabClientOptions {
  /** The portal's address, e.g. 'https://portal.lab.example'; the API is below it at /api. */
  baseUrl: string;
  /** A lab API key ('lab_…'), made by the lab's staff on /admin (Lab keys). */
  key: string;
  /** How many more times a report delivery is sent after a network error, a 429 or a 5xx. */
  retries?: number;
  /** The wait before the first retry, doubled for each next one (a 429's Retry-After wins). */
  retryDelayMs?: number;
  /** How long one report or event call may take before it counts as failed; raw files have none. */
  timeoutMs?: number;
  /** Another fetch, e.g. one through a proxy. */
  fetch?: typeof fetch;
}

/**
 * Why a call failed. `invalid`: the client found a bad field and sent nothing (`issues` names
 * each). `refused`: the portal answered with an error (`status`, its message and request id).
 * `unreachable`: no answer, after the retries.
 */
export class LabApiError extends Error {
  override readonly name = 'LabApiError';
  constructor(
    readonly kind: 'invalid' | 'refused' | 'unreachable',
    message: string,
    readonly status: number | null = null,
    readonly issues: readonly string[] = [],
    readonly requestId: string | null = null,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The file of POST /lab/raw-files: `await openAsBlob(path)` (node:fs) streams it from disk. */
export type RawFileBody = Blob | Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>;

export interface LabClient {
  /**
   * Delivers one version of a report. `created` is false when the portal holds this very
   * version already, so sending again after a lost answer is safe; it is retried so.
   */
  deliverReport(
    payload: z.input<(typeof labApi)['POST /lab/reports']['body']>,
  ): Promise<ReportReceipt>;
  /** Attaches a raw genome file (VCF, plain or gzip) to a person's individual order. */
  attachRawFile(input: {
    individualOrderId: string;
    fileName: string;
    body: RawFileBody;
  }): Promise<RawFileAttached>;
  /** Moves an order's tracker; `orderId` is its id, its number (NS-10001) or a kit id. */
  recordOrderEvent(
    orderId: string,
    event: z.input<(typeof labApi)['POST /lab/orders/:id/events']['body']>,
  ): Promise<AdminOrder>;
}

const RETRY_AFTER_MAX_MS = 60_000;

function checked(schema: z.ZodMiniType, value: unknown, prefix: string): void {
  const result = z.safeParse(schema, value);
  if (!result.success) {
    const issues = describeSchemaIssues(result.error.issues, prefix);
    throw new LabApiError('invalid', `Nothing was sent: ${issues.join('; ')}`, null, issues);
  }
}

/** A client of one portal's lab API, with one key. */
export function createLabClient(options: LabClientOptions): LabClient {
  const send = options.fetch ?? globalThis.fetch;
  const retries = options.retries ?? 3;
  const retryDelayMs = options.retryDelayMs ?? 1000;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const base = new URL(
    'api/',
    options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`,
  );
  const urlOf = (path: string, query?: Record<string, string>) => {
    const url = new URL(path.slice(1), base);
    for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
    return url;
  };
  const headers = (contentType: string) => ({
    authorization: `Bearer ${options.key}`,
    'content-type': contentType,
    accept: 'application/json',
  });

  /** The answer's body read by the schema of its status, or a refusal. */
  async function read<T>(
    response: Response,
    answers: Partial<Record<number, z.ZodMiniType>>,
  ): Promise<T> {
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      body = null;
    }
    if (!response.ok) {
      const error = z.safeParse(errorBodySchema, body);
      const message = error.success
        ? error.data.message
        : `The portal answered ${String(response.status)} ${response.statusText}`.trim();
      throw new LabApiError(
        'refused',
        message,
        response.status,
        [],
        error.success ? (error.data.requestId ?? null) : null,
      );
    }
    const schema = answers[response.status];
    if (schema === undefined) {
      throw new LabApiError(
        'refused',
        `Unexpected answer ${String(response.status)}`,
        response.status,
      );
    }
    return z.parse(schema, body) as T;
  }

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      setTimeout(resolve, ms);
    });

  /** fetch, sent again after a network error, a 429 or a 5xx while retries last. */
  async function withRetries(
    url: URL,
    init: () => RequestInit,
    times: number,
    timeout: number | null = timeoutMs,
  ): Promise<Response> {
    for (let attempt = 0; ; attempt += 1) {
      let response: Response | null = null;
      let failure: unknown = null;
      try {
        response = await send(url, {
          ...init(),
          ...(timeout === null ? {} : { signal: AbortSignal.timeout(timeout) }),
        });
      } catch (error) {
        failure = error;
      }
      const retryable = response === null || response.status === 429 || response.status >= 500;
      if (!retryable || attempt >= times) {
        if (response !== null) return response;
        throw new LabApiError(
          'unreachable',
          `The portal at ${base.origin} did not answer`,
          null,
          [],
          null,
          { cause: failure },
        );
      }
      const retryAfter = Number(response?.headers.get('retry-after'));
      await response?.body?.cancel();
      await wait(
        Number.isFinite(retryAfter) && retryAfter > 0
          ? Math.min(retryAfter * 1000, RETRY_AFTER_MAX_MS)
          : retryDelayMs * 2 ** attempt,
      );
    }
  }

  return {
    async deliverReport(payload) {
      const route = labApi['POST /lab/reports'];
      const [method, path] = methodAndPath('POST /lab/reports');
      checked(route.body, payload, 'body');
      const body = JSON.stringify(payload);
      const response = await withRetries(
        urlOf(path),
        () => ({ method, headers: headers('application/json'), body }),
        retries,
      );
      return read<ReportReceipt>(response, route.response);
    },

    async attachRawFile({ individualOrderId, fileName, body }) {
      const route = labApi['POST /lab/raw-files'];
      const [method, path] = methodAndPath('POST /lab/raw-files');
      const query = { individualOrderId, fileName };
      checked(route.querystring, query, 'query');
      const contentType = fileName.endsWith('.gz') ? 'application/gzip' : 'text/plain';
      // Sent once, without a time limit: a whole genome takes long, and each sending is kept as
      // its own file.
      const response = await withRetries(
        urlOf(path, query),
        () => ({
          method,
          headers: headers(contentType),
          body,
          // Node's fetch sends a stream only half-duplex, and asks to be told so.
          ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
        }),
        0,
        null,
      );
      return read<RawFileAttached>(response, route.response);
    },

    async recordOrderEvent(orderId, event) {
      const route = labApi['POST /lab/orders/:id/events'];
      const [method, path] = methodAndPath('POST /lab/orders/:id/events');
      checked(route.params, { id: orderId }, 'params');
      checked(route.body, event, 'body');
      const body = JSON.stringify(event);
      // Not sent again by itself: a stage recorded twice is the lab's choice to make.
      const response = await withRetries(
        urlOf(path.replace(':id', encodeURIComponent(orderId))),
        () => ({ method, headers: headers('application/json'), body }),
        0,
      );
      return read<AdminOrder>(response, route.response);
    },
  };
}

export type { AdminOrder, OrderEventRequest, RawFileAttached, ReportPayload, ReportReceipt };
