import type { DemoReportVariant } from '@nestling/shared/contract/demo-report';

/** The six embryo-report roots of spec section 2: the patient's own, research use, four demos. */
export type EmbryoReportKind = 'standard' | 'ruo' | 'demo' | 'demo-grs' | 'demo-30x' | 'demo-5x';

/**
 * The pages under each root: the report, the overview, one embryo, Platinum and its overview
 * (the comparison), and /compare-embryos (the comparison on its own).
 */
export type EmbryoReportView =
  'report' | 'overview' | 'embryo' | 'platinum' | 'platinum-overview' | 'compare';

/** Which sample GET /demo/embryo-reports/{variant} serves to each demo root. */
const DEMO_VARIANTS = {
  demo: 'standard',
  'demo-grs': 'grs',
  'demo-30x': '30x',
  'demo-5x': '5x',
} as const satisfies Partial<Record<EmbryoReportKind, DemoReportVariant>>;

export type DemoKind = keyof typeof DEMO_VARIANTS;

export function isDemoKind(kind: EmbryoReportKind): kind is DemoKind {
  return Object.hasOwn(DEMO_VARIANTS, kind);
}

export function demoVariant(kind: DemoKind): DemoReportVariant {
  return DEMO_VARIANTS[kind];
}

/** What each demo shows, for its lead sentence. */
export const DEMO_DESCRIPTIONS: Record<DemoKind, string> = {
  demo: 'the standard embryo screening',
  'demo-grs': 'genetic risk scores only, without single-gene screening',
  'demo-30x': 'embryo screening with a 30x whole genome',
  'demo-5x': 'embryo screening with a low-pass (5x) genome',
};

/**
 * The pages of each root, for links between them. Typed as the router's own paths, so a renamed
 * route fails the type check rather than a link.
 */
export const EMBRYO_REPORT_PATHS = {
  standard: {
    report: '/embryo-reports',
    overview: '/embryo-reports/overview',
    embryo: '/embryo-reports/embryos/$x',
    platinum: '/embryo-reports/platinum',
    compare: '/compare-embryos',
  },
  ruo: {
    report: '/ruo-embryo-reports',
    overview: '/ruo-embryo-reports/overview',
    embryo: '/ruo-embryo-reports/embryos/$x',
    platinum: '/ruo-embryo-reports/platinum',
    compare: '/ruo-embryo-reports/platinum/overview',
  },
  demo: {
    report: '/demo/embryo-reports',
    overview: '/demo/embryo-reports/overview',
    embryo: '/demo/embryo-reports/embryos/$x',
    platinum: '/demo/embryo-reports/platinum',
    compare: '/demo/embryo-reports/platinum/overview',
  },
  'demo-grs': {
    report: '/demo/grs-embryo-reports',
    overview: '/demo/grs-embryo-reports/overview',
    embryo: '/demo/grs-embryo-reports/embryos/$x',
    platinum: '/demo/grs-embryo-reports/platinum',
    compare: '/demo/grs-embryo-reports/platinum/overview',
  },
  'demo-30x': {
    report: '/demo/30x-embryo-reports',
    overview: '/demo/30x-embryo-reports/overview',
    embryo: '/demo/30x-embryo-reports/embryos/$x',
    platinum: '/demo/30x-embryo-reports/platinum',
    compare: '/demo/30x-embryo-reports/platinum/overview',
  },
  'demo-5x': {
    report: '/demo/5x-embryo-reports',
    overview: '/demo/5x-embryo-reports/overview',
    embryo: '/demo/5x-embryo-reports/embryos/$x',
    platinum: '/demo/5x-embryo-reports/platinum',
    compare: '/demo/5x-embryo-reports/platinum/overview',
  },
} as const;

export type PatientReportPaths = (typeof EMBRYO_REPORT_PATHS)['standard' | 'ruo'];
export type DemoReportPaths = (typeof EMBRYO_REPORT_PATHS)[DemoKind];
