import { describe, expect, it } from 'vitest';
import { bivariateNormalUpper } from './bivariate-normal.ts';
import { normalPdf, normalSf } from './normal.ts';
import { integrate } from './quadrature.ts';

/** P(X > h, Y > k) as a one-dimensional integral: ∫ from h of φ(x)·Φ̄((k − ρx)/√(1 − ρ²)). */
function byIntegration(h: number, k: number, rho: number): number {
  const sd = Math.sqrt(1 - rho * rho);
  return integrate((x) => normalPdf(x) * normalSf((k - rho * x) / sd), h, 40, { relTol: 1e-13 });
}

describe('bivariateNormalUpper', () => {
  it('agrees with direct integration to 1e-15 over limits and correlations of every regime', () => {
    let worst = 0;
    for (const h of [-5, -2, -0.5, 0, 0.7, 2, 4, 7]) {
      for (const k of [-6, -1, 0, 0.3, 1.5, 3, 6]) {
        for (const rho of [-0.99, -0.95, -0.8, -0.5, -0.1, 0, 0.2, 0.6, 0.9, 0.93, 0.97, 0.999]) {
          worst = Math.max(
            worst,
            Math.abs(bivariateNormalUpper(h, k, rho) - byIntegration(h, k, rho)),
          );
        }
      }
    }
    expect(worst).toBeLessThan(1e-15);
  });

  it('gives the known closed forms', () => {
    // P(X > 0, Y > 0) = 1/4 + asin(ρ)/(2π).
    for (const rho of [-0.9, -0.3, 0.5, 0.95]) {
      expect(bivariateNormalUpper(0, 0, rho)).toBeCloseTo(
        0.25 + Math.asin(rho) / (2 * Math.PI),
        15,
      );
    }
    expect(bivariateNormalUpper(1, 2, 0)).toBeCloseTo(normalSf(1) * normalSf(2), 16);
    expect(bivariateNormalUpper(-Infinity, 1.5, 0.4)).toBe(normalSf(1.5));
    expect(bivariateNormalUpper(0.5, Infinity, 0.4)).toBe(0);
  });
});
