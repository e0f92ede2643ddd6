import { Stack, Text, Title } from '@mantine/core';
import type { EmbryoReport } from '@nestling/shared/contract/report';
import type { ReportAnswer } from '@nestling/shared/contract/report-view';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { ReportHeader, useCoupleReports, useReport, type ReportSource } from '../reports/index.ts';
import { DemoReportHeader } from './demo-report-header.tsx';
import { EmbryoComparison } from './embryo-comparison.tsx';
import { EmbryoDetail, embryoAtPosition } from './embryo-detail.tsx';
import type { EmbryoReportLinks } from './embryo-links.tsx';
import {
  DEMO_DESCRIPTIONS,
  demoVariant,
  EMBRYO_REPORT_PATHS,
  isDemoKind,
  type DemoKind,
  type EmbryoReportKind,
  type EmbryoReportView,
} from './embryo-report-kind.ts';
import { EmbryoOverview } from './embryo-overview.tsx';
import { embryoName } from './embryo-wording.ts';
import { NoEmbryoReport } from './no-embryo-report.tsx';
import { PageStatus } from '../../ui/page-status.tsx';
import { PlatinumView } from './platinum-view.tsx';
import { ReportPages } from './report-pages.tsx';
import { ReportSummary } from './report-summary.tsx';
import { useDemoReport } from './use-demo-report.ts';

interface PageProps {
  readonly view: EmbryoReportView;
  /** The embryo page's `$x`: the embryo's 1-based place in the lab's list, as typed. */
  readonly embryo?: string | undefined;
}

const VIEW_TITLES: Record<Exclude<EmbryoReportView, 'embryo'>, string> = {
  report: 'Embryo report',
  overview: 'Embryo overview',
  // Named for what they show: 'Platinum' read like a price tier. The paths keep it.
  platinum: 'Risk charts: polygenic risk',
  'platinum-overview': 'Risk charts overview: compare embryos',
  compare: 'Compare embryos',
};

const VIEW_LEADS: Record<EmbryoReportView, string> = {
  report: 'The screening results for each embryo, as the lab delivered them.',
  overview: 'Every embryo on one screen: priority, grade, sex, chromosomes and findings.',
  embryo: 'Everything the lab reported for this embryo.',
  platinum:
    'The risk charts are the detailed view of polygenic risk, the risk that comes from many small genetic differences together. For each condition: the range of risk your children could have, where each embryo sits on it, and where its genetic score falls in the population.',
  'platinum-overview':
    'The risk charts are the detailed view of polygenic risk. Here: every embryo against every condition, side by side.',
  compare: 'Every embryo against every condition, side by side.',
};

/** The heading while the report loads or when it cannot: the embryo is known by its place only. */
function pendingTitle({ view, embryo }: PageProps): string {
  return view === 'embryo' ? `Embryo report: embryo ${embryo ?? ''}`.trimEnd() : VIEW_TITLES[view];
}

function pageTitle(view: EmbryoReportView, content: EmbryoReport, embryo: string | undefined) {
  if (view !== 'embryo') return VIEW_TITLES[view];
  const found = embryoAtPosition(content, embryo);
  return found === undefined
    ? `No embryo ${embryo ?? ''} in this report`
    : embryoName(found.embryo.label);
}

function pageLead(
  kind: EmbryoReportKind,
  view: EmbryoReportView,
  content: EmbryoReport,
  embryo: string | undefined,
): string {
  const missingEmbryo = view === 'embryo' && embryoAtPosition(content, embryo) === undefined;
  const parts = missingEmbryo ? [] : [VIEW_LEADS[view]];
  if (isDemoKind(kind)) {
    parts.unshift(
      `Sample data: this demo shows ${DEMO_DESCRIPTIONS[kind]}, with made-up results for made-up embryos.`,
    );
  }
  if (content.test.researchUseOnly) {
    parts.push('This report is for research use only: it is not a diagnosis.');
  }
  return parts.join(' ');
}

/** Any view of a loaded embryo report: its header, lead, the links between views, the view. */
function EmbryoReportScreen({
  kind,
  view,
  embryo,
  answer,
  content,
  links,
  header,
}: PageProps & {
  kind: EmbryoReportKind;
  answer: ReportAnswer;
  content: EmbryoReport;
  links: EmbryoReportLinks;
  header: (title: string) => ReactNode;
}) {
  let body: ReactNode;
  switch (view) {
    case 'report':
      body = (
        <ReportSummary content={content} links={links} labReportId={answer.report.labReportId} />
      );
      break;
    case 'overview':
      body = <EmbryoOverview content={content} links={links} />;
      break;
    case 'embryo':
      body = <EmbryoDetail content={content} embryo={embryo} links={links} />;
      break;
    case 'platinum':
      body = <PlatinumView content={content} />;
      break;
    case 'platinum-overview':
    case 'compare':
      body = <EmbryoComparison report={content} links={links} />;
      break;
  }
  const lead = pageLead(kind, view, content, embryo);
  return (
    <Stack gap="lg">
      <Stack gap="sm">
        {header(pageTitle(view, content, embryo))}
        {lead !== '' && <Text size="lg">{lead}</Text>}
      </Stack>
      <ReportPages links={links} />
      {body}
    </Stack>
  );
}

function NotAnEmbryoReport() {
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1}>Embryo report</Title>
      <Text role="alert">
        This report is not an embryo report. Your reports are all listed on the reports page.
      </Text>
      <AnchorLink to="/reports">Back to your reports</AnchorLink>
    </Stack>
  );
}

/** A patient's report by its id, at `version` (the latest without it). */
function EmbryoReportById({
  kind,
  id,
  version,
  ...page
}: PageProps & { kind: 'standard' | 'ruo'; id: string; version: number | undefined }) {
  const navigate = useNavigate();
  const source: ReportSource = { by: 'report', id };
  const report = useReport(source, version);
  if (report.isPending || report.isError) {
    return (
      <PageStatus
        title={pendingTitle(page)}
        what="your embryo report"
        failure={
          report.isError
            ? {
                error: report.error,
                retry: () => {
                  void report.refetch();
                },
              }
            : undefined
        }
      />
    );
  }
  const { content } = report.data.report;
  if (content.kind !== 'embryo') return <NotAnEmbryoReport />;
  return (
    <EmbryoReportScreen
      {...page}
      kind={kind}
      answer={report.data}
      content={content}
      links={{ demo: false, paths: EMBRYO_REPORT_PATHS[kind], search: { report: id, version } }}
      header={(title) => (
        <ReportHeader
          title={title}
          answer={report.data}
          source={source}
          onVersionChange={(chosen) => {
            void navigate({
              to: '.',
              search: (previous) => ({ ...previous, version: chosen }),
            });
          }}
        />
      )}
    />
  );
}

/** No `report` in the address: the preferred account's newest embryo report. */
function NewestEmbryoReport(props: PageProps & { kind: 'standard' | 'ruo'; version?: number }) {
  const couple = useCoupleReports();
  if (couple.isPending || couple.isError) {
    return (
      <PageStatus
        title={pendingTitle(props)}
        what="your embryo report"
        failure={
          couple.isError
            ? {
                error: couple.error,
                retry: () => {
                  void couple.refetch();
                },
              }
            : undefined
        }
      />
    );
  }
  const newest = couple.data?.account?.embryoReports?.[0];
  if (newest === undefined) {
    const elsewhere = (couple.data?.accounts ?? []).some(
      (account) => (account.embryoReports?.length ?? 0) > 0,
    );
    return <NoEmbryoReport title="Embryo report" onOtherAccount={elsewhere} />;
  }
  return <EmbryoReportById {...props} id={newest.id} version={props.version} />;
}

function PatientEmbryoReport(props: PageProps & { kind: 'standard' | 'ruo' }) {
  const search = useSearch({ strict: false });
  // Every route under these roots checks ?version= as a number; others may type it otherwise.
  const version = typeof search.version === 'number' ? search.version : undefined;
  if (search.report !== undefined) {
    return <EmbryoReportById {...props} id={search.report} version={version} />;
  }
  return <NewestEmbryoReport {...props} version={version} />;
}

/** A demo's sample report (spec section 2); a 403 sends the visitor to /demo-redirect. */
function DemoEmbryoReport({ kind, ...page }: PageProps & { kind: DemoKind }) {
  const demo = useDemoReport(demoVariant(kind));
  if (demo.isPending || demo.isError) {
    return (
      <PageStatus
        title={pendingTitle(page)}
        what="the demo report"
        failure={
          demo.isError
            ? {
                error: demo.error,
                retry: () => {
                  void demo.refetch();
                },
              }
            : undefined
        }
      />
    );
  }
  const { content } = demo.data.report;
  if (content.kind !== 'embryo') return <NotAnEmbryoReport />;
  return (
    <EmbryoReportScreen
      {...page}
      kind={kind}
      answer={demo.data}
      content={content}
      links={{ demo: true, paths: EMBRYO_REPORT_PATHS[kind] }}
      header={(title) => <DemoReportHeader title={title} answer={demo.data} />}
    />
  );
}

/**
 * Every embryo report page (spec section 2): /reports/embryo, /embryo-reports,
 * /ruo-embryo-reports, /compare-embryos and the four demos, each view under each root.
 */
export function EmbryoReportPage({
  kind,
  ...page
}: PageProps & {
  kind: EmbryoReportKind;
}) {
  return isDemoKind(kind) ? (
    <DemoEmbryoReport {...page} kind={kind} />
  ) : (
    <PatientEmbryoReport {...page} kind={kind} />
  );
}
