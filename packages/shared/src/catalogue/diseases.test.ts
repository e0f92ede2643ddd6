import { describe, expect, it } from 'vitest';
import { DEFAULT_CHART_SETTINGS } from './chart-settings.ts';
import {
  diseaseCodeSchema,
  diseaseCodes,
  diseaseReportedSex,
  diseases,
  getDisease,
  isDiseaseCode,
} from './diseases.ts';

const SPEC_DISEASES: readonly (readonly [string, string])[] = [
  ['aud', 'Alcohol Use Disorder'],
  ['brc', 'Breast Cancer'],
  ['bmi', 'Class III Obesity'],
  ['prc', 'Prostate Cancer'],
  ['t2d', 'Type 2 Diabetes'],
  ['cad', 'Coronary Artery Disease'],
  ['afb', 'Atrial Fibrillation'],
  ['ibd', 'Inflammatory Bowel Disease'],
  ['ms', 'Multiple Sclerosis'],
  ['scz', 'Schizophrenia'],
  ['isc', 'Ischemic Stroke'],
  ['alz', "Alzheimer's Disease"],
  ['t1d', 'Type 1 Diabetes'],
  ['bipolar', 'Bipolar Disorder'],
  ['celiac', 'Celiac Disease'],
  ['parkinsons', "Parkinson's Disease"],
  ['endo', 'Endometriosis'],
  ['asthma', 'Childhood Asthma'],
];

/** lowerName values that keep capitals English requires. */
const KEEPS_CAPITALS: Readonly<Record<string, string>> = {
  bmi: 'class III obesity',
  alz: "Alzheimer's disease",
  parkinsons: "Parkinson's disease",
};

describe('disease catalog', () => {
  it('has exactly the 18 spec codes, in spec order', () => {
    expect(diseaseCodes).toEqual(SPEC_DISEASES.map(([code]) => code));
    expect(Object.keys(diseases)).toEqual([...diseaseCodes]);
    expect(new Set(diseaseCodes).size).toBe(18);
  });

  it.each(SPEC_DISEASES)('%s is %s with the default chart', (code, name) => {
    const entry = getDisease(code);
    expect(entry.code).toBe(code);
    expect(entry.name).toBe(name);
    expect(entry.chart).toEqual(DEFAULT_CHART_SETTINGS);
    expect(entry.lowerName.toLowerCase()).toBe(name.toLowerCase());
  });

  it('lower-cases names except for eponyms and roman numerals', () => {
    for (const code of diseaseCodes) {
      const { name, lowerName } = diseases[code];
      expect(lowerName).toBe(KEEPS_CAPITALS[code] ?? name.toLowerCase());
    }
    expect(diseases.t2d.lowerName).toBe('type 2 diabetes');
    expect(diseases.asthma.lowerName).toBe('childhood asthma');
  });

  it('is frozen', () => {
    expect(Object.isFrozen(diseases)).toBe(true);
    expect(Object.isFrozen(diseases.aud)).toBe(true);
  });
});

describe('getDisease', () => {
  it('returns the catalog entry itself for a known code', () => {
    expect(getDisease('cad')).toBe(diseases.cad);
  });

  it.each(['', 'xyz', 'AUD', ' aud', 'constructor', '__proto__', 'toString', 'hasOwnProperty'])(
    'gives the Unknown entry for %j',
    (code) => {
      expect(getDisease(code)).toEqual({
        code,
        name: 'Unknown',
        lowerName: 'unknown',
        chart: DEFAULT_CHART_SETTINGS,
      });
    },
  );
});

describe('isDiseaseCode and diseaseCodeSchema', () => {
  it('accept every code', () => {
    for (const code of diseaseCodes) {
      expect(isDiseaseCode(code)).toBe(true);
      expect(diseaseCodeSchema.parse(code)).toBe(code);
    }
  });

  it.each(['', 'Aud', 'constructor', '__proto__', 'toString', 'eyecolor'])('reject %j', (code) => {
    expect(isDiseaseCode(code)).toBe(false);
    expect(diseaseCodeSchema.safeParse(code).success).toBe(false);
  });

  it('reject non-strings', () => {
    expect(isDiseaseCode(1)).toBe(false);
    expect(isDiseaseCode(undefined)).toBe(false);
    expect(diseaseCodeSchema.safeParse(null).success).toBe(false);
  });
});

describe('diseaseReportedSex', () => {
  it('reports breast cancer and endometriosis for women, prostate cancer for men', () => {
    expect(diseaseReportedSex('brc')).toBe('female');
    expect(diseaseReportedSex('endo')).toBe('female');
    expect(diseaseReportedSex('prc')).toBe('male');
  });

  it('reports every other condition, known or not, for everyone', () => {
    const others = diseaseCodes.filter((code) => !['brc', 'endo', 'prc'].includes(code));
    expect(others).toHaveLength(15);
    for (const code of [...others, 'zzz-new-model', 'constructor']) {
      expect(diseaseReportedSex(code)).toBeUndefined();
    }
  });
});
