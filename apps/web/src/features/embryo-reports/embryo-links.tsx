import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import type { DemoReportPaths, PatientReportPaths } from './embryo-report-kind.ts';

/** Which report and version the links between a patient's report pages keep. */
export interface EmbryoReportSearch {
  readonly report?: string | undefined;
  readonly version?: number | undefined;
}

/**
 * Where a report's pages are. A patient's report keeps its id and version in every link; a demo
 * has one report per root and takes no search.
 */
export type EmbryoReportLinks =
  | {
      readonly demo: false;
      readonly paths: PatientReportPaths;
      readonly search: EmbryoReportSearch;
    }
  | { readonly demo: true; readonly paths: DemoReportPaths };

export type EmbryoReportLinkView = 'report' | 'overview' | 'platinum' | 'compare';

/**
 * A link to another page of the same report. With `className`, a plain router link styled by
 * that class (the report's page tabs) rather than Mantine's Anchor.
 */
export function ReportPageLink({
  links,
  view,
  className,
  children,
}: {
  links: EmbryoReportLinks;
  view: EmbryoReportLinkView;
  className?: string;
  children: ReactNode;
}) {
  // Marked as the current page only on that page itself, not on the pages under it.
  const activeOptions = { exact: true, includeSearch: false };
  if (className !== undefined) {
    return links.demo ? (
      <Link to={links.paths[view]} activeOptions={activeOptions} className={className}>
        {children}
      </Link>
    ) : (
      <Link
        to={links.paths[view]}
        search={links.search}
        activeOptions={activeOptions}
        className={className}
      >
        {children}
      </Link>
    );
  }
  return links.demo ? (
    <AnchorLink to={links.paths[view]} activeOptions={activeOptions}>
      {children}
    </AnchorLink>
  ) : (
    <AnchorLink to={links.paths[view]} search={links.search} activeOptions={activeOptions}>
      {children}
    </AnchorLink>
  );
}

/**
 * A link to one embryo's page; `position` is its 1-based place in the lab's list. With
 * `className`, a plain router link styled by that class rather than Mantine's Anchor: for the
 * comparison, where a link in every row made Anchor's styling a noticeable share of the render.
 */
export function EmbryoPageLink({
  links,
  position,
  className,
  children,
}: {
  links: EmbryoReportLinks;
  position: number;
  className?: string;
  children: ReactNode;
}) {
  const params = { x: String(position) };
  if (className !== undefined) {
    return links.demo ? (
      <Link to={links.paths.embryo} params={params} preload="intent" className={className}>
        {children}
      </Link>
    ) : (
      <Link
        to={links.paths.embryo}
        params={params}
        search={links.search}
        preload="intent"
        className={className}
      >
        {children}
      </Link>
    );
  }
  return links.demo ? (
    <AnchorLink to={links.paths.embryo} params={params}>
      {children}
    </AnchorLink>
  ) : (
    <AnchorLink to={links.paths.embryo} params={params} search={links.search}>
      {children}
    </AnchorLink>
  );
}
