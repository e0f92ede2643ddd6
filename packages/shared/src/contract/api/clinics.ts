import { errorAnswers, type ApiRoutes } from './routes.ts';
import {
  adminClinicSchema,
  adminClinicsAnswerSchema,
  clinicInputSchema,
  clinicParamsSchema,
  clinicSearchAnswerSchema,
  clinicSearchQuerySchema,
} from '../clinics.ts';

const errors = errorAnswers(400, 401, 403, 404);

/** The clinics module's routes: each one's summary, parameters, query, body and answers (ADR 053). */
export const clinicsApi = {
  'GET /admin/clinics': {
    summary: 'Every clinic of the directory, active or not, by name (admins only)',
    tags: ['admin'],
    response: { 200: adminClinicsAnswerSchema, ...errors },
  },
  'GET /clinics': {
    summary:
      'Active partner clinics: a 5-digit ZIP orders them by great-circle miles from its center, nearest first; other text matches name, city or state, by name; no query lists all, nearest to the ZIP of the person’s shipping address when known. Admins may pass asUser',
    tags: ['clinics'],
    querystring: clinicSearchQuerySchema,
    response: { 200: clinicSearchAnswerSchema, ...errors },
  },
  'POST /admin/clinics': {
    summary:
      'Adds a clinic; without latitude and longitude it is placed at its ZIP’s center, and a ZIP not known answers 400 (admins only; audited)',
    tags: ['admin'],
    body: clinicInputSchema,
    response: { 200: adminClinicSchema, ...errors },
  },
  'PUT /admin/clinics/:id': {
    summary:
      'Changes a clinic; an inactive one is no longer listed nor can be chosen, earlier choices stay (admins only; audited)',
    tags: ['admin'],
    params: clinicParamsSchema,
    body: clinicInputSchema,
    response: { 200: adminClinicSchema, ...errors },
  },
} satisfies ApiRoutes;
