import { describe, expect, it } from 'vitest';
import { normalCdf } from './normal.ts';
import {
  conditionAccuracy,
  DEFAULT_DIRECT_SHARE,
  RANKING_STABILITY_ERROR,
  outcomesInWords,
  rankingStability,
  withinFamilyAccuracy,
} from './ranking-stability.ts';

/** Two embryos by hand: P(1 first) = Φ(ρ·(x₂ − x₁)·√2 / (σ·√2)) with x in population units. */
function twoEmbryosFirst(score1: number, score2: number, rho: number): number {
  const sigma = Math.sqrt(1 - rho * rho);
  // x̃ = score·√2 (siblings' spread is 1/√2); the difference of two ε has variance 2.
  return normalCdf((rho * (score2 - score1) * Math.SQRT2) / (sigma * Math.SQRT2));
}

/** A seeded generator (mulberry32) and Box–Muller normals, for the simulation check. */
function normals(seed: number) {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

function simulate(scores: readonly number[], rho: number, draws: number) {
  const next = normals(20261126);
  const sigma = Math.sqrt(1 - rho * rho);
  const first = scores.map(() => 0);
  const topTwo = scores.map(() => 0);
  for (let draw = 0; draw < draws; draw += 1) {
    const values = scores.map((score) => rho * score * Math.SQRT2 + sigma * next());
    const order = values
      .map((value, index) => ({ value, index }))
      .sort((a, b) => a.value - b.value);
    const [best, runnerUp] = order;
    if (best) {
      first[best.index] = (first[best.index] ?? 0) + 1;
      topTwo[best.index] = (topTwo[best.index] ?? 0) + 1;
    }
    if (runnerUp) topTwo[runnerUp.index] = (topTwo[runnerUp.index] ?? 0) + 1;
  }
  return { first: first.map((count) => count / draws), topTwo: topTwo.map((c) => c / draws) };
}

describe('rankingStability', () => {
  it('gives two embryos with equal scores an even chance, whatever the accuracy', () => {
    for (const rho of [0, 0.3, 0.9]) {
      const { first, topTwo } = rankingStability([0.4, 0.4], rho);
      expect(first[0]).toBeCloseTo(0.5, 9);
      expect(first[1]).toBeCloseTo(0.5, 9);
      expect(topTwo).toEqual([1, 1]);
    }
  });

  it('makes the lower score rank first nearly always when the scores are far apart and accurate', () => {
    const { first } = rankingStability([-1.5, 1.5], 0.95);
    expect(first[0]).toBeGreaterThan(0.9999);
    expect(first[1]).toBeLessThan(0.0001);
  });

  it('leaves the ranking to chance when the score says nothing within a family', () => {
    const { first, topTwo } = rankingStability([-2, 0, 1, 3], 0);
    for (const value of first) expect(value).toBeCloseTo(1 / 4, 9);
    for (const value of topTwo) expect(value).toBeCloseTo(2 / 4, 9);
  });

  it('matches the closed form for two embryos within the stated error', () => {
    for (const [score1, score2, rho] of [
      [-0.5, 0.5, 0.3],
      [0.1, 0.25, 0.6],
      [1.2, -0.4, 0.45],
      [0, 2, 0.99],
    ] as const) {
      const { first } = rankingStability([score1, score2], rho);
      const expected = twoEmbryosFirst(score1, score2, rho);
      expect(Math.abs((first[0] ?? 0) - expected)).toBeLessThan(RANKING_STABILITY_ERROR);
      expect(Math.abs((first[1] ?? 0) - (1 - expected))).toBeLessThan(RANKING_STABILITY_ERROR);
    }
  });

  it('agrees with a grid 8 times finer within the stated error, for 20 embryos', () => {
    const scores = Array.from({ length: 20 }, (_, index) => Math.sin(index * 1.7) * 1.8);
    for (const rho of [0.2, 0.7, 0.98]) {
      const coarse = rankingStability(scores, rho);
      const fine = rankingStability(scores, rho, 1 / 64);
      for (const [index, value] of coarse.first.entries()) {
        expect(Math.abs(value - (fine.first[index] ?? 0))).toBeLessThan(RANKING_STABILITY_ERROR);
        expect(Math.abs((coarse.topTwo[index] ?? 0) - (fine.topTwo[index] ?? 0))).toBeLessThan(
          RANKING_STABILITY_ERROR,
        );
      }
    }
  });

  it('sums to one for first place and two for the top two', () => {
    const { first, topTwo } = rankingStability([0.3, -0.2, 0.9, -1.1, 0.05], 0.5);
    expect(first.reduce((sum, value) => sum + value, 0)).toBeCloseTo(1, 9);
    expect(topTwo.reduce((sum, value) => sum + value, 0)).toBeCloseTo(2, 9);
  });

  it('agrees with a seeded simulation of 200,000 outcomes for five embryos', () => {
    const scores = [0.3, -0.2, 0.9, -1.1, 0.05];
    const exact = rankingStability(scores, 0.5);
    const simulated = simulate(scores, 0.5, 200_000);
    // Four standard errors of a share near one half: 4·√(0.25/200000) ≈ 0.0045.
    for (const [index, value] of exact.first.entries()) {
      expect(Math.abs(value - (simulated.first[index] ?? 0))).toBeLessThan(0.0045);
      expect(Math.abs((exact.topTwo[index] ?? 0) - (simulated.topTwo[index] ?? 0))).toBeLessThan(
        0.0045,
      );
    }
  });

  it('answers the obvious cases of none or one embryo, and refuses an accuracy outside [0, 1]', () => {
    expect(rankingStability([], 0.5)).toEqual({ first: [], topTwo: [] });
    expect(rankingStability([0.2], 0.5)).toEqual({ first: [1], topTwo: [1] });
    expect(() => rankingStability([0, 1], 1.2)).toThrow(RangeError);
    expect(() => rankingStability([0, 1], Number.NaN)).toThrow(RangeError);
  });
});

describe('withinFamilyAccuracy', () => {
  it('is the square root of the share of heritability the score explains, times the direct share', () => {
    expect(withinFamilyAccuracy(0.1, 0.4)).toBeCloseTo(0.5, 12);
    expect(withinFamilyAccuracy(0.1, 0.4, 0.8)).toBeCloseTo(0.4, 12);
    expect(withinFamilyAccuracy(0.5, 0.4)).toBe(1);
    expect(withinFamilyAccuracy(0, 0.4)).toBe(0);
  });
});

describe('conditionAccuracy', () => {
  it("takes the lab's value first, else the catalog's, else none", () => {
    expect(conditionAccuracy('t2d', 0.31)).toEqual({ value: 0.31, source: 'lab' });
    const fromCatalogue = conditionAccuracy('t2d', undefined);
    expect(fromCatalogue?.source).toBe('catalogue');
    expect(fromCatalogue?.value).toBeGreaterThan(0);
    expect(fromCatalogue?.value).toBeLessThanOrEqual(DEFAULT_DIRECT_SHARE);
    expect(conditionAccuracy('lab-only-trait', undefined)).toBeUndefined();
  });
});

describe('outcomesInWords', () => {
  it('rounds to tenths and says the ends plainly', () => {
    expect(outcomesInWords(0.62)).toBe('about 6 of 10');
    expect(outcomesInWords(0.06)).toBe('about 1 of 10');
    expect(outcomesInWords(0.96)).toBe('nearly all');
    expect(outcomesInWords(0.01)).toBe('fewer than 1 in 20');
  });
});
