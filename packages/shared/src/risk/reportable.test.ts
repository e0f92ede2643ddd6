import { describe, expect, it } from 'vitest';
import type { ChildRiskRange, DiseaseResult, ReportContent } from '../contract/report.ts';
import { conditionDefaults } from './condition-defaults.ts';
import {
  heldBackConditions,
  isReportable,
  isTraitReportable,
  NOT_ACCURATE_ENOUGH_EXPLAINED,
  notAccurateEnoughDetail,
  varianceExplained,
} from './reportable.ts';

const model = (extra: { varianceExplained?: number; minimumVarianceExplained?: number } = {}) => ({
  id: 'prs',
  version: '1',
  ...extra,
});

function disease(code: string, modelData = model()): DiseaseResult {
  return {
    code,
    score: 0.2,
    percentile: 58,
    absoluteRisk: 0.1,
    populationRisk: 0.1,
    relativeRisk: 1,
    interval: { lower: 0.08, upper: 0.12, confidence: 0.95 },
    model: modelData,
  };
}

function range(code: string, modelData = model()): ChildRiskRange {
  return {
    code,
    lower: 0.05,
    expected: 0.1,
    upper: 0.15,
    coverage: 0.95,
    populationRisk: 0.1,
    model: modelData,
  };
}

const test = {
  testType: 'standard' as const,
  coverage: 30,
  genomeBuild: 'GRCh38' as const,
  ancestry: [{ person: 'mother' as const, inferred: 'European', calibrated: true }],
  signedOffOn: '2025-01-01',
  signedOffBy: 'Dr. A',
  researchUseOnly: false,
};
const lists = { genes: [], variants: [], charts: { density: {} } };

describe('isReportable', () => {
  it('reports everything when the lab sets no threshold, however weak the score', () => {
    expect(isReportable(disease('cad', model({ varianceExplained: 0.001 })))).toBe(true);
    expect(isReportable(disease('isc'))).toBe(true);
  });

  it("holds back a result whose lab r² is below the lab's threshold, and keeps one at it", () => {
    expect(
      isReportable(
        disease('cad', model({ varianceExplained: 0.02, minimumVarianceExplained: 0.03 })),
      ),
    ).toBe(false);
    expect(
      isReportable(
        disease('cad', model({ varianceExplained: 0.03, minimumVarianceExplained: 0.03 })),
      ),
    ).toBe(true);
  });

  it("falls back to the catalog's r² when the lab gives none", () => {
    // Ischemic stroke's catalogue r² is 0.02; coronary artery disease's 0.08.
    expect(conditionDefaults.isc.r2.value).toBe(0.02);
    expect(isReportable(disease('isc', model({ minimumVarianceExplained: 0.03 })))).toBe(false);
    expect(isReportable(disease('cad', model({ minimumVarianceExplained: 0.03 })))).toBe(true);
  });

  it("prefers the lab's r² to the catalog's", () => {
    expect(
      isReportable(
        disease('isc', model({ varianceExplained: 0.05, minimumVarianceExplained: 0.03 })),
      ),
    ).toBe(true);
    expect(varianceExplained('isc', model({ varianceExplained: 0.05 }))).toBe(0.05);
  });

  it('reports a condition outside the catalog that has a threshold but no r²', () => {
    expect(isReportable(disease('lab-only', model({ minimumVarianceExplained: 0.5 })))).toBe(true);
    expect(varianceExplained('lab-only', model())).toBeUndefined();
  });

  it("judges a trait by the lab's r² only", () => {
    const trait = (extra: Parameters<typeof model>[0]) => ({
      code: 'height',
      percentile: 50,
      model: model(extra),
    });
    expect(isTraitReportable(trait({ minimumVarianceExplained: 0.1 }))).toBe(true);
    expect(
      isTraitReportable(trait({ varianceExplained: 0.05, minimumVarianceExplained: 0.1 })),
    ).toBe(false);
  });
});

describe('heldBackConditions', () => {
  const weak = model({ varianceExplained: 0.01, minimumVarianceExplained: 0.03 });

  it("lists an individual report's weak diseases", () => {
    const content: ReportContent = {
      kind: 'individual',
      test: { ...test, ancestry: [{ person: 'patient', inferred: 'European', calibrated: true }] },
      diseases: [disease('cad'), disease('isc', weak)],
      traits: [],
      monogenic: [],
      ...lists,
    };
    expect([...heldBackConditions(content)]).toEqual(['isc']);
  });

  it('holds a condition back across an embryo report when any one of its results is weak', () => {
    const content: ReportContent = {
      kind: 'embryo',
      test,
      priorityMethod: 'By morphology.',
      embryos: [
        {
          label: 'E1',
          priority: 1,
          morphology: '4AA',
          sex: 'not-reported',
          chromosomes: { status: 'euploid' },
          neurodevelopmentalVariants: [],
          cancerVariants: [],
          monogenic: [],
          diseases: [disease('cad'), disease('isc', weak)],
        },
      ],
      childRisk: [range('cad'), range('isc')],
      ...lists,
    };
    expect([...heldBackConditions(content)]).toEqual(['isc']);
  });

  it("uses a joint report's ranges", () => {
    const content: ReportContent = {
      kind: 'joint',
      test,
      mother: { monogenic: [] },
      father: { monogenic: [] },
      carrierMatches: [],
      childRisk: [range('cad', weak), range('isc')],
      ...lists,
    };
    expect([...heldBackConditions(content)]).toEqual(['cad']);
  });
});

describe('notAccurateEnoughDetail', () => {
  it('gives the figures in words', () => {
    expect(notAccurateEnoughDetail('isc', model({ minimumVarianceExplained: 0.03 }))).toBe(
      'This score explains about 2% of the differences between people in their chance of ischemic stroke; the lab reports a condition only when its score explains at least 3%.',
    );
    expect(
      notAccurateEnoughDetail(
        'cad',
        model({ varianceExplained: 0.017, minimumVarianceExplained: 0.025 }),
      ),
    ).toContain('about 1.7% of the differences');
  });

  it('falls back to the plain explanation without figures', () => {
    expect(notAccurateEnoughDetail('lab-only', model())).toBe(NOT_ACCURATE_ENOUGH_EXPLAINED);
  });
});
