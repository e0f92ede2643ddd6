import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeSchemaIssues } from './error.ts';
import { REPORT_JSON_SCHEMA_PATH, reportJsonSchemaText } from './report-json-schema.ts';
import {
  relativeRiskAgrees,
  reportPayloadSchema,
  type DiseaseResult,
  type ReportPayload,
} from './report.ts';

const model = { id: 'prs', version: '2.1' };
const density = { values: Array.from({ length: 40 }, (_, i) => -2 + i * 0.1) };

function disease(code: string, absoluteRisk = 0.1, populationRisk = 0.08): DiseaseResult {
  return {
    code,
    score: 0.4,
    percentile: 65,
    absoluteRisk,
    populationRisk,
    relativeRisk: Math.round((absoluteRisk / populationRisk) * 100) / 100,
    interval: { lower: absoluteRisk * 0.8, upper: absoluteRisk * 1.2, confidence: 0.95 },
    model,
  };
}

const test = (person: 'patient' | 'couple') => ({
  testType: '30x' as const,
  coverage: 31.2,
  genomeBuild: 'GRCh38' as const,
  ancestry:
    person === 'patient'
      ? [{ person: 'patient' as const, inferred: 'European', calibrated: true }]
      : [
          { person: 'mother' as const, inferred: 'European', calibrated: true },
          { person: 'father' as const, inferred: 'South Asian', calibrated: false },
        ],
  signedOffOn: '2025-03-14',
  signedOffBy: 'Dr. Example Director, PhD',
  researchUseOnly: false,
});

const finding = {
  gene: 'CFTR',
  condition: 'Cystic fibrosis',
  variant: 'NM_000492.4:c.1521_1523del',
  zygosity: 'heterozygous' as const,
  classification: 'pathogenic' as const,
  inheritance: 'autosomal-recessive' as const,
};

const childRisk = (code: string) => ({
  code,
  lower: 0.05,
  expected: 0.08,
  upper: 0.12,
  coverage: 0.95,
  populationRisk: 0.08,
  model,
});

const individual: ReportPayload = {
  labReportId: 'LAB-1',
  version: 1,
  individualOrderId: 'order-1',
  content: {
    kind: 'individual',
    test: test('patient'),
    diseases: [disease('cad'), disease('t2d', 0.3, 0.25)],
    traits: [
      { code: 'height', predicted: { value: 168.5, unit: 'cm' }, percentile: 60, model },
      { code: 'eyecolor', predicted: { value: 'Brown' }, model },
    ],
    monogenic: [finding],
    genes: [{ gene: 'CFTR', condition: 'Cystic fibrosis', inheritance: 'autosomal-recessive' }],
    variants: [{ gene: 'BRCA1', variant: 'NM_007294.4:c.68_69del', panel: 'cancer' }],
    charts: { density: { cad: density, t2d: density } },
  },
};

const joint: ReportPayload = {
  labReportId: 'LAB-2',
  version: 1,
  coupleAccountId: 'couple-1',
  content: {
    kind: 'joint',
    test: test('couple'),
    mother: { monogenic: [finding] },
    father: { monogenic: [{ ...finding, variant: 'NM_000492.4:c.350G>A' }] },
    carrierMatches: [
      {
        gene: 'CFTR',
        condition: 'Cystic fibrosis',
        inheritance: 'autosomal-recessive',
        motherVariant: 'NM_000492.4:c.1521_1523del',
        fatherVariant: 'NM_000492.4:c.350G>A',
        childChance: 0.25,
      },
    ],
    childRisk: [childRisk('cad'), childRisk('zzz-new-model')],
    genes: [],
    variants: [],
    charts: { density: { cad: density, 'zzz-new-model': density } },
  },
};

const embryo = (label: string, priority: number) => ({
  label,
  priority,
  morphology: '4AA',
  sex: 'female' as const,
  chromosomes: { status: 'euploid' as const },
  neurodevelopmentalVariants: [],
  cancerVariants: [],
  monogenic: [],
  diseases: [disease('cad'), disease('alz', 0.12, 0.1)],
});

const embryos: ReportPayload = {
  labReportId: 'LAB-3',
  version: 2,
  changelog: 'Corrected the morphology grade of E2.',
  coupleAccountId: 'couple-1',
  content: {
    kind: 'embryo',
    test: test('couple'),
    priorityMethod: 'Euploid embryos first, then by lowest combined risk.',
    embryos: [
      embryo('E1', 1),
      { ...embryo('E2', 2), chromosomes: { status: 'mosaic', detail: 'Mosaic gain of 7 (40 %)' } },
    ],
    childRisk: [childRisk('cad'), childRisk('alz')],
    genes: [],
    variants: [],
    charts: { density: { cad: density, alz: density } },
  },
};

/** The named fields of a payload that fails, as the API reports them. */
function problems(payload: unknown): string[] {
  const result = reportPayloadSchema.safeParse(payload);
  expect(result.success).toBe(false);
  return describeSchemaIssues(result.error?.issues ?? []);
}

/**
 * A deep copy with fields set, each named by its dotted path ('content.diseases.0.percentile');
 * undefined removes the field.
 */
function withFields(payload: ReportPayload, fields: Record<string, unknown>): unknown {
  const copy = structuredClone(payload) as unknown;
  for (const [path, value] of Object.entries(fields)) {
    const keys = path.split('.');
    let node = copy as Record<string, unknown>;
    for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
    const last = keys.at(-1) ?? '';
    if (value === undefined) Reflect.deleteProperty(node, last);
    else node[last] = value;
  }
  return copy;
}

describe('reportPayloadSchema', () => {
  it.each([
    ['individual', individual],
    ['joint', joint],
    ['embryo', embryos],
  ])('accepts a valid %s report', (_kind, payload) => {
    const result = reportPayloadSchema.safeParse(payload);
    expect(result.error?.issues).toBeUndefined();
    expect(result.data).toEqual(payload);
  });

  it('accepts disease codes outside the catalog, but only code-shaped ones', () => {
    // joint holds 'zzz-new-model', which the catalogue does not know.
    expect(reportPayloadSchema.safeParse(joint).success).toBe(true);
    expect(problems(withFields(joint, { 'content.childRisk.1.code': 'Bad Code' }))).toEqual([
      'content.childRisk.1.code: Use lower-case letters, digits, _ or -',
      'content.childRisk.1.code: No density chart for Bad Code in charts.density',
    ]);
  });

  it('names a value out of range or missing', () => {
    expect(problems(withFields(individual, { 'content.diseases.0.percentile': 101 }))).toEqual([
      'content.diseases.0.percentile: Give a percentile from 0 to 100',
    ]);
    expect(problems(withFields(individual, { 'content.diseases.0.absoluteRisk': 12 }))).toContain(
      'content.diseases.0.absoluteRisk: Give a fraction from 0 to 1',
    );
    expect(problems(withFields(individual, { 'content.diseases.0.model': undefined }))).toEqual([
      'content.diseases.0.model: Required',
    ]);
    expect(problems(withFields(individual, { 'content.diseases.0.score': '0.4' }))).toEqual([
      'content.diseases.0.score: Give a number',
    ]);
  });

  it('needs at least one result from the lab: a disease, or a child risk range', () => {
    expect(
      problems(withFields(individual, { 'content.diseases': [], 'content.charts.density': {} })),
    ).toEqual(['content.diseases: Give at least 1']);
    expect(
      problems(withFields(joint, { 'content.childRisk': [], 'content.charts.density': {} })),
    ).toContain('content.childRisk: Give at least 1');
  });

  it('refuses an interval that leaves out the absolute risk', () => {
    const bad = withFields(individual, {
      'content.diseases.0.interval.lower': 0.11,
      'content.diseases.0.interval.upper': 0.2,
    });
    expect(problems(bad)).toEqual([
      'content.diseases.0.interval: The interval must contain the absolute risk',
    ]);
    const reversed = withFields(individual, {
      'content.diseases.0.interval.lower': 0.12,
      'content.diseases.0.interval.upper': 0.08,
    });
    expect(problems(reversed)).toContain(
      'content.diseases.0.interval.lower: lower must not be above upper',
    );
  });

  it('checks relative risk against absolute and population risk, within rounding', () => {
    expect(relativeRiskAgrees(0.1, 0.08, 1.25)).toBe(true);
    // Each of the three rounded to two digits: 0.1 / 0.08 may be reported as 1.27.
    expect(relativeRiskAgrees(0.1, 0.08, 1.27)).toBe(true);
    expect(relativeRiskAgrees(0.1, 0.08, 1.4)).toBe(false);
    expect(problems(withFields(individual, { 'content.diseases.1.relativeRisk': 2 }))).toEqual([
      'content.diseases.1.relativeRisk: Must equal absoluteRisk / populationRisk within rounding',
    ]);
  });

  it('refuses a disease given twice or without its density chart', () => {
    expect(problems(withFields(individual, { 'content.diseases.1': disease('cad') }))).toEqual([
      'content.diseases.1.code: cad appears twice',
    ]);
    expect(problems(withFields(individual, { 'content.charts.density.t2d': undefined }))).toEqual([
      'content.diseases.1.code: No density chart for t2d in charts.density',
    ]);
  });

  it('needs a predicted value or a percentile for a trait', () => {
    expect(problems(withFields(individual, { 'content.traits.1.predicted': undefined }))).toEqual([
      'content.traits.1.predicted: Give predicted or percentile',
    ]);
  });

  it('names unknown keys, so a misspelt field is not lost', () => {
    expect(problems(withFields(individual, { 'content.test.reserchUseOnly': true }))).toEqual([
      'content.test: Unknown field: reserchUseOnly',
    ]);
  });

  it('checks findings: gene, HGVS, zygosity, classification', () => {
    const bad = withFields(individual, {
      'content.monogenic.0': {
        ...finding,
        gene: 'cftr',
        variant: 'c.1521del',
        zygosity: 'het',
        classification: 'VUS',
      },
    });
    expect(problems(bad)).toEqual([
      'content.monogenic.0.gene: Give an HGNC gene symbol',
      "content.monogenic.0.variant: Give an HGVS description with its reference, e.g. 'NM_000492.4:c.1521_1523del'",
      'content.monogenic.0.zygosity: Give one of heterozygous, homozygous, hemizygous',
      'content.monogenic.0.classification: Give one of pathogenic, likely-pathogenic, uncertain-significance, likely-benign, benign',
    ]);
  });

  it('checks the test details', () => {
    const bad = withFields(individual, {
      'content.test.signedOffOn': '03/14/2025',
      'content.test.testType': '5x',
    });
    expect(problems(bad)).toEqual([
      'content.test.testType: Give one of standard, 30x',
      'content.test.signedOffOn: Give a date as YYYY-MM-DD',
    ]);
    const wrongPeople = withFields(joint, {
      'content.test.ancestry': [{ person: 'patient', inferred: 'European', calibrated: true }],
    });
    expect(problems(wrongPeople)).toEqual([
      'content.test.ancestry: Give the ancestry of mother and father, once each',
    ]);
  });

  it('checks embryos: findings described, labels and priorities unique, every disease', () => {
    const bad = withFields(embryos, {
      'content.embryos.1.chromosomes': { status: 'aneuploid' },
      'content.embryos.1.label': 'E1',
      'content.embryos.1.priority': 1,
      'content.embryos.0.diseases': [disease('cad')],
    });
    expect(problems(bad)).toEqual([
      'content.embryos.1.chromosomes.detail: Describe the finding for an aneuploid or mosaic embryo',
      'content.embryos.0.diseases: Give a result for alz of childRisk',
      'content.embryos.1.label: Another embryo is labeled E1',
      'content.embryos.1.priority: Another embryo has priority 1',
    ]);
  });

  it('refuses an embryo result for a disease childRisk does not hold', () => {
    const bad = withFields(embryos, {
      'content.embryos.1.diseases': [disease('cad'), disease('alz', 0.12, 0.1), disease('t2d')],
      'content.charts.density.t2d': density,
    });
    expect(problems(bad)).toEqual(['content.embryos.1.diseases.2.code: t2d is not in childRisk']);
  });

  it('refuses a trait score without its chart, and a trait chart without a score', () => {
    expect(problems(withFields(individual, { 'content.traits.0.score': 0.3 }))).toEqual([
      'content.traits.0.score: No density chart for height in charts.traits',
    ]);
    expect(
      problems(withFields(individual, { 'content.charts.traits': { eyecolor: density } })),
    ).toEqual(['content.charts.traits.eyecolor: No trait eyecolor with a score in traits']);
  });

  it('needs a changelog from version 2, and the owner that fits the kind', () => {
    expect(problems(withFields(embryos, { changelog: undefined }))).toEqual([
      'changelog: Say what changed: a changelog is required from version 2',
    ]);
    expect(
      problems(withFields(individual, { individualOrderId: undefined, coupleAccountId: 'c' })),
    ).toEqual([
      'individualOrderId: A individual report needs individualOrderId',
      'coupleAccountId: A individual report takes individualOrderId, not coupleAccountId',
    ]);
    expect(problems(withFields(joint, { coupleAccountId: undefined }))).toEqual([
      'coupleAccountId: A joint report needs coupleAccountId',
    ]);
    expect(problems(withFields(joint, { version: 0 }))).toEqual(['version: Give 1 or more']);
    expect(problems(withFields(joint, { version: 1.5 }))).toEqual(['version: Give a whole number']);
  });

  it('refuses an unknown kind by naming it', () => {
    expect(problems(withFields(joint, { 'content.kind': 'couple' }))).toEqual([
      "content.kind: Give an object whose kind is 'individual', 'joint' or 'embryo'",
    ]);
  });
});

describe('sex-specific conditions on embryo reports', () => {
  const codes = ['cad', 'brc', 'endo', 'prc'];
  const resultsFor = (sex: 'female' | 'male' | 'not-reported') =>
    codes
      .filter((code) => {
        if (sex === 'female') return code !== 'prc';
        if (sex === 'male') return code !== 'brc' && code !== 'endo';
        return true;
      })
      .map((code) => disease(code));
  const mixed = withFields(embryos, {
    'content.embryos.0.diseases': resultsFor('female'),
    'content.embryos.1.sex': 'male',
    'content.embryos.1.diseases': resultsFor('male'),
    'content.embryos.2': {
      ...embryo('E3', 3),
      sex: 'not-reported',
      diseases: resultsFor('not-reported'),
    },
    'content.childRisk': codes.map(childRisk),
    'content.charts.density': Object.fromEntries(codes.map((code) => [code, density])),
  }) as ReportPayload;

  it('accepts breast cancer and endometriosis for female embryos, prostate cancer for male ones', () => {
    expect(reportPayloadSchema.safeParse(mixed).error?.issues).toBeUndefined();
  });

  it('accepts an embryo of unreported sex with every sex-specific condition, or none', () => {
    const none = withFields(mixed, {
      'content.embryos.2.diseases': [disease('cad')],
    });
    expect(reportPayloadSchema.safeParse(none).error?.issues).toBeUndefined();
  });

  it('refuses a condition given for the wrong sex, naming the field', () => {
    expect(
      problems(
        withFields(mixed, {
          'content.embryos.0.diseases': [...resultsFor('female'), disease('prc')],
        }),
      ),
    ).toEqual([
      'content.embryos.0.diseases.3.code: prc (prostate cancer) is reported for male embryos only; this embryo is female',
    ]);
    expect(
      problems(
        withFields(mixed, {
          'content.embryos.1.diseases': [...resultsFor('male'), disease('endo')],
        }),
      ),
    ).toEqual([
      'content.embryos.1.diseases.2.code: endo (endometriosis) is reported for female embryos only; this embryo is male',
    ]);
  });

  it('needs the conditions of its own sex', () => {
    expect(problems(withFields(mixed, { 'content.embryos.0.diseases': [disease('cad')] }))).toEqual(
      ['content.embryos.0.diseases: Give a result for brc, endo of childRisk'],
    );
  });

  it('refuses some sex-specific conditions only for an embryo of unreported sex, which would tell its sex', () => {
    expect(
      problems(
        withFields(mixed, { 'content.embryos.2.diseases': [disease('cad'), disease('prc')] }),
      ),
    ).toEqual([
      'content.embryos.2.diseases: The sex of this embryo is not reported: give all of brc, endo, prc or none, as some only would tell its sex',
    ]);
  });
});

describe('trait charts', () => {
  it('accepts a trait with a score and its population in charts.traits', () => {
    const scored = withFields(individual, {
      'content.traits.0.score': 0.2,
      'content.charts.traits': { height: density },
    });
    expect(reportPayloadSchema.safeParse(scored).error?.issues).toBeUndefined();
  });
});

describe('the JSON Schema for labs', () => {
  it('is committed as generated (npm run report:schema)', () => {
    const committed = readFileSync(
      new URL(`../../../../${REPORT_JSON_SCHEMA_PATH}`, import.meta.url),
      'utf8',
    );
    expect(committed).toBe(reportJsonSchemaText());
  });

  it('describes the three kinds and the owner fields', () => {
    const schema = JSON.parse(reportJsonSchemaText()) as {
      required: string[];
      properties: Record<string, unknown>;
    };
    expect(schema.required).toEqual(['labReportId', 'version', 'content']);
    expect(Object.keys(schema.properties)).toEqual([
      'labReportId',
      'version',
      'changelog',
      'individualOrderId',
      'coupleAccountId',
      'content',
    ]);
    expect(reportJsonSchemaText()).toContain('"const": "embryo"');
  });
});
