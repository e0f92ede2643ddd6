/**
 * Every page route of spec section 2, with sample values for parameters. The server test
 * checks each returns the web app; the e2e suite visits them. `$x`-style parameters are
 * written with a sample value.
 */
const embryoReportSubpaths = ['overview', 'embryos/1', 'platinum', 'platinum/overview'];

/** Embryo report roots; each also has the subpaths above. */
export const embryoReportRoots = [
  '/embryo-reports',
  '/ruo-embryo-reports',
  '/demo/embryo-reports',
  '/demo/grs-embryo-reports',
  '/demo/30x-embryo-reports',
  '/demo/5x-embryo-reports',
] as const;

/** Paths that get the demo treatment of a 403 (spec section 8). */
export function isDemoPath(pathname: string): boolean {
  return pathname === '/demo' || pathname.startsWith('/demo/');
}

export const portalRoutes: readonly string[] = [
  // Entry and account
  '/',
  '/signin',
  '/signin/google-done',
  '/signup',
  '/signup/step-1',
  '/verify-email',
  '/reset-password',
  '/account-settings',
  '/403',
  '/demo-redirect',
  // Lab staff
  '/admin',
  '/terms',
  '/privacy',
  // Surveys and terms
  '/health-survey',
  '/review-terms',
  '/saliva/health-survey/mother',
  '/saliva/health-survey/father',
  '/pgt/health-survey/mother',
  '/pgt/health-survey/father',
  // Test flows
  '/saliva',
  '/pgt',
  '/results',
  '/step-1',
  '/step-2',
  // Partner
  '/support-partner',
  '/registered-partner',
  '/partner',
  '/father',
  '/mother',
  '/invite/accept/abc123',
  '/saliva/invite/accept/abc123',
  // Activation and purchase
  '/activate',
  '/activation',
  '/purchase',
  '/purchase-30x',
  '/individual-purchase',
  '/individual-purchase-30x',
  '/purchased',
  '/payment-successful',
  '/order',
  // Logistics
  '/clinics',
  '/delivery',
  '/return-shipping',
  '/schedule-appointment',
  // Reports
  '/reports',
  '/reports/joint',
  '/reports/individual',
  '/reports/embryos',
  '/reports/embryo',
  '/individual',
  '/joint',
  '/embryos',
  '/couple-reports',
  '/compare-embryos',
  '/individual-reports',
  ...embryoReportRoots.flatMap((root) => [
    root,
    ...embryoReportSubpaths.map((sub) => `${root}/${sub}`),
  ]),
  // Data
  '/my-data',
  '/my-data/imports',
  '/my-data/new-import',
  '/my-data/exports',
  // Tools and resources
  '/risk-calculator',
  '/resources',
  '/resources/what-you-will-learn-from-your-report',
  '/resources/embryo-screening-guide',
];

/**
 * Pages anyone may open, signed in or not (the rest pass the access gate of spec section 4):
 * signing in and up, the landings of mailed links, the legal pages and the error pages.
 * /signup/step-1 is not one: it needs a confirmed, signed-in user.
 */
export const publicRoutes: readonly string[] = [
  '/signin',
  '/signin/google-done',
  '/signup',
  '/verify-email',
  '/reset-password',
  '/terms',
  '/privacy',
  '/403',
  '/demo-redirect',
];

/** Whether a pathname is one of the public pages (a trailing slash makes no difference). */
export function isPublicPath(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // A partner's invitation link: it shows who invited them before they sign in or up.
  if (/^\/(saliva\/)?invite\/accept\/[^/]+$/.test(trimmed)) return true;
  // The link a patient has mailed to their clinic (ADR 026): the clinic has no account.
  if (/^\/clinic-share\/[^/]+$/.test(trimmed)) return true;
  return publicRoutes.includes(trimmed);
}
