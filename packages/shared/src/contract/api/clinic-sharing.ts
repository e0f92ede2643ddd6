import { errorAnswers, type ApiRoutes } from './routes.ts';
import {
  clinicShareAnswerSchema,
  clinicShareParamsSchema,
  clinicShareReportParamsSchema,
  clinicSharingRequestSchema,
  myClinicAnswerSchema,
  myClinicQuerySchema,
  myClinicRequestSchema,
} from '../clinics.ts';

const errors = errorAnswers(400, 401, 403, 404, 409, 429);

/** The clinic-sharing module's routes: each one's summary, parameters, query, body and answers (ADR 053). */
export const clinicSharingApi = {
  'DELETE /user/clinic': {
    summary: 'Clears the person’s chosen clinic; sharing reports with it stops',
    tags: ['clinics'],
    response: { 200: myClinicAnswerSchema, ...errors },
  },
  'GET /clinic-shares/:token': {
    summary:
      'What a clinic sees behind the link a patient had mailed to it: the patient and the reports shared (no sign-in; 404 once expired or withdrawn; audited)',
    tags: ['clinics'],
    params: clinicShareParamsSchema,
    response: { 200: clinicShareAnswerSchema, ...errors },
  },
  'GET /clinic-shares/:token/reports/:reportId': {
    summary:
      'A shared report’s latest version as a PDF, without sensitive results not released by every reader (no sign-in; audited)',
    tags: ['clinics'],
    params: clinicShareReportParamsSchema,
    // No response schema: the answer is the PDF; errors are the usual body.
  },
  'GET /user/clinic': {
    summary:
      'The clinic the person chose as theirs, or null, and whether they share their reports with it; admins may pass asUser',
    tags: ['clinics'],
    querystring: myClinicQuerySchema,
    response: { 200: myClinicAnswerSchema, ...errors },
  },
  'PUT /user/clinic': {
    summary:
      'Marks an active clinic as the person’s own, replacing any earlier choice (sharing reports with another clinic stops); an inactive or unknown clinic answers 404',
    tags: ['clinics'],
    body: myClinicRequestSchema,
    response: { 200: myClinicAnswerSchema, ...errors },
  },
  'PUT /user/clinic/sharing': {
    summary:
      'Shares the person’s reports with their chosen clinic and mails the clinic a new link (earlier links stop working), or stops sharing and every link stops working; 409 without a chosen clinic that receives reports (audited)',
    tags: ['clinics'],
    body: clinicSharingRequestSchema,
    response: { 200: myClinicAnswerSchema, ...errors },
  },
} satisfies ApiRoutes;
