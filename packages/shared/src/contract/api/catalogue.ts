import { errorAnswers, type ApiRoutes } from './routes.ts';
import { errorBodySchema } from '../error.ts';
import {
  discountCodeCreateSchema,
  discountCodeParamsSchema,
  discountCodeSchema,
  discountCodeUpdateSchema,
  discountCodesAnswerSchema,
  productParamsSchema,
  productSchema,
  productUpdateSchema,
  productsAnswerSchema,
} from '../purchase.ts';

const errors = errorAnswers(400, 401, 403, 404);

/** The catalogue module's routes: each one's summary, parameters, query, body and answers (ADR 053). */
export const catalogueApi = {
  'GET /admin/discount-codes': {
    summary: 'The discount codes, newest first (admins only)',
    tags: ['admin'],
    response: { 200: discountCodesAnswerSchema, ...errors },
  },
  'GET /products': {
    summary: 'The products on sale, with their prices (no sign-in: prices are public)',
    tags: ['purchase'],
    response: { 200: productsAnswerSchema },
  },
  'PATCH /admin/discount-codes/:code': {
    summary: 'Switches a discount code on or off (admins only)',
    tags: ['admin'],
    params: discountCodeParamsSchema,
    body: discountCodeUpdateSchema,
    response: { 200: discountCodeSchema, ...errors },
  },
  'POST /admin/discount-codes': {
    summary: 'Creates a discount code: a percentage or an amount off (admins only)',
    tags: ['admin'],
    body: discountCodeCreateSchema,
    response: { 201: discountCodeSchema, ...errors, 409: errorBodySchema },
  },
  'PUT /admin/products/:code': {
    summary: "Changes a product's price and texts; past orders keep theirs (admins only)",
    tags: ['admin'],
    params: productParamsSchema,
    body: productUpdateSchema,
    response: { 200: productSchema, ...errors },
  },
} satisfies ApiRoutes;
