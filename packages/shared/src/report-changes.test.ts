import { describe, expect, it } from 'vitest';
import type {
  DiseaseResult,
  Embryo,
  EmbryoReport,
  IndividualReport,
  JointReport,
  TestDetails,
  VariantFinding,
} from './contract/report.ts';
import { reportContentChanges } from './report-changes.ts';

const model = { id: 'prs', version: '1' };
const test: TestDetails = {
  testType: 'standard',
  coverage: 30,
  genomeBuild: 'GRCh38',
  ancestry: [{ person: 'patient', inferred: 'European', calibrated: true }],
  signedOffOn: '2026-01-01',
  signedOffBy: 'Dr Lab',
  researchUseOnly: false,
};
const lists = { genes: [], variants: [] };

function disease(code: string, absoluteRisk: number): DiseaseResult {
  return {
    code,
    score: 0,
    percentile: 50,
    absoluteRisk,
    populationRisk: 0.1,
    relativeRisk: absoluteRisk / 0.1,
    interval: { lower: 0, upper: 1, confidence: 0.95 },
    model,
  };
}

const finding = (gene: string, classification: VariantFinding['classification']) =>
  ({
    gene,
    condition: `${gene} condition`,
    variant: 'NM_000492.4:c.1521_1523del',
    zygosity: 'heterozygous',
    classification,
    inheritance: 'autosomal-recessive',
  }) satisfies VariantFinding;

function individual(fields: Partial<IndividualReport> = {}): IndividualReport {
  return {
    kind: 'individual',
    test,
    diseases: [disease('t2d', 0.082), disease('cad', 0.3)],
    traits: [{ code: 'height', predicted: { value: 170, unit: 'cm' }, percentile: 60, model }],
    monogenic: [],
    ...lists,
    charts: { density: {} },
    ...fields,
  };
}

const range = (code: string, expected: number) => ({
  code,
  lower: 0,
  expected,
  upper: 1,
  coverage: 0.95,
  populationRisk: 0.1,
  model,
});

function joint(fields: Partial<JointReport> = {}): JointReport {
  return {
    kind: 'joint',
    test,
    mother: { monogenic: [] },
    father: { monogenic: [] },
    carrierMatches: [],
    childRisk: [range('t2d', 0.2), range('cad', 0.1)],
    ...lists,
    charts: { density: {} },
    ...fields,
  };
}

function embryo(label: string, priority: number, fields: Partial<Embryo> = {}): Embryo {
  return {
    label,
    priority,
    morphology: '4AA',
    sex: 'female',
    chromosomes: { status: 'euploid' },
    neurodevelopmentalVariants: [],
    cancerVariants: [],
    monogenic: [],
    diseases: [disease('t2d', 0.1)],
    ...fields,
  };
}

function embryos(list: Embryo[]): EmbryoReport {
  return {
    kind: 'embryo',
    test,
    priorityMethod: 'By risk',
    embryos: list,
    childRisk: [range('t2d', 0.1)],
    ...lists,
    charts: { density: {} },
  };
}

describe('what changed between two versions of a report', () => {
  it('finds nothing between equal contents, or risks that read the same once rounded', () => {
    expect(reportContentChanges(individual(), individual())).toEqual({ items: [], more: 0 });
    const rounded = individual({ diseases: [disease('t2d', 0.08201), disease('cad', 0.3)] });
    expect(reportContentChanges(individual(), rounded).items).toEqual([]);
  });

  it('names conditions from the catalog and states risks as percentages', () => {
    const after = individual({
      diseases: [disease('t2d', 0.091), disease('alz', 0.12)],
      traits: [{ code: 'height', predicted: { value: 172, unit: 'cm' }, percentile: 60, model }],
      monogenic: [finding('HBB', 'pathogenic')],
    });
    expect(reportContentChanges(individual(), after).items).toEqual([
      'You: a new single-gene finding, HBB NM_000492.4:c.1521_1523del (HBB condition), pathogenic.',
      'Type 2 Diabetes: the lifetime risk is now 9.1% (was 8.2%).',
      "Alzheimer's Disease: newly reported, a lifetime risk of 12.0%.",
      'Coronary Artery Disease: no longer reported.',
      'Height: now 172 cm, 60th percentile (was 170 cm, 60th percentile).',
    ]);
  });

  it('follows a finding whose classification changed, and one removed', () => {
    const before = individual({
      monogenic: [finding('HBB', 'uncertain-significance'), finding('GJB2', 'pathogenic')],
    });
    const after = individual({ monogenic: [finding('HBB', 'likely-pathogenic')] });
    expect(reportContentChanges(before, after).items).toEqual([
      'You: HBB NM_000492.4:c.1521_1523del (HBB condition) is now likely pathogenic (was uncertain significance).',
      'You: a single-gene finding is no longer reported, GJB2 NM_000492.4:c.1521_1523del (GJB2 condition).',
    ]);
  });

  it("compares a couple's carrier matches, each partner's findings and the children's expected risks", () => {
    const match = {
      gene: 'CFTR',
      condition: 'Cystic fibrosis',
      inheritance: 'autosomal-recessive' as const,
      motherVariant: 'NM_000492.4:c.1521_1523del',
      fatherVariant: 'NM_000492.4:c.1521_1523del',
      childChance: 0.25,
    };
    const after = joint({
      carrierMatches: [match],
      father: { monogenic: [finding('CFTR', 'pathogenic')] },
      childRisk: [range('t2d', 0.25), range('cad', 0.1)],
    });
    expect(reportContentChanges(joint(), after).items).toEqual([
      'You both carry a variant for Cystic fibrosis (CFTR): newly found, a 25.0% chance for each child.',
      'Father: a new single-gene finding, CFTR NM_000492.4:c.1521_1523del (CFTR condition), pathogenic.',
      'Type 2 Diabetes: the expected risk for your children is now 25.0% (was 20.0%).',
    ]);
  });

  it('follows embryos by label: added, removed, a new priority, chromosomes and risks', () => {
    const before = embryos([embryo('E1', 1), embryo('E2', 2), embryo('E3', 3)]);
    const after = embryos([
      embryo('E1', 2, { diseases: [disease('t2d', 0.15)] }),
      embryo('E2', 1, { chromosomes: { status: 'mosaic', detail: 'Mosaic gain of 7' } }),
      embryo('E4', 3),
    ]);
    expect(reportContentChanges(before, after).items).toEqual([
      'Embryo E1: now priority 2 (was 1).',
      'Embryo E2: now priority 1 (was 2); chromosomes Mosaic: Mosaic gain of 7 (was Euploid (expected chromosome count)).',
      'Embryo E4: newly reported, priority 3.',
      'Embryo E3: no longer in the report.',
      'Embryo E1, Type 2 Diabetes: the lifetime risk is now 15.0% (was 10.0%).',
    ]);
  });

  it('never states the numbers of a result not accurate enough to report', () => {
    const weak = (result: DiseaseResult): DiseaseResult => ({
      ...result,
      model: { ...model, varianceExplained: 0.01, minimumVarianceExplained: 0.03 },
    });
    const before = individual({ diseases: [disease('t2d', 0.082), weak(disease('isc', 0.05))] });
    const after = individual({
      diseases: [weak(disease('t2d', 0.09)), weak(disease('isc', 0.07))],
    });
    expect(reportContentChanges(before, after).items).toEqual([
      'Type 2 Diabetes: now not reported, as the score is not accurate enough.',
    ]);
  });

  it('lists at most the limit and counts the rest', () => {
    const many = (risk: number) =>
      embryos(
        Array.from({ length: 30 }, (_, index) =>
          embryo(`E${String(index + 1)}`, index + 1, { diseases: [disease('t2d', risk)] }),
        ),
      );
    const changes = reportContentChanges(many(0.1), many(0.2), 12);
    expect(changes.items).toHaveLength(12);
    expect(changes.more).toBe(18);
  });

  it('says nothing when the kinds differ', () => {
    expect(reportContentChanges(individual(), joint())).toEqual({ items: [], more: 0 });
  });
});
