import { embryoReportSchema } from '@nestling/shared/contract/report';
import { describe, expect, it } from 'vitest';
import { comparisonReport, weakCadReport } from './comparison-fixture.ts';
import {
  compareEmbryos,
  comparisonDiseases,
  hiddenSummary,
  NO_FILTERS,
  parseSortKey,
  PRIORITY_SORT,
  sortKeyValue,
  type ComparisonSort,
} from './comparison.ts';
import { notReportedConditions, notReportedReason, notReportedSummary } from './embryo-wording.ts';
import { conditionStandings } from './ranking-standings.ts';
import { generatedEmbryoReport, testEmbryoReport } from './test-embryo-report.ts';

const labels = (rows: readonly { embryo: { label: string } }[]) =>
  rows.map((row) => row.embryo.label);
const byRisk = (code: string, direction: ComparisonSort['direction'] = 'ascending') => ({
  key: { by: 'risk', code } as const,
  direction,
});

describe('compareEmbryos', () => {
  it('shows every embryo in the lab’s priority order by default, with its place in the lab’s list', () => {
    const { rows, hidden } = compareEmbryos(comparisonReport, PRIORITY_SORT, NO_FILTERS);
    expect(labels(rows)).toEqual(['E1', 'E2', 'E3', 'E4']);
    expect(rows.map((row) => row.position)).toEqual([2, 4, 1, 3]);
    expect(hidden).toEqual([]);
  });

  it('sorts by a condition’s absolute risk, lowest first, and reverses on request', () => {
    expect(labels(compareEmbryos(comparisonReport, byRisk('t2d'), NO_FILTERS).rows)).toEqual([
      'E2',
      'E4',
      'E3',
      'E1',
    ]);
    expect(labels(compareEmbryos(comparisonReport, byRisk('cad'), NO_FILTERS).rows)).toEqual([
      'E3',
      'E1',
      'E4',
      'E2',
    ]);
    expect(
      labels(compareEmbryos(comparisonReport, byRisk('t2d', 'descending'), NO_FILTERS).rows),
    ).toEqual(['E1', 'E3', 'E4', 'E2']);
    expect(
      labels(
        compareEmbryos(comparisonReport, { ...PRIORITY_SORT, direction: 'descending' }, NO_FILTERS)
          .rows,
      ),
    ).toEqual(['E4', 'E3', 'E2', 'E1']);
  });

  it('keeps the priority order between embryos of equal risk', () => {
    const report = testEmbryoReport({
      codes: ['t2d'],
      embryos: [
        { label: 'B', priority: 2, risks: { t2d: 0.1 } },
        { label: 'C', priority: 3, risks: { t2d: 0.05 } },
        { label: 'A', priority: 1, risks: { t2d: 0.1 } },
      ],
    });
    expect(labels(compareEmbryos(report, byRisk('t2d'), NO_FILTERS).rows)).toEqual(['C', 'A', 'B']);
    expect(labels(compareEmbryos(report, byRisk('t2d', 'descending'), NO_FILTERS).rows)).toEqual([
      'A',
      'B',
      'C',
    ]);
  });

  it('hides the embryos with a chromosome finding, aneuploid or mosaic', () => {
    const comparison = compareEmbryos(comparisonReport, PRIORITY_SORT, {
      ...NO_FILTERS,
      hideChromosomeFindings: true,
    });
    expect(labels(comparison.rows)).toEqual(['E1', 'E2']);
    expect(comparison.hidden.map(({ row, reasons }) => [row.embryo.label, reasons])).toEqual([
      ['E3', ['chromosome']],
      ['E4', ['chromosome']],
    ]);
  });

  it('hides the embryos with a monogenic finding', () => {
    const comparison = compareEmbryos(comparisonReport, byRisk('t2d'), {
      ...NO_FILTERS,
      hideMonogenicFindings: true,
    });
    expect(labels(comparison.rows)).toEqual(['E3', 'E1']);
    expect(comparison.hidden.map(({ row, reasons }) => [row.embryo.label, reasons])).toEqual([
      ['E2', ['monogenic']],
      ['E4', ['monogenic']],
    ]);
  });

  it('gives every reason an embryo is hidden for when both filters are on', () => {
    const comparison = compareEmbryos(comparisonReport, PRIORITY_SORT, {
      hideChromosomeFindings: true,
      hideMonogenicFindings: true,
    });
    expect(labels(comparison.rows)).toEqual(['E1']);
    expect(hiddenSummary(comparison)).toBe(
      'Showing 1 of 4 embryos. 3 hidden: Embryo E2 (a monogenic finding), Embryo E3 (a chromosome finding), Embryo E4 (a chromosome finding and a monogenic finding).',
    );
  });
});

describe('notReportedReason', () => {
  const report = testEmbryoReport({
    codes: ['t2d', 'brc', 'prc'],
    embryos: [
      { label: 'F', priority: 1, sex: 'female' },
      { label: 'M', priority: 2, sex: 'male' },
      { label: 'U', priority: 3 },
    ],
  });
  const [female, male, unknown] = report.embryos;

  it('names the sex a sex-specific condition is reported for', () => {
    expect(female && notReportedReason(female, 'prc')).toBe(
      'Prostate cancer is reported for male embryos only.',
    );
    expect(male && notReportedReason(male, 'brc')).toBe(
      'Breast cancer is reported for female embryos only.',
    );
  });

  it('says when an embryo of unreported sex has none, and when the lab gave no result', () => {
    expect(unknown && notReportedReason(unknown, 'brc')).toBe(
      "Breast cancer is reported for female embryos only, and this embryo's sex is not reported.",
    );
    expect(female && notReportedReason(female, 't2d')).toBe(
      'The lab gave no result for this embryo.',
    );
  });

  it('sums up what an embryo page leaves out, and says nothing when nothing is', () => {
    const cycle = testEmbryoReport({
      codes: ['t2d', 'brc', 'endo', 'prc'],
      embryos: [
        { label: 'M', priority: 1, sex: 'male' },
        { label: 'F', priority: 2, sex: 'female' },
      ],
    });
    const [boy, girl] = cycle.embryos;
    expect(boy && notReportedSummary(cycle, boy)).toBe(
      'Breast cancer and endometriosis are reported for female embryos only.',
    );
    expect(girl && notReportedSummary(cycle, girl)).toBe(
      'Prostate cancer is reported for male embryos only.',
    );
    expect(unknown && notReportedSummary(report, unknown)).toBeUndefined();
  });

  it('lists the conditions an embryo has no result for', () => {
    expect(male && notReportedConditions(report, male).map(({ code }) => code)).toEqual(['brc']);
    expect(unknown && notReportedConditions(report, unknown)).toEqual([]);
  });
});

describe('sorting by a sex-specific condition', () => {
  it('puts the embryos it is not reported for last, in priority order', () => {
    const report = testEmbryoReport({
      codes: ['prc'],
      embryos: [
        { label: 'F1', priority: 1, sex: 'female' },
        { label: 'M2', priority: 2, sex: 'male', risks: { prc: 0.2 } },
        { label: 'F3', priority: 3, sex: 'female' },
        { label: 'M4', priority: 4, sex: 'male', risks: { prc: 0.1 } },
      ],
    });
    expect(labels(compareEmbryos(report, byRisk('prc'), NO_FILTERS).rows)).toEqual([
      'M4',
      'M2',
      'F1',
      'F3',
    ]);
  });
});

describe('hiddenSummary', () => {
  it('says when nothing is hidden', () => {
    expect(hiddenSummary(compareEmbryos(comparisonReport, PRIORITY_SORT, NO_FILTERS))).toBe(
      'Showing all 4 embryos.',
    );
  });
});

describe('sort keys', () => {
  it('round-trip through the select’s values', () => {
    for (const key of [{ by: 'priority' } as const, { by: 'risk', code: 't2d' } as const]) {
      expect(parseSortKey(sortKeyValue(key))).toEqual(key);
    }
  });
});

describe('the made-up reports', () => {
  it('meet the report contract, so the bench renders what a lab could send', () => {
    expect(embryoReportSchema.safeParse(comparisonReport).error?.issues).toBeUndefined();
    const large = generatedEmbryoReport(20);
    expect(embryoReportSchema.safeParse(large).error?.issues).toBeUndefined();
    expect(large.embryos).toHaveLength(20);
    expect(large.childRisk).toHaveLength(18);
  });
});

describe('a condition whose score is not accurate enough (ADR 030)', () => {
  it('is marked, and sorting by it keeps the lab’s priority order', () => {
    expect(comparisonDiseases(weakCadReport).map((disease) => disease.heldBack)).toEqual([
      false,
      true,
    ]);
    expect(labels(compareEmbryos(weakCadReport, byRisk('cad'), NO_FILTERS).rows)).toEqual([
      'E1',
      'E2',
      'E3',
      'E4',
    ]);
  });

  it('ranks nothing', () => {
    const ranking = conditionStandings(weakCadReport.embryos, 'cad');
    expect(ranking.heldBack).toBe(true);
    expect(ranking.standings).toEqual([]);
    expect(conditionStandings(weakCadReport.embryos, 't2d').standings).toHaveLength(4);
  });
});
