import { errorAnswers, type ApiRoutes } from './routes.ts';
import { errorBodySchema } from '../error.ts';
import { rawFileAttachedSchema, rawGenomeQuerySchema } from '../my-data.ts';
import {
  adminOrderSchema,
  orderEventRequestSchema,
  purchaseOrderParamsSchema,
} from '../order-tracker.ts';
import { reportPayloadSchema, reportReceiptSchema } from '../report.ts';

/** The refusals every lab route may answer: a bad field, no key or a bad one, too many tries. */
const refusals = errorAnswers(400, 401, 403, 429);

/**
 * The lab API: the routes a lab's pipeline calls with a lab API key. Labs call them through
 * the typed client built from this file (`packages/lab-client`).
 */
export const labApi = {
  'POST /lab/orders/:id/events': {
    summary:
      "The lab's pipeline moves the tracker (lab API key as Bearer), with the rules of the staff's call; the id is the order's id, its number (NS-10001) or one of its kit ids",
    tags: ['lab'],
    params: purchaseOrderParamsSchema,
    body: orderEventRequestSchema,
    response: { 200: adminOrderSchema, ...refusals, 404: errorBodySchema, 409: errorBodySchema },
  },
  'POST /lab/raw-files': {
    summary:
      'A lab attaches a raw genome file (VCF, plain or gzip/bgzip, up to 20 GiB) to a person’s individual order (lab API key as Bearer); the body is the file. The person downloads it from /my-data/exports. 201 with its size and SHA-256',
    tags: ['lab'],
    querystring: rawGenomeQuerySchema,
    response: { 201: rawFileAttachedSchema, ...refusals, 404: errorBodySchema },
  },
  /**
   * One version of a report. 201 when stored, 200 when the same version was stored before (so a
   * delivery may be sent again safely), 409 for a different payload under a stored version.
   */
  'POST /lab/reports': {
    summary:
      'A lab delivers one version of a report (lab API key as Bearer). 201 when stored, 200 when the same version was stored before',
    tags: ['lab'],
    body: reportPayloadSchema,
    response: {
      200: reportReceiptSchema,
      201: reportReceiptSchema,
      ...refusals,
      404: errorBodySchema,
      409: errorBodySchema,
    },
  },
} satisfies ApiRoutes;
