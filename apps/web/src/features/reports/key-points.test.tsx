import { describe, expect, it } from 'vitest';
import { aboveAverageSentence } from './key-points.tsx';

describe('aboveAverageSentence', () => {
  it('compares the risk each report picks with the population average', () => {
    // A joint report's expected risk for the children, beside a risk it must not use.
    const ranges = [
      { code: 't2d', expected: 0.2, absoluteRisk: 0.01, populationRisk: 0.1 },
      { code: 'cad', expected: 0.05, absoluteRisk: 0.5, populationRisk: 0.06 },
    ];
    expect(aboveAverageSentence("Your children's expected risk", ranges, (r) => r.expected)).toBe(
      "Your children's expected risk is furthest above the population average for type 2 diabetes (20.0%, average 10.0%).",
    );
    expect(aboveAverageSentence('Your risk', ranges, (r) => r.absoluteRisk)).toMatch(
      /^Your risk is furthest above the population average for coronary artery disease \(50\.0%, average 6\.0%\)\.$/,
    );
  });

  it('says when no condition is above average', () => {
    const results = [{ code: 't2d', absoluteRisk: 0.05, populationRisk: 0.1 }];
    expect(aboveAverageSentence("Embryo E2's risk", results, (r) => r.absoluteRisk)).toBe(
      "Embryo E2's risk of each condition reported is at or below the population average.",
    );
  });
});
