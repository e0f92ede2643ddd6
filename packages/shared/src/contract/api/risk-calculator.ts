import { errorAnswers, type ApiRoutes } from './routes.ts';
import {
  riskConditionParamsSchema,
  riskConditionSchema,
  riskConditionUpdateSchema,
  riskConditionsAnswerSchema,
  riskConditionsQuerySchema,
} from '../risk-calculator.ts';

const errors = errorAnswers(400, 401, 403, 404);

/** The risk-calculator module's routes: each one's summary, parameters, query, body and answers (ADR 053). */
export const riskCalculatorApi = {
  'DELETE /admin/risk-conditions/:code': {
    summary: 'Puts a condition back to its published values (admins only)',
    tags: ['admin'],
    params: riskConditionParamsSchema,
    response: { 200: riskConditionSchema, ...errors },
  },
  'GET /risk-calculator/conditions': {
    summary:
      "Every catalogue condition's prevalence, score r² and heritability, each with its source: the lab's value where staff set one, the published one else; changedBy is sent to admins only; admins may pass asUser",
    tags: ['risk-calculator'],
    querystring: riskConditionsQuerySchema,
    response: { 200: riskConditionsAnswerSchema, ...errors },
  },
  'PUT /admin/risk-conditions/:code': {
    summary:
      "Sets the lab's prevalence, r² and heritability of a condition (null: the published value) with a note saying where they come from; r² may not exceed the heritability (admins only)",
    tags: ['admin'],
    params: riskConditionParamsSchema,
    body: riskConditionUpdateSchema,
    response: { 200: riskConditionSchema, ...errors },
  },
} satisfies ApiRoutes;
