import {
  diseaseReportedSex,
  getDisease,
  type ReportedSex,
} from '@nestling/shared/catalogue/diseases';
import type { DiseaseResult, Embryo, EmbryoReport } from '@nestling/shared/contract/report';
import { heldBackConditions } from '@nestling/shared/risk/reportable';
import { embryoName, hasChromosomeFinding, hasMonogenicFinding } from './embryo-wording.ts';

/*
 * The embryo comparison's rules, apart from its table so they can be tested on their own:
 * which embryos show, in which order, and what the page says about the ones it hides.
 */

export type ComparisonSortKey =
  { readonly by: 'priority' } | { readonly by: 'risk'; readonly code: string };

export type SortDirection = 'ascending' | 'descending';

export interface ComparisonSort {
  readonly key: ComparisonSortKey;
  readonly direction: SortDirection;
}

export const PRIORITY_SORT: ComparisonSort = { key: { by: 'priority' }, direction: 'ascending' };

export interface ComparisonFilters {
  readonly hideChromosomeFindings: boolean;
  readonly hideMonogenicFindings: boolean;
}

export const NO_FILTERS: ComparisonFilters = {
  hideChromosomeFindings: false,
  hideMonogenicFindings: false,
};

export type HiddenReason = 'chromosome' | 'monogenic';

export interface ComparisonRow {
  readonly embryo: Embryo;
  /** 1-based place in the lab's list: the embryo page's address. */
  readonly position: number;
  readonly results: ReadonlyMap<string, DiseaseResult>;
}

export interface HiddenRow {
  readonly row: ComparisonRow;
  readonly reasons: readonly HiddenReason[];
}

export interface Comparison {
  /** The embryos shown, in the chosen order. */
  readonly rows: readonly ComparisonRow[];
  /** The embryos the filters hide, in priority order. */
  readonly hidden: readonly HiddenRow[];
}

/**
 * A disease column: the report's order, the catalogue's name, the population's average, the
 * sex it is reported for when it is sex-specific, and whether its score is too weak to report
 * (ADR 030): such a column shows no number and is not offered as a sort.
 */
export interface ComparisonDisease {
  readonly code: string;
  readonly name: string;
  readonly populationRisk: number;
  readonly reportedSex: ReportedSex | undefined;
  readonly heldBack: boolean;
}

export function comparisonDiseases(report: EmbryoReport): ComparisonDisease[] {
  const heldBack = heldBackConditions(report);
  return report.childRisk.map((range) => ({
    code: range.code,
    name: getDisease(range.code).name,
    populationRisk: range.populationRisk,
    reportedSex: diseaseReportedSex(range.code),
    heldBack: heldBack.has(range.code),
  }));
}

/** The select's value for a sort key: 'priority' or 'risk:<code>'. */
export function sortKeyValue(key: ComparisonSortKey): string {
  return key.by === 'priority' ? 'priority' : `risk:${key.code}`;
}

export function parseSortKey(value: string): ComparisonSortKey {
  return value.startsWith('risk:') ? { by: 'risk', code: value.slice(5) } : { by: 'priority' };
}

export function sameSortKey(a: ComparisonSortKey, b: ComparisonSortKey): boolean {
  return sortKeyValue(a) === sortKeyValue(b);
}

function hiddenReasons(embryo: Embryo, filters: ComparisonFilters): HiddenReason[] {
  const reasons: HiddenReason[] = [];
  if (filters.hideChromosomeFindings && hasChromosomeFinding(embryo)) reasons.push('chromosome');
  if (filters.hideMonogenicFindings && hasMonogenicFinding(embryo)) reasons.push('monogenic');
  return reasons;
}

/**
 * The embryos to show, sorted, and those hidden. Sorting by a disease orders by absolute
 * lifetime risk (lowest first when ascending); equal risks, and embryos without a result for
 * it, keep the lab's priority order, the latter last. A disease whose score is not accurate
 * enough ranks nothing: the lab's priority order stands.
 */
export function compareEmbryos(
  report: EmbryoReport,
  sort: ComparisonSort,
  filters: ComparisonFilters,
): Comparison {
  const all: ComparisonRow[] = report.embryos.map((embryo, index) => ({
    embryo,
    position: index + 1,
    results: new Map(embryo.diseases.map((result) => [result.code, result])),
  }));
  const byPriority = (a: ComparisonRow, b: ComparisonRow) => a.embryo.priority - b.embryo.priority;
  all.sort(byPriority);

  const rows: ComparisonRow[] = [];
  const hidden: HiddenRow[] = [];
  for (const row of all) {
    const reasons = hiddenReasons(row.embryo, filters);
    if (reasons.length === 0) rows.push(row);
    else hidden.push({ row, reasons });
  }

  const sign = sort.direction === 'ascending' ? 1 : -1;
  const { key } = sort;
  if (key.by === 'priority' || heldBackConditions(report).has(key.code)) {
    rows.sort((a, b) => sign * byPriority(a, b));
  } else {
    const riskOf = (row: ComparisonRow) => row.results.get(key.code)?.absoluteRisk;
    rows.sort((a, b) => {
      const riskA = riskOf(a);
      const riskB = riskOf(b);
      if (riskA === undefined || riskB === undefined) {
        if (riskA === riskB) return byPriority(a, b);
        return riskA === undefined ? 1 : -1;
      }
      return sign * (riskA - riskB) || byPriority(a, b);
    });
  }
  return { rows, hidden };
}

const REASON_TEXT: Record<HiddenReason, string> = {
  chromosome: 'a chromosome finding',
  monogenic: 'a monogenic finding',
};

/**
 * What the filters left out, said plainly: 'Showing 4 of 6 embryos. 2 hidden: Embryo E4 (a
 * monogenic finding), Embryo E6 (a chromosome finding).'
 */
export function hiddenSummary(comparison: Comparison): string {
  const shown = comparison.rows.length;
  const total = shown + comparison.hidden.length;
  if (comparison.hidden.length === 0) {
    return `Showing all ${String(total)} ${total === 1 ? 'embryo' : 'embryos'}.`;
  }
  const which = comparison.hidden
    .map(
      ({ row, reasons }) =>
        `${embryoName(row.embryo.label)} (${reasons.map((reason) => REASON_TEXT[reason]).join(' and ')})`,
    )
    .join(', ');
  return `Showing ${String(shown)} of ${String(total)} embryos. ${String(comparison.hidden.length)} hidden: ${which}.`;
}
