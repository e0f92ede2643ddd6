import * as z from 'zod/mini';
import type { ApiPathTemplate } from './endpoints.ts';
import { errorBodySchema } from './error.ts';
import { rawGenomeQuerySchema } from './my-data.ts';
import {
  adminOrderSchema,
  orderEventRequestSchema,
  purchaseOrderParamsSchema,
} from './order-tracker.ts';
import { reportPayloadSchema, reportReceiptSchema } from './report.ts';

/*
 * The lab API, whole (ADR 053): each route a lab's pipeline calls with its method, path,
 * parameters, query, body and answers, in one place. The server registers these routes from
 * this map, and the lab client (`packages/lab-client`) calls them through it, so the two cannot
 * drift apart. Every path is one the endpoint map names (`path` is typed by it).
 */

/** 201 from POST /lab/raw-files: the stored file's size and SHA-256, to check against the lab's. */
export const rawFileAttachedSchema = z.object({
  id: z.string(),
  size: z.number(),
  sha256: z.string(),
});
export type RawFileAttached = z.infer<typeof rawFileAttachedSchema>;

/** The refusals every lab route may answer: a bad field, no key or a bad one, too many tries. */
const refusals = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  429: errorBodySchema,
} as const;

/** One route of the lab API; `answers` by status, the refusals with the API's error body. */
interface LabRoute {
  method: 'POST';
  path: ApiPathTemplate<'POST'>;
  summary: string;
  params?: z.ZodMiniType;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  answers: Record<number, z.ZodMiniType>;
}

export const labApi = {
  /**
   * One version of a report. 201 when stored, 200 when the same version was stored before (so a
   * delivery may be sent again safely), 409 for a different payload under a stored version.
   */
  deliverReport: {
    method: 'POST',
    path: '/lab/reports',
    summary:
      'A lab delivers one version of a report (lab API key as Bearer). 201 when stored, 200 when the same version was stored before',
    body: reportPayloadSchema,
    answers: {
      200: reportReceiptSchema,
      201: reportReceiptSchema,
      ...refusals,
      404: errorBodySchema,
      409: errorBodySchema,
    },
  },
  /** A raw genome file (VCF, plain or gzip) for a person's individual order; the body is the file. */
  attachRawFile: {
    method: 'POST',
    path: '/lab/raw-files',
    summary:
      'A lab attaches a raw genome file (VCF, plain or gzip/bgzip, up to 20 GiB) to a person’s individual order (lab API key as Bearer); the body is the file. The person downloads it from /my-data/exports. 201 with its size and SHA-256',
    query: rawGenomeQuerySchema,
    answers: { 201: rawFileAttachedSchema, ...refusals, 404: errorBodySchema },
  },
  /** Moves an order's tracker, with the rules of the staff's call. */
  recordOrderEvent: {
    method: 'POST',
    path: '/lab/orders/:id/events',
    summary:
      "The lab's pipeline moves the tracker (lab API key as Bearer), with the rules of the staff's call; the id is the order's id, its number (NS-10001) or one of its kit ids",
    params: purchaseOrderParamsSchema,
    body: orderEventRequestSchema,
    answers: { 200: adminOrderSchema, ...refusals, 404: errorBodySchema, 409: errorBodySchema },
  },
} as const satisfies Record<string, LabRoute>;

export type LabApi = typeof labApi;
