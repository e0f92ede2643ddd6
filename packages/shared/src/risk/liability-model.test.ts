import { describe, expect, it } from 'vitest';
import {
  AFFECTED_MESSAGE,
  computeRisk,
  DISEASE_EXCLUDE_MESSAGE,
  EMBRYOS_MESSAGE,
  EXCLUDE_TOP_REQUIRED_MESSAGE,
  EXCLUDE_TOP_UNUSED_MESSAGE,
  NOT_AN_OBJECT_MESSAGE,
  OPEN_UNIT_MESSAGE,
  parseRiskInput,
  PARENTS_KIND_MESSAGE,
  PERCENTILES_MESSAGE,
  R2_ABOVE_HERITABILITY_MESSAGE,
  type RiskInput,
  STRATEGY_MESSAGE,
} from './liability-model.ts';

const population = { kind: 'population' } as const;

function lowest(
  prevalence: number,
  r2: number,
  embryos: number,
  parents: RiskInput['parents'] = population,
) {
  return computeRisk({ prevalence, r2, embryos, strategy: 'lowest', parents });
}
function exclude(
  prevalence: number,
  r2: number,
  embryos: number,
  excludeTop: number,
  parents: RiskInput['parents'] = population,
) {
  return computeRisk({ prevalence, r2, embryos, strategy: 'exclude', excludeTop, parents });
}

describe('the values the paper states (Lencz et al. 2021)', () => {
  it('K = 5 %, r² = 0.1, 5 embryos, lowest-risk prioritization: about 47 %', () => {
    expect(lowest(0.05, 0.1, 5).relativeReduction).toBeCloseTo(0.4667, 4);
  });

  it('K = 1 %, r² = 0.3, 5 embryos, excluding the top 2 %: "about 20 %" (19.0 % for n = 5)', () => {
    // The authors' own formula (risk_reduction_exclude) gives 0.18956 for n = 5; their
    // infinite-embryo approximation gives 0.2274. The paper's "about 20 %" is rounded.
    const result = exclude(0.01, 0.3, 5, 0.02);
    expect(result.relativeReduction).toBeCloseTo(0.1896, 4);
    expect(Math.abs(result.relativeReduction - 0.2)).toBeLessThan(0.015);
  });
});

/*
 * Reference values: the authors' R integrals (github.com/scarmi/embryo_selection,
 * EmbryoSelectionAnalysis_Lowest.R and _Exclude.R: risk_reduction_lowest, _lowest_conditional,
 * _exclude, _exclude_conditional) re-run in SciPy's QUADPACK at relative tolerance 1e-10–1e-12,
 * an implementation independent of this one. [baseline, selected].
 */
describe('agreement with the authors’ integrals', () => {
  const cases: [string, () => ReturnType<typeof computeRisk>, number, number][] = [
    ['lowest K.05 r².1 n5', () => lowest(0.05, 0.1, 5), 0.05, 0.02666477023],
    ['lowest K.01 r².3 n5', () => lowest(0.01, 0.3, 5), 0.01, 0.001828739566],
    ['lowest K.001 r².05 n10', () => lowest(0.001, 0.05, 10), 0.001, 0.0003872657925],
    ['lowest K 1e-5 r².2 n20', () => lowest(1e-5, 0.2, 20), 1e-5, 2.205952566e-7],
    ['exclude K.01 r².3 n5 q.02', () => exclude(0.01, 0.3, 5, 0.02), 0.01, 0.008104410328],
    ['exclude K.05 r².1 n5 q.1', () => exclude(0.05, 0.1, 5, 0.1), 0.05, 0.04385285459],
    ['exclude K.001 r².2 n10 q.05', () => exclude(0.001, 0.2, 10, 0.05), 0.001, 0.0006415401763],
    [
      'lowest, parents at the 98th and 25th percentiles',
      () => lowest(0.01, 0.3, 5, { kind: 'scores', percentiles: [0.98, 0.25] }),
      0.01727568351,
      0.003008288116,
    ],
    [
      'exclude top 2 %, parents at the 98th and 25th percentiles',
      () => exclude(0.01, 0.3, 5, 0.02, { kind: 'scores', percentiles: [0.98, 0.25] }),
      0.01727568351,
      0.0148031671,
    ],
    [
      'exclude top 10 %, parents at the median',
      () => exclude(0.05, 0.1, 5, 0.1, { kind: 'scores', percentiles: [0.5, 0.5] }),
      0.04574553585,
      0.04329747425,
    ],
  ];
  it.each(cases)('%s', (_name, run, baseline, selected) => {
    const result = run();
    expect(result.baseline / baseline).toBeCloseTo(1, 9);
    expect(result.selected / selected).toBeCloseTo(1, 8);
    expect(result.relativeReduction).toBeCloseTo(1 - selected / baseline, 8);
    expect(result.absoluteReduction).toBeCloseTo(baseline - selected, 10);
  });
});

describe('properties of the model', () => {
  it('changes nothing with one embryo, whatever the strategy or parents', () => {
    for (const result of [
      lowest(0.05, 0.1, 1),
      exclude(0.02, 0.2, 1, 0.05),
      lowest(0.02, 0.2, 1, { kind: 'scores', percentiles: [0.9, 0.7] }),
      exclude(0.02, 0.2, 1, 0.05, { kind: 'scores', percentiles: [0.9, 0.7] }),
      lowest(0.02, 0.2, 1, { kind: 'disease', affected: 1, heritability: 0.5 }),
    ]) {
      expect(Math.abs(result.relativeReduction)).toBeLessThan(1e-8);
    }
  });

  it('reduces the risk more with more embryos', () => {
    let previous = 0;
    for (let n = 2; n <= 20; n += 3) {
      const reduction = lowest(0.01, 0.1, n).relativeReduction;
      expect(reduction).toBeGreaterThan(previous);
      previous = reduction;
    }
  });

  it('treats the two parents alike', () => {
    const one = lowest(0.03, 0.2, 4, { kind: 'scores', percentiles: [0.9, 0.2] });
    const other = lowest(0.03, 0.2, 4, { kind: 'scores', percentiles: [0.2, 0.9] });
    expect(other.selected).toBeCloseTo(one.selected, 14);
    expect(other.baseline).toBeCloseTo(one.baseline, 14);
  });

  it('stays accurate for a rare condition', () => {
    const result = lowest(1e-8, 0.3, 10);
    expect(result.baseline).toBe(1e-8);
    expect(result.selected).toBeGreaterThan(0);
    expect(result.relativeReduction).toBeGreaterThan(0.9);
    expect(result.relativeReduction).toBeLessThan(1);
  });
});

describe('parents’ disease status (Appendix 6, lowest-risk prioritization)', () => {
  const K = 0.05;
  const h2 = 0.4;
  const r2 = 0.1;
  const byAffected = ([0, 1, 2] as const).map((affected) =>
    lowest(K, r2, 5, { kind: 'disease', affected, heritability: h2 }),
  );

  /*
   * Reference: the authors' risk_reduction_lowest_family_history integrand, evaluated in their
   * (g₁, g₂) coordinates on a 400 × 400 Gauss–Legendre grid with a 600-node rule in t (NumPy), an
   * evaluation independent of this module's (s, d) form. [baseline, selected]. The paper's
   * figure labels these baselines 4.4 %, 10.0 % and 19.8 % (K = 5 %, h² = 0.4).
   */
  const reference: [number, number, number, number, 0 | 1 | 2, number, number][] = [
    [0.05, 0.4, 0.1, 5, 0, 0.04432520024, 0.02306909206],
    [0.05, 0.4, 0.1, 5, 1, 0.1000222541, 0.05815802346],
    [0.05, 0.4, 0.1, 5, 2, 0.1977570575, 0.1279609645],
    [0.01, 0.6, 0.3, 10, 0, 0.009089557667, 0.0008525279604],
    [0.01, 0.6, 0.3, 10, 1, 0.05404000421, 0.008939295936],
    [0.01, 0.6, 0.3, 10, 2, 0.2133244715, 0.06177873857],
  ];
  it.each(reference)(
    'K %d, h² %d, r² %d, %d embryos, %d affected parents',
    (prevalence, heritability, r2, embryos, affected, baseline, selected) => {
      const result = lowest(prevalence, r2, embryos, { kind: 'disease', affected, heritability });
      expect(result.baseline / baseline).toBeCloseTo(1, 9);
      expect(result.selected / selected).toBeCloseTo(1, 9);
      expect(result.relativeReduction).toBeCloseTo(1 - selected / baseline, 8);
    },
  );

  it('averages back to the population over the parents’ statuses (total probability)', () => {
    const weights = [(1 - K) ** 2, 2 * K * (1 - K), K ** 2];
    const mix = (pick: (r: (typeof byAffected)[number]) => number) =>
      byAffected.reduce((sum, result, i) => sum + (weights[i] ?? NaN) * pick(result), 0);
    expect(mix((r) => r.baseline) / K).toBeCloseTo(1, 7);
    expect(mix((r) => r.selected) / lowest(K, r2, 5).selected).toBeCloseTo(1, 7);
  });

  it('stays exact at a heritability close to 1, where the parents’ status is nearly their genes', () => {
    // The grid step shrinks with √(1 − h²): the total probability still holds to 1e-9.
    const [k, h2, r2Strong] = [0.02, 0.98, 0.6];
    const statuses = ([0, 1, 2] as const).map((affected) =>
      lowest(k, r2Strong, 8, { kind: 'disease', affected, heritability: h2 }),
    );
    const weights = [(1 - k) ** 2, 2 * k * (1 - k), k ** 2];
    const mix = (pick: (r: (typeof statuses)[number]) => number) =>
      statuses.reduce((sum, result, i) => sum + (weights[i] ?? NaN) * pick(result), 0);
    expect(mix((r) => r.baseline) / k).toBeCloseTo(1, 9);
    expect(mix((r) => r.selected) / lowest(k, r2Strong, 8).selected).toBeCloseTo(1, 9);
  });

  it('raises the baseline with each affected parent and keeps a reduction', () => {
    const [none, one, both] = byAffected;
    expect(none?.baseline).toBeLessThan(K);
    expect(one?.baseline).toBeGreaterThan(K);
    expect(both?.baseline).toBeGreaterThan(one?.baseline ?? Infinity);
    for (const result of byAffected) expect(result.relativeReduction).toBeGreaterThan(0.3);
  });
});

describe('refusals', () => {
  const valid = {
    prevalence: 0.01,
    r2: 0.3,
    embryos: 5,
    strategy: 'exclude',
    excludeTop: 0.02,
    parents: { kind: 'population' },
  };
  function errorFor(change: Record<string, unknown>): string {
    const result = parseRiskInput({ ...valid, ...change });
    if (result.ok) throw new Error('expected a refusal');
    return result.error;
  }

  it('accepts the issue’s example', () => {
    expect(parseRiskInput(valid).ok).toBe(true);
  });

  it.each([0, 1, -0.1, 1.5, '0.01', null])('prevalence %s', (prevalence) => {
    expect(errorFor({ prevalence })).toBe(`prevalence: ${OPEN_UNIT_MESSAGE}`);
  });
  it.each([0, 1, 2])('r2 %s', (r2) => {
    expect(errorFor({ r2 })).toBe(`r2: ${OPEN_UNIT_MESSAGE}`);
  });
  it.each([0, 21, 2.5, '5'])('embryos %s', (embryos) => {
    expect(errorFor({ embryos })).toBe(`embryos: ${EMBRYOS_MESSAGE}`);
  });
  it.each([0, 1, 1.2])('excludeTop %s', (excludeTop) => {
    expect(errorFor({ excludeTop })).toBe(`excludeTop: ${OPEN_UNIT_MESSAGE}`);
  });
  it('an unknown strategy', () => {
    expect(errorFor({ strategy: 'best' })).toBe(`strategy: ${STRATEGY_MESSAGE}`);
  });
  it('exclusion without its cut-off', () => {
    expect(errorFor({ excludeTop: undefined })).toBe(`excludeTop: ${EXCLUDE_TOP_REQUIRED_MESSAGE}`);
  });
  it('a cut-off with lowest-risk prioritization', () => {
    expect(errorFor({ strategy: 'lowest' })).toBe(`excludeTop: ${EXCLUDE_TOP_UNUSED_MESSAGE}`);
  });
  it('an unknown or missing kind of parents', () => {
    expect(errorFor({ parents: { kind: 'siblings' } })).toBe(
      `parents.kind: ${PARENTS_KIND_MESSAGE}`,
    );
    expect(errorFor({ parents: undefined })).toBe(`parents: ${PARENTS_KIND_MESSAGE}`);
  });
  it('percentiles that are not two proportions', () => {
    expect(errorFor({ parents: { kind: 'scores', percentiles: [0.5] } })).toBe(
      `parents.percentiles: ${PERCENTILES_MESSAGE}`,
    );
    expect(errorFor({ parents: { kind: 'scores', percentiles: [0.5, 1] } })).toBe(
      `parents.percentiles.1: ${OPEN_UNIT_MESSAGE}`,
    );
    expect(errorFor({ parents: { kind: 'scores', percentiles: [0, 0.5] } })).toBe(
      `parents.percentiles.0: ${OPEN_UNIT_MESSAGE}`,
    );
  });
  it('a number of affected parents other than 0, 1 or 2', () => {
    expect(
      errorFor({
        strategy: 'lowest',
        excludeTop: undefined,
        parents: { kind: 'disease', affected: 3, heritability: 0.5 },
      }),
    ).toBe(`parents.affected: ${AFFECTED_MESSAGE}`);
  });
  it('a heritability out of range, or below r²', () => {
    const disease = (heritability: number) => ({
      strategy: 'lowest',
      excludeTop: undefined,
      parents: { kind: 'disease', affected: 1, heritability },
    });
    expect(errorFor(disease(1))).toBe(`parents.heritability: ${OPEN_UNIT_MESSAGE}`);
    expect(errorFor(disease(0.2))).toBe(`r2: ${R2_ABOVE_HERITABILITY_MESSAGE}`);
  });
  it('the disease status with high-risk exclusion (not covered)', () => {
    expect(errorFor({ parents: { kind: 'disease', affected: 1, heritability: 0.5 } })).toBe(
      `parents.kind: ${DISEASE_EXCLUDE_MESSAGE}`,
    );
  });
  it('unknown fields and values that are not objects', () => {
    expect(errorFor({ embryo: 5 })).toBe('embryo: unknown field');
    expect(errorFor({ parents: { kind: 'population', percentiles: [0.5, 0.5] } })).toBe(
      'parents.percentiles: unknown field',
    );
    const notObject = parseRiskInput([1]);
    expect(notObject.ok ? '' : notObject.error).toBe(NOT_AN_OBJECT_MESSAGE);
  });
  it('names every field at fault at once', () => {
    expect(errorFor({ prevalence: 2, embryos: 0 })).toBe(
      `prevalence: ${OPEN_UNIT_MESSAGE}; embryos: ${EMBRYOS_MESSAGE}`,
    );
  });
  it('computeRisk throws the same message rather than answer a number', () => {
    expect(() => computeRisk({ ...valid, embryos: 50 } as RiskInput)).toThrow(
      `embryos: ${EMBRYOS_MESSAGE}`,
    );
  });
});
