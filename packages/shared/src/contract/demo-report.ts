import * as z from 'zod/mini';

/*
 * The demo embryo reports (spec sections 2 and 8, ADR 009 'Demo reports'): sample data that
 * GET /demo/embryo-reports/{variant} answers in the shape of GET /reports/{id}, for accounts
 * with the demo flag and for lab staff.
 */

/**
 * `standard` the regular test, `grs` genetic risk scores only, `30x` a 30x genome, `5x` a
 * low-pass genome.
 */
export const demoReportVariantSchema = z.enum(['standard', 'grs', '30x', '5x']);
export type DemoReportVariant = z.infer<typeof demoReportVariantSchema>;

/** The web app's root of each demo. */
export const demoReportPaths: Record<DemoReportVariant, string> = {
  standard: '/demo/embryo-reports',
  grs: '/demo/grs-embryo-reports',
  '30x': '/demo/30x-embryo-reports',
  '5x': '/demo/5x-embryo-reports',
};

/** Any text: an unknown variant is 404 (Demo report not found), not a 400. */
export const demoReportParamsSchema = z.object({ variant: z.string().check(z.minLength(1)) });

/** The 403 for an account without the demo flag; spec section 8 keys on the word 'demo'. */
export const DEMO_REPORTS_DEMO_ACCOUNTS_ONLY = 'Demo reports are open to demo accounts only';
export const DEMO_REPORT_NOT_FOUND = 'Demo report not found';
/** Every demo report's sign-off: it must never pass for a real patient's. */
export const DEMO_REPORT_SIGNED_OFF_BY = 'Sample data, not a real patient';
