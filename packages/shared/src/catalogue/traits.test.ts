import { describe, expect, it } from 'vitest';
import { DEFAULT_CHART_SETTINGS } from './chart-settings.ts';
import { diseaseCodes } from './diseases.ts';
import { getTrait, isTraitCode, traitCodeSchema, traitCodes, traits } from './traits.ts';

const SPEC_TRAITS: readonly (readonly [string, string, string])[] = [
  ['eyecolor', 'Eye Color', 'eye color'],
  ['height', 'Height', 'height'],
  ['trait3', 'Trait 3', 'trait 3'],
  ['haircolor', 'Hair Color', 'hair color'],
  ['hairloss', 'Hair Loss', 'hair loss'],
  ['myopia', 'Myopia (nearsightedness)', 'myopia (nearsightedness)'],
];

describe('trait catalog', () => {
  it('has exactly the 6 spec codes, in spec order', () => {
    expect(traitCodes).toEqual(SPEC_TRAITS.map(([code]) => code));
    expect(Object.keys(traits)).toEqual([...traitCodes]);
  });

  it.each(SPEC_TRAITS)('%s is %s / %s with the default chart', (code, name, lowerName) => {
    expect(getTrait(code)).toEqual({ code, name, lowerName, chart: DEFAULT_CHART_SETTINGS });
  });

  it('shares no code with the disease catalog', () => {
    const diseaseSet = new Set<string>(diseaseCodes);
    expect(traitCodes.filter((code) => diseaseSet.has(code))).toEqual([]);
  });
});

describe('getTrait', () => {
  it('returns the catalog entry itself for a known code', () => {
    expect(getTrait('height')).toBe(traits.height);
  });

  it.each(['', 'Height', 'aud', 'constructor', '__proto__', 'toString'])(
    'gives the Unknown entry for %j',
    (code) => {
      expect(getTrait(code)).toEqual({
        code,
        name: 'Unknown',
        lowerName: 'unknown',
        chart: DEFAULT_CHART_SETTINGS,
      });
    },
  );
});

describe('isTraitCode and traitCodeSchema', () => {
  it('accept every code', () => {
    for (const code of traitCodes) {
      expect(isTraitCode(code)).toBe(true);
      expect(traitCodeSchema.parse(code)).toBe(code);
    }
  });

  it.each(['', 'trait4', 'constructor', '__proto__', 'aud'])('reject %j', (code) => {
    expect(isTraitCode(code)).toBe(false);
    expect(traitCodeSchema.safeParse(code).success).toBe(false);
  });
});
