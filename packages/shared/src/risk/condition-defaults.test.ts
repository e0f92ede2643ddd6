import { describe, expect, it } from 'vitest';
import { diseaseCodes } from '../catalogue/diseases.ts';
import { conditionDefaults } from './condition-defaults.ts';
import { parseRiskInput } from './liability-model.ts';

describe('conditionDefaults', () => {
  it.each(diseaseCodes)(
    '%s has values the model accepts in every case, each with a source',
    (code) => {
      const { prevalence, r2, heritability } = conditionDefaults[code];
      for (const value of [prevalence, r2, heritability]) {
        expect(value.value).toBeGreaterThan(0);
        expect(value.value).toBeLessThan(1);
        expect(value.source.length).toBeGreaterThan(20);
        // An approximation says so in its own words too.
        if (value.approximate)
          expect(value.source).toMatch(/approximate|rounded|middle|conver|lower bound|not /i);
      }
      const parsed = parseRiskInput({
        prevalence: prevalence.value,
        r2: r2.value,
        embryos: 5,
        strategy: 'lowest',
        parents: { kind: 'disease', affected: 1, heritability: heritability.value },
      });
      expect(parsed.ok).toBe(true);
    },
  );
});
