/*
 * Every route of the API with its schemas (ADR 053), one map per server module, each beside
 * the module's shapes in the contract. The server registers each route with its entry here;
 * `apps/server/src/endpoints.test.ts` checks that every route of the endpoint list has one and
 * that the server registers that very entry. The web app does not import this file: its calls
 * are typed by the endpoint list alone, and its schemas load with the pages that need them.
 */
import type { ApiRoutes } from './routes.ts';
import { accountApi } from './account.ts';
import { activationApi } from './activation.ts';
import { adminApi } from './admin.ts';
import { appointmentsApi } from './appointments.ts';
import { archiveApi } from './archive.ts';
import { authApi } from './auth.ts';
import { catalogueApi } from './catalogue.ts';
import { checkoutApi } from './checkout.ts';
import { clinicSharingApi } from './clinic-sharing.ts';
import { clinicsApi } from './clinics.ts';
import { configApi } from './config.ts';
import { dataRightsApi } from './data-rights.ts';
import { demoReportsApi } from './demo-reports.ts';
import { documentsApi } from './documents.ts';
import { exportsApi } from './exports.ts';
import { healthSurveyApi } from './health-survey.ts';
import { healthApi } from './health.ts';
import { importsApi } from './imports.ts';
import { jobsApi } from './jobs.ts';
import { journeyApi } from './journey.ts';
import { kitsApi } from './kits.ts';
import { labKeysApi } from './lab-keys.ts';
import { labApi } from './lab.ts';
import { mailApi } from './mail.ts';
import { partnerApi } from './partner.ts';
import { purchaseOrdersApi } from './purchase-orders.ts';
import { reportsApi } from './reports.ts';
import { riskCalculatorApi } from './risk-calculator.ts';
import { sensitiveResultsApi } from './sensitive-results.ts';
import { shippingApi } from './shipping.ts';
import { stripeApi } from './stripe.ts';
import { termsApi } from './terms.ts';

/** Each module's map, to check that no route is in two. */
export const apiRouteMaps: readonly ApiRoutes[] = [
  accountApi,
  activationApi,
  adminApi,
  appointmentsApi,
  archiveApi,
  authApi,
  catalogueApi,
  checkoutApi,
  clinicSharingApi,
  clinicsApi,
  configApi,
  dataRightsApi,
  demoReportsApi,
  documentsApi,
  exportsApi,
  healthSurveyApi,
  healthApi,
  importsApi,
  jobsApi,
  journeyApi,
  kitsApi,
  labKeysApi,
  labApi,
  mailApi,
  partnerApi,
  purchaseOrdersApi,
  reportsApi,
  riskCalculatorApi,
  sensitiveResultsApi,
  shippingApi,
  stripeApi,
  termsApi,
];

export const apiRoutes = {
  ...accountApi,
  ...activationApi,
  ...adminApi,
  ...appointmentsApi,
  ...archiveApi,
  ...authApi,
  ...catalogueApi,
  ...checkoutApi,
  ...clinicSharingApi,
  ...clinicsApi,
  ...configApi,
  ...dataRightsApi,
  ...demoReportsApi,
  ...documentsApi,
  ...exportsApi,
  ...healthSurveyApi,
  ...healthApi,
  ...importsApi,
  ...jobsApi,
  ...journeyApi,
  ...kitsApi,
  ...labKeysApi,
  ...labApi,
  ...mailApi,
  ...partnerApi,
  ...purchaseOrdersApi,
  ...reportsApi,
  ...riskCalculatorApi,
  ...sensitiveResultsApi,
  ...shippingApi,
  ...stripeApi,
  ...termsApi,
} satisfies ApiRoutes;
