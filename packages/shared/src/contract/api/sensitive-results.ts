import { errorAnswers, type ApiRoutes } from './routes.ts';
import {
  sensitiveRuleInputSchema,
  sensitiveRuleParamsSchema,
  sensitiveRuleSchema,
  sensitiveRulesAnswerSchema,
} from '../sensitive-results.ts';

const errors = errorAnswers(400, 401, 403, 404, 409);

/** The sensitive-results module's routes: each one's summary, parameters, query, body and answers (ADR 053). */
export const sensitiveResultsApi = {
  'DELETE /admin/sensitive-rules/:id': {
    summary:
      'Stops holding back the results of a condition or gene; answers the rules left (admins only; audited)',
    tags: ['admin'],
    params: sensitiveRuleParamsSchema,
    response: { 200: sensitiveRulesAnswerSchema, ...errors },
  },
  'GET /admin/sensitive-rules': {
    summary: 'The conditions and genes whose results are held back until released (admins only)',
    tags: ['admin'],
    response: { 200: sensitiveRulesAnswerSchema, ...errors },
  },
  'POST /admin/sensitive-rules': {
    summary:
      'Marks a condition (a disease code) or a gene (its symbol) as sensitive, with a note (admins only; audited)',
    tags: ['admin'],
    body: sensitiveRuleInputSchema,
    response: { 200: sensitiveRuleSchema, ...errors },
  },
} satisfies ApiRoutes;
