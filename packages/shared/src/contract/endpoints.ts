/**
 * Every route of the API (ADR 053): its method and its path below the API's base address
 * (`/api`), once. `apps/server/src/endpoints.test.ts` compares the routes the server registers
 * with this list and fails on a difference; the web client's calls are typed by it (`ApiPath`),
 * so a path renamed here fails the type check wherever the old one is still called.
 *
 * Only names live here: each route's schemas are in its module's map under `contract/api/`,
 * keyed by these names. The web app imports this file's types alone, which cost no bytes,
 * while its schemas load with the page that needs them.
 */
export const endpoints = [
  'PATCH /accounts/:id/activate',
  'GET /admin/appointments',
  'GET /admin/audit',
  'GET /admin/audit.csv',
  'GET /admin/clinics',
  'POST /admin/clinics',
  'PUT /admin/clinics/:id',
  'GET /admin/counselors',
  'POST /admin/counselors',
  'PUT /admin/counselors/:id',
  'PUT /admin/counselors/:id/availability',
  'GET /admin/discount-codes',
  'POST /admin/discount-codes',
  'PATCH /admin/discount-codes/:code',
  'POST /admin/impersonation',
  'DELETE /admin/impersonation',
  'GET /admin/lab-keys',
  'POST /admin/lab-keys',
  'DELETE /admin/lab-keys/:id',
  'GET /admin/mail',
  'POST /admin/mail/:id/send-again',
  'GET /admin/orders',
  'GET /admin/orders.csv',
  'POST /admin/orders/:id/events',
  'POST /admin/orders/:id/refund',
  'PUT /admin/products/:code',
  'PUT /admin/risk-conditions/:code',
  'DELETE /admin/risk-conditions/:code',
  'GET /admin/sensitive-rules',
  'POST /admin/sensitive-rules',
  'DELETE /admin/sensitive-rules/:id',
  'GET /admin/users',
  'PUT /admin/users/:id/data-portal',
  'GET /appointments',
  'POST /appointments',
  'POST /appointments/:id/cancel',
  'POST /appointments/:id/reschedule',
  'GET /appointments/slots',
  'GET /auth/callback/google',
  'GET /auth/google/start',
  'POST /auth/sign-in/email',
  'POST /auth/sign-up/email',
  'POST /checkout',
  'GET /checkout/:id',
  'POST /checkout/:id/cancel',
  'POST /checkout/:id/test-payment',
  'POST /checkout/:id/test-payment/confirm',
  'POST /checkout/quote',
  'GET /clinic-shares/:token',
  'GET /clinic-shares/:token/reports/:reportId',
  'GET /clinics',
  'GET /config',
  'GET /deliveries',
  'GET /demo/embryo-reports/:variant',
  'GET /documents/view/:token',
  'GET /health',
  'GET /health/live',
  'GET /health/ready',
  'GET /health-survey',
  'GET /health-survey/:variant/response',
  'PUT /health-survey/:variant/response',
  'GET /health-survey/:variant/response.json',
  'POST /health-survey/:variant/submit',
  'GET /health-survey/questionnaires/:variant',
  'GET /individual_reports/:id',
  'PATCH /individual_reports/:id/activate',
  'GET /invitations/:key',
  'POST /invitations/:key/accept',
  'GET /invitations/pending',
  'GET /journey',
  'GET /kits',
  'PUT /kits/:id/address',
  'GET /kits/:id/return-label',
  'POST /kits/lookup',
  'POST /lab/orders/:id/events',
  'POST /lab/raw-files',
  'POST /lab/reports',
  'GET /my-data',
  'GET /my-data/exports',
  'POST /my-data/exports',
  'DELETE /my-data/exports/:id',
  'GET /my-data/exports/:id/files/:name',
  'POST /my-data/exports/:id/files/:name/link',
  'GET /my-data/imports',
  'DELETE /my-data/imports/:id',
  'GET /my-data/jobs',
  'POST /my-data/uploads',
  'HEAD /my-data/uploads/:id',
  'PATCH /my-data/uploads/:id',
  'DELETE /my-data/uploads/:id',
  'GET /openapi.json',
  'GET /orders',
  'GET /orders/:id',
  'GET /partner',
  'POST /partner/:accountId/invitation',
  'POST /partner/:accountId/invitation/cancel',
  'POST /partner/:accountId/invitation/resend',
  'PUT /partner/:accountId/sharing',
  'GET /partner/individual-reports',
  'POST /payments/stripe/webhook',
  'GET /products',
  'GET /reports/:id',
  'POST /reports/:id/sensitive-release',
  'GET /risk-calculator/conditions',
  'POST /shipping/webhook',
  'GET /terms',
  'POST /terms/:document/accept',
  'GET /user',
  'POST /user/archive',
  'GET /user/clinic',
  'PUT /user/clinic',
  'DELETE /user/clinic',
  'PUT /user/clinic/sharing',
  'GET /user/deletion',
  'POST /user/deletion',
  'DELETE /user/deletion',
  'GET /user/documents',
  'POST /user/documents/:id/session',
  'GET /user/email',
  'POST /user/email/change',
  'POST /user/email/confirm',
  'GET /user/access-log',
  'GET /user/access-log.csv',
  'GET /user/me',
  'PATCH /user/me',
  'GET /user/password',
  'POST /user/password/change',
  'POST /user/password/reset',
  'GET /user/privacy',
  'PUT /user/research-consent',
  'GET /user/sessions',
  'DELETE /user/sessions/:id',
  'DELETE /user/sessions/others',
  'POST /user/sign-out',
  'POST /user/token',
] as const;

export type Endpoint = (typeof endpoints)[number];
export type ApiMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The path templates of one method: `ApiPathTemplate<'PUT'>` holds '/kits/:id/address'. */
export type ApiPathTemplate<M extends ApiMethod> = Endpoint extends infer E
  ? E extends `${M} ${infer P}`
    ? P
    : never
  : never;

/** '/kits/:id/address' as the paths that fill it: `/kits/${string}/address`. */
export type Filled<P extends string> = P extends `${infer Head}:${string}/${infer Rest}`
  ? `${Head}${string}/${Filled<Rest>}`
  : P extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : P;

/**
 * A path the web client may call with method M: a template of the list with its parameters
 * filled. A template string (`/orders/${encodeURIComponent(id)}`) passed where one is expected
 * is checked against it.
 */
export type ApiPath<M extends ApiMethod> = Filled<ApiPathTemplate<M>>;

/**
 * The templates of method M whose filled paths take path P: '/orders/${string}' is
 * '/orders/:id'. A path the list names as it is ('/invitations/pending') is that route, not
 * also the template it fills ('/invitations/:key').
 */
export type ApiPathTemplateOf<M extends ApiMethod, P extends string> =
  P extends ApiPathTemplate<M>
    ? P
    : ApiPathTemplate<M> extends infer T
      ? T extends string
        ? P extends Filled<T>
          ? T
          : never
        : never
      : never;
