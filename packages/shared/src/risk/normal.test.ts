import { describe, expect, it } from 'vitest';
import {
  erfc,
  normalCdf,
  normalPdf,
  normalQuantile,
  normalSf,
  normalSfQuantile,
} from './normal.ts';
import { integrate } from './quadrature.ts';

function relativeError(actual: number, expected: number): number {
  return Math.abs(actual - expected) / Math.abs(expected);
}

describe('erfc (Cody)', () => {
  // Reference values from mpmath at 40 significant digits, rounded to 20.
  const cases: [number, number][] = [
    [0, 1],
    [0.3, 0.6713732405408726],
    [0.46875, 0.507386526782062],
    [1, 0.15729920705028513],
    [-1, 1.8427007929497148],
    [2.5, 0.0004069520174449589],
    [5, 1.537459794428035e-12],
    [10, 2.088487583762545e-45],
    [26, 5.663192408856142e-296],
  ];
  it.each(cases)('erfc(%d) to about 1e-15 relative', (x, expected) => {
    expect(relativeError(erfc(x), expected)).toBeLessThan(2e-15);
  });

  it('keeps the upper tail of the normal without cancellation', () => {
    expect(relativeError(normalSf(8), 6.22096057427178e-16)).toBeLessThan(1e-14);
    expect(relativeError(normalCdf(-20), 2.7536241186062337e-89)).toBeLessThan(1e-13);
    expect(normalSf(0)).toBe(0.5);
    expect(normalSf(1.5) + normalCdf(1.5)).toBeCloseTo(1, 15);
    expect(normalPdf(0)).toBeCloseTo(0.3989422804014327, 15);
  });
});

describe('normalQuantile (Acklam + Halley)', () => {
  it('gives the known quantiles to about 1e-15 relative', () => {
    expect(relativeError(normalQuantile(0.975), 1.959963984540054)).toBeLessThan(1e-14);
    expect(relativeError(normalQuantile(1e-10), -6.361340902404056)).toBeLessThan(1e-14);
    expect(relativeError(normalSfQuantile(0.01), 2.326347874040841)).toBeLessThan(1e-14);
    expect(relativeError(normalSfQuantile(1e-12), 7.034483825301131)).toBeLessThan(1e-14);
    expect(normalQuantile(0.5)).toBe(0);
  });

  it('inverts Φ across the range, tails included', () => {
    for (const p of [1e-300, 1e-50, 1e-8, 0.001, 0.02425, 0.1, 0.3, 0.7, 0.99, 0.999999]) {
      expect(relativeError(normalCdf(normalQuantile(p)), p)).toBeLessThan(1e-13);
    }
  });

  it('answers the edges and refuses what is not a probability', () => {
    expect(normalQuantile(0)).toBe(-Infinity);
    expect(normalQuantile(1)).toBe(Infinity);
    expect(normalQuantile(1.5)).toBeNaN();
  });
});

describe('integrate (adaptive Gauss–Kronrod)', () => {
  it('integrates smooth and peaked functions to its tolerance', () => {
    expect(integrate(normalPdf, -12, 12)).toBeCloseTo(1, 13);
    expect(integrate((x) => x * x * normalPdf(x), -12, 12)).toBeCloseTo(1, 12);
    expect(integrate(Math.sqrt, 0, 1)).toBeCloseTo(2 / 3, 9);
    expect(integrate((x) => normalPdf(x / 1e-3) / 1e-3, -1, 1)).toBeCloseTo(1, 10);
  });

  it('gives 0 on an empty or reversed interval', () => {
    expect(integrate(normalPdf, 1, 1)).toBe(0);
    expect(integrate(normalPdf, 2, 1)).toBe(0);
  });
});
