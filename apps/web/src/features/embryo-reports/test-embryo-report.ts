import { diseaseCodes, diseaseReportedSex } from '@nestling/shared/catalogue/diseases';
import type {
  DiseaseResult,
  Embryo,
  EmbryoReport,
  VariantFinding,
} from '@nestling/shared/contract/report';

/*
 * Embryo reports made up for the unit tests and the comparison bench: every number follows the
 * contract's cross-field rules (relative risk = absolute / population, the interval holds the
 * absolute risk, a density chart per disease), so the pages see what a lab could send.
 */

export interface TestEmbryoSpec {
  readonly label: string;
  readonly priority: number;
  /** Absolute lifetime risk per disease code, 0-1; any code left out gets a made-up risk. */
  readonly risks?: Readonly<Record<string, number>>;
  readonly sex?: Embryo['sex'];
  readonly morphology?: string;
  readonly chromosomes?: Embryo['chromosomes'];
  readonly monogenic?: readonly VariantFinding[];
}

export const sickleCellCarrier: VariantFinding = {
  gene: 'HBB',
  condition: 'Sickle cell disease',
  variant: 'NM_000518.5:c.20A>T',
  zygosity: 'heterozygous',
  classification: 'pathogenic',
  inheritance: 'autosomal-recessive',
};

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** A fixed, varied number from 0 to 1 for each pair of inputs. */
function unit(a: number, b: number): number {
  const x = Math.sin(a * 12.9898 + b * 78.233) * 43_758.5453;
  return x - Math.floor(x);
}

/** Roughly the population's lifetime risk, from 1 % to 25 %, fixed per disease. */
function populationRiskOf(codeIndex: number): number {
  return round(0.01 + unit(codeIndex, 0.5) * 0.24, 3);
}

/** 200 scores of a bell-shaped population (the logistic's quantiles). */
const populationScores = Array.from({ length: 200 }, (_, index) => {
  const p = (index + 0.5) / 200;
  return round(Math.log(p / (1 - p)) / 1.7, 3);
});

function diseaseResult(code: string, absoluteRisk: number, populationRisk: number): DiseaseResult {
  const relativeRisk = round(absoluteRisk / populationRisk, 2);
  const score = round(Math.log(relativeRisk) / 0.45, 3);
  return {
    code,
    score,
    percentile: round(100 / (1 + Math.exp(-1.7 * score)), 1),
    absoluteRisk,
    populationRisk,
    relativeRisk,
    interval: {
      lower: round(absoluteRisk * 0.8, 4),
      upper: round(Math.min(1, absoluteRisk * 1.25), 4),
      confidence: 0.95,
    },
    model: { id: `${code}-prs`, version: '1.0.0' },
  };
}

/**
 * An embryo report with these embryos and diseases (all 18 of the catalogue by default); a
 * female or male embryo gets only the sex-specific diseases of its sex.
 */
export function testEmbryoReport({
  embryos,
  codes = diseaseCodes,
  researchUseOnly = false,
  priorityMethod = 'Embryos with a chromosome or single-gene finding come last. The others are ranked by morphology grade.',
}: {
  embryos: readonly TestEmbryoSpec[];
  codes?: readonly string[];
  researchUseOnly?: boolean;
  priorityMethod?: string;
}): EmbryoReport {
  const population = new Map(codes.map((code, index) => [code, populationRiskOf(index)]));
  const builtEmbryos: Embryo[] = embryos.map((spec, embryoIndex) => ({
    label: spec.label,
    priority: spec.priority,
    morphology: spec.morphology ?? '4AA',
    sex: spec.sex ?? 'not-reported',
    chromosomes: spec.chromosomes ?? { status: 'euploid' },
    neurodevelopmentalVariants: [],
    cancerVariants: [],
    monogenic: [...(spec.monogenic ?? [])],
    diseases: codes.flatMap((code, codeIndex) => {
      // A sex-specific condition only for the embryos of its sex (the report contract's rule).
      const reportedSex = diseaseReportedSex(code);
      const sex = spec.sex ?? 'not-reported';
      if (reportedSex !== undefined && sex !== 'not-reported' && sex !== reportedSex) return [];
      const populationRisk = population.get(code) ?? 0.1;
      const made = round(populationRisk * (0.5 + unit(embryoIndex + 1, codeIndex + 1)), 4);
      return [diseaseResult(code, spec.risks?.[code] ?? made, populationRisk)];
    }),
  }));
  return {
    kind: 'embryo',
    test: {
      testType: 'standard',
      coverage: 30.2,
      genomeBuild: 'GRCh38',
      ancestry: [
        { person: 'mother', inferred: 'European', calibrated: true },
        { person: 'father', inferred: 'East Asian', calibrated: true },
      ],
      signedOffOn: '2025-03-10',
      signedOffBy: 'Dr. Rowan Director',
      researchUseOnly,
    },
    priorityMethod,
    embryos: builtEmbryos,
    childRisk: codes.map((code) => {
      const found = builtEmbryos.flatMap((embryo) => {
        const result = embryo.diseases.find((entry) => entry.code === code);
        return result === undefined ? [] : [result.absoluteRisk];
      });
      // No embryo of the condition's sex: the range sits around the population's risk.
      const risks = found.length > 0 ? found : [population.get(code) ?? 0.1];
      const expected = round(risks.reduce((sum, risk) => sum + risk, 0) / risks.length, 4);
      return {
        code,
        lower: round(Math.min(...risks) * 0.8, 4),
        expected,
        upper: round(Math.min(1, Math.max(...risks) * 1.2), 4),
        coverage: 0.95,
        populationRisk: population.get(code) ?? 0.1,
        model: { id: `${code}-prs`, version: '1.0.0' },
      };
    }),
    genes: [{ gene: 'HBB', condition: 'Sickle cell disease', inheritance: 'autosomal-recessive' }],
    variants: [],
    charts: {
      density: Object.fromEntries(codes.map((code) => [code, { values: populationScores }])),
    },
  };
}

/**
 * `count` embryos over every disease of the catalogue, in a shuffled priority order, with a
 * chromosome finding in every seventh and a single-gene finding in every fifth: the size a
 * large IVF cycle reaches, for the bench.
 */
export function generatedEmbryoReport(count: number): EmbryoReport {
  const priorities = Array.from({ length: count }, (_, index) => index + 1).sort(
    (a, b) => unit(a, 3) - unit(b, 3),
  );
  return testEmbryoReport({
    embryos: priorities.map((priority, index) => ({
      label: `E${String(index + 1)}`,
      priority,
      sex: index % 2 === 0 ? 'female' : 'male',
      morphology: ['5AA', '4AB', '4BB', '3BC'][index % 4] ?? '4AA',
      ...(index % 7 === 6
        ? { chromosomes: { status: 'aneuploid', detail: 'Monosomy 22' } as const }
        : {}),
      ...(index % 5 === 4 ? { monogenic: [sickleCellCarrier] } : {}),
    })),
  });
}
