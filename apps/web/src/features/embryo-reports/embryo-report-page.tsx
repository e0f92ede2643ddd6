import { PlannedPage } from '../../ui/planned-page.tsx';

/** The six embryo-report roots of spec section 2. */
export type EmbryoReportKind = 'standard' | 'ruo' | 'demo' | 'demo-grs' | 'demo-30x' | 'demo-5x';
/** The views under each root: the report, overview, one embryo, platinum, platinum overview. */
export type EmbryoReportView = 'report' | 'overview' | 'embryo' | 'platinum' | 'platinum-overview';

const KIND_TITLES: Record<EmbryoReportKind, string> = {
  standard: 'Embryo report',
  ruo: 'Embryo report (research use only)',
  demo: 'Demo embryo report',
  'demo-grs': 'Demo GRS embryo report',
  'demo-30x': 'Demo 30x embryo report',
  'demo-5x': 'Demo 5x embryo report',
};

export function embryoReportTitle(
  kind: EmbryoReportKind,
  view: EmbryoReportView,
  embryo?: string,
): string {
  const base = KIND_TITLES[kind];
  switch (view) {
    case 'report':
      return base;
    case 'overview':
      return `${base}: overview`;
    case 'embryo':
      return `${base}: embryo ${embryo ?? ''}`.trimEnd();
    case 'platinum':
      return `${base}: Platinum`;
    case 'platinum-overview':
      return `${base}: Platinum overview`;
  }
}

const VIEW_PURPOSES: Record<EmbryoReportView, string> = {
  report: 'The screening results for your embryos, as delivered by the lab.',
  overview: 'A summary of the screening results across all of your embryos.',
  embryo: 'The screening results for this embryo.',
  platinum: 'The Platinum screening results for your embryos.',
  'platinum-overview': 'A summary of the Platinum screening results across all of your embryos.',
};

const DEMO_SUBJECTS: Record<EmbryoReportView, string> = {
  report: 'an embryo report',
  overview: 'the embryo report overview',
  embryo: 'the results for one embryo',
  platinum: 'a Platinum embryo report',
  'platinum-overview': 'the Platinum report overview',
};

function purpose(kind: EmbryoReportKind, view: EmbryoReportView): string {
  if (kind.startsWith('demo')) return `A demo of ${DEMO_SUBJECTS[view]}, with sample data.`;
  if (kind === 'ruo') return `${VIEW_PURPOSES[view]} These results are for research use only.`;
  return VIEW_PURPOSES[view];
}

export function EmbryoReportPage({
  kind,
  view,
  embryo,
}: {
  kind: EmbryoReportKind;
  view: EmbryoReportView;
  embryo?: string;
}) {
  return (
    <PlannedPage title={embryoReportTitle(kind, view, embryo)} purpose={purpose(kind, view)} />
  );
}
