/*
 * The demo reports: clearly fictional people with realistic, internally consistent numbers.
 * Each person's or embryo's standardised polygenic score sets its percentile and, through a
 * mean-one log-normal relative risk, its absolute risk from the population's lifetime risk.
 * Everything is computed from fixed inputs, so every seed writes the same reports.
 */
import {
  diseaseCodes,
  diseaseReportedSex,
  type DiseaseCode,
} from '@nestling/shared/catalogue/diseases';
import {
  DEMO_REPORT_SIGNED_OFF_BY,
  type DemoReportVariant,
} from '@nestling/shared/contract/demo-report';
import type {
  ChildRiskRange,
  DiseaseResult,
  Embryo,
  EmbryoReport,
  ReportPayload,
  VariantFinding,
} from '@nestling/shared/contract/report';

/** Approximate lifetime risks in the general population, for the demo only. */
const populationRisk: Record<DiseaseCode, number> = {
  aud: 0.12,
  brc: 0.12,
  bmi: 0.09,
  prc: 0.12,
  t2d: 0.3,
  cad: 0.16,
  afb: 0.25,
  ibd: 0.012,
  ms: 0.004,
  scz: 0.007,
  isc: 0.18,
  alz: 0.1,
  t1d: 0.006,
  bipolar: 0.025,
  celiac: 0.01,
  parkinsons: 0.02,
  endo: 0.1,
  asthma: 0.1,
};

/**
 * Reported for everyone; the sex-specific conditions (the catalogue's sexSpecificDiseases) come
 * after them, so each code keeps its place, and with it its scores, in every list.
 */
const sharedCodes: DiseaseCode[] = diseaseCodes.filter(
  (code) => diseaseReportedSex(code) === undefined,
);
const femaleOnlyCodes: DiseaseCode[] = diseaseCodes.filter(
  (code) => diseaseReportedSex(code) === 'female',
);
const maleOnlyCodes: DiseaseCode[] = diseaseCodes.filter(
  (code) => diseaseReportedSex(code) === 'male',
);
/** A couple's children may be daughters or sons: their ranges cover every condition. */
const childCodes: DiseaseCode[] = [...sharedCodes, ...femaleOnlyCodes, ...maleOnlyCodes];
const femaleCodes: DiseaseCode[] = [...sharedCodes, ...femaleOnlyCodes];
const maleCodes: DiseaseCode[] = [...sharedCodes, ...maleOnlyCodes];
/** A code's fixed place, which picks its scores. */
const codeIndex = (code: DiseaseCode) => childCodes.indexOf(code);

/** The conditions reported for a person or an embryo of this sex (all of them when unknown). */
function codesFor(sex: 'female' | 'male' | 'not-reported'): DiseaseCode[] {
  if (sex === 'female') return femaleCodes;
  if (sex === 'male') return maleCodes;
  return childCodes;
}

const model = (code: string) => ({ id: `nestling-demo-${code}`, version: '3.2.0' });

/** How strongly the score moves the risk: the log relative risk per standard deviation. */
const EFFECT = 0.45;

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** The standard normal distribution function (Abramowitz and Stegun 26.2.17). */
function normalCdf(z: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(z));
  const tail =
    0.3989423 *
    Math.exp((-z * z) / 2) *
    t *
    (0.3193815 + t * (-0.3565638 + t * (1.781478 + t * (-1.821256 + t * 1.330274))));
  return z >= 0 ? 1 - tail : tail;
}

/** Its inverse, by bisection: precise enough for 200 chart values. */
function normalQuantile(p: number): number {
  let low = -8;
  let high = 8;
  for (let step = 0; step < 60; step += 1) {
    const middle = (low + high) / 2;
    if (normalCdf(middle) < p) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

const absoluteRiskAt = (code: DiseaseCode, score: number) =>
  Math.min(0.95, populationRisk[code] * Math.exp(EFFECT * score - (EFFECT * EFFECT) / 2));

function diseaseResult(code: DiseaseCode, score: number): DiseaseResult {
  const population = populationRisk[code];
  const absoluteRisk = round(absoluteRiskAt(code, score), 4);
  return {
    code,
    score: round(score, 3),
    percentile: round(normalCdf(score) * 100, 1),
    absoluteRisk,
    populationRisk: population,
    relativeRisk: round(absoluteRisk / population, 2),
    interval: {
      lower: round(absoluteRisk * 0.78, 4),
      upper: round(Math.min(1, absoluteRisk * 1.27), 4),
      confidence: 0.95,
    },
    model: model(code),
  };
}

/** A fixed, varied score per person and disease, from -2 to 2. */
function scoreOf(seed: number, index: number): number {
  return round(Math.sin(seed * 12.9898 + index * 78.233) * 2, 3);
}

/**
 * 400 quantiles of the standard normal: the population's scores in the density chart. Fewer
 * put the same whole number of people in each of the middle buckets (200 gave 12 in each of six)
 * and the curve a flat top that looks cut off.
 */
const densityValues = Array.from({ length: 400 }, (_, i) =>
  round(normalQuantile((i + 0.5) / 400), 3),
);
const densityFor = (codes: readonly string[]) =>
  Object.fromEntries(codes.map((code) => [code, { values: densityValues }]));

/** A trait's percentile, and the standardised score at it, which its density chart marks. */
const scoredTrait = (percentile: number) => ({
  percentile,
  score: round(normalQuantile(percentile / 100), 3),
});

function testDetails(
  testType: 'standard' | '30x',
  ancestry: ReportPayload['content']['test']['ancestry'],
  signedOffOn: string,
) {
  return {
    testType,
    coverage: testType === '30x' ? 31.6 : 5.2,
    genomeBuild: 'GRCh38' as const,
    ancestry,
    signedOffOn,
    signedOffBy: 'Dr. Rowan Fictional, PhD, FACMG (Laboratory Director)',
    researchUseOnly: false,
  };
}

const gjb2Carrier: VariantFinding = {
  gene: 'GJB2',
  condition: 'GJB2-related nonsyndromic hearing loss',
  variant: 'NM_004004.6:c.35del',
  zygosity: 'heterozygous',
  classification: 'pathogenic',
  inheritance: 'autosomal-recessive',
};
const gjb2FatherCarrier: VariantFinding = { ...gjb2Carrier, variant: 'NM_004004.6:c.101T>C' };
const hbbCarrier: VariantFinding = {
  gene: 'HBB',
  condition: 'Beta-thalassemia',
  variant: 'NM_000518.5:c.92+1G>A',
  zygosity: 'heterozygous',
  classification: 'pathogenic',
  inheritance: 'autosomal-recessive',
};

const screenedGenes = [
  { gene: 'CFTR', condition: 'Cystic fibrosis', inheritance: 'autosomal-recessive' as const },
  {
    gene: 'GJB2',
    condition: 'GJB2-related nonsyndromic hearing loss',
    inheritance: 'autosomal-recessive' as const,
  },
  { gene: 'HBB', condition: 'Beta-thalassemia', inheritance: 'autosomal-recessive' as const },
  {
    gene: 'SMN1',
    condition: 'Spinal muscular atrophy',
    inheritance: 'autosomal-recessive' as const,
  },
  { gene: 'FMR1', condition: 'Fragile X syndrome', inheritance: 'x-linked-dominant' as const },
];
const screenedVariants = [
  { gene: 'BRCA1', variant: 'NM_007294.4:c.68_69del', panel: 'cancer' as const },
  { gene: 'BRCA2', variant: 'NM_000059.4:c.5946del', panel: 'cancer' as const },
  { gene: 'CHD8', variant: 'NM_001170629.2:c.2875C>T', panel: 'neurodevelopmental' as const },
];

function individualReport(options: {
  labReportId: string;
  orderId: string;
  seed: number;
  sex: 'Female' | 'Male';
  ancestry: string;
  signedOffOn: string;
  monogenic: VariantFinding[];
  heightCm: number;
}): ReportPayload {
  const codes = codesFor(options.sex === 'Female' ? 'female' : 'male');
  return {
    labReportId: options.labReportId,
    version: 1,
    individualOrderId: options.orderId,
    content: {
      kind: 'individual',
      test: testDetails(
        '30x',
        [{ person: 'patient', inferred: options.ancestry, calibrated: true }],
        options.signedOffOn,
      ),
      diseases: codes.map((code) => diseaseResult(code, scoreOf(options.seed, codeIndex(code)))),
      traits: [
        {
          code: 'height',
          predicted: { value: options.heightCm, unit: 'cm' },
          ...scoredTrait(58),
          model: model('height'),
        },
        { code: 'eyecolor', predicted: { value: 'Brown' }, model: model('eyecolor') },
        { code: 'haircolor', predicted: { value: 'Dark brown' }, model: model('haircolor') },
        { code: 'myopia', ...scoredTrait(71), model: model('myopia') },
      ],
      monogenic: options.monogenic,
      genes: screenedGenes,
      variants: screenedVariants,
      // Colors are categories, not a scale: only height and myopia have a distribution.
      charts: { density: densityFor(codes), traits: densityFor(['height', 'myopia']) },
    },
  };
}

/**
 * The range of lifetime risk a couple's children could have: midparent score ± 1.96 SD/√2.
 * For a sex-specific condition, the range of the daughters or the sons it is reported for.
 */
function childRiskRanges(motherSeed: number, fatherSeed: number): ChildRiskRange[] {
  return childCodes.map((code) => {
    const index = codeIndex(code);
    const midparent = (scoreOf(motherSeed, index) + scoreOf(fatherSeed, index)) / 2;
    const spread = 1.96 * Math.SQRT1_2;
    return {
      code,
      lower: round(absoluteRiskAt(code, midparent - spread), 4),
      expected: round(absoluteRiskAt(code, midparent), 4),
      upper: round(absoluteRiskAt(code, midparent + spread), 4),
      coverage: 0.95,
      populationRisk: populationRisk[code],
      model: model(code),
    };
  });
}

export const demoOrders = {
  mother: 'demo-order-mother',
  father: 'demo-order-father',
  individual: 'demo-order-individual',
} as const;
export const demoCoupleAccountId = 'demo-couple';
export const demoEmbryoCoupleAccountId = 'demo-embryo-couple';

const SEED = { mother: 1.7, father: 2.3, individual: 3.1, embryoMother: 4.4, embryoFather: 5.9 };

export const motherReport = individualReport({
  labReportId: 'DEMO-IND-MOTHER',
  orderId: demoOrders.mother,
  seed: SEED.mother,
  sex: 'Female',
  ancestry: 'European',
  signedOffOn: '2025-02-03',
  monogenic: [gjb2Carrier],
  heightCm: 166.2,
});

export const fatherReport = individualReport({
  labReportId: 'DEMO-IND-FATHER',
  orderId: demoOrders.father,
  seed: SEED.father,
  sex: 'Male',
  ancestry: 'European',
  signedOffOn: '2025-02-03',
  monogenic: [gjb2FatherCarrier],
  heightCm: 181.4,
});

export const jointReport: ReportPayload = {
  labReportId: 'DEMO-JOINT',
  version: 1,
  coupleAccountId: demoCoupleAccountId,
  content: {
    kind: 'joint',
    test: testDetails(
      '30x',
      [
        { person: 'mother', inferred: 'European', calibrated: true },
        { person: 'father', inferred: 'European', calibrated: true },
      ],
      '2025-02-05',
    ),
    mother: { monogenic: [gjb2Carrier] },
    father: { monogenic: [gjb2FatherCarrier] },
    carrierMatches: [
      {
        gene: 'GJB2',
        condition: 'GJB2-related nonsyndromic hearing loss',
        inheritance: 'autosomal-recessive',
        motherVariant: gjb2Carrier.variant,
        fatherVariant: gjb2FatherCarrier.variant,
        childChance: 0.25,
      },
    ],
    childRisk: childRiskRanges(SEED.mother, SEED.father),
    genes: screenedGenes,
    variants: screenedVariants,
    charts: { density: densityFor(childCodes) },
  },
};

const individualVersion1 = individualReport({
  labReportId: 'DEMO-IND-IRIS',
  orderId: demoOrders.individual,
  seed: SEED.individual,
  sex: 'Female',
  ancestry: 'East Asian',
  signedOffOn: '2024-11-18',
  monogenic: [],
  heightCm: 162.8,
});

/** Iris's report as first issued, and as amended with a recalibrated model. */
export const individualReports: readonly ReportPayload[] = [
  individualVersion1,
  (() => {
    const amended = individualReport({
      labReportId: 'DEMO-IND-IRIS',
      orderId: demoOrders.individual,
      seed: SEED.individual,
      sex: 'Female',
      ancestry: 'East Asian',
      signedOffOn: '2025-01-27',
      monogenic: [hbbCarrier],
      heightCm: 162.8,
    });
    return {
      ...amended,
      version: 2,
      changelog:
        'Added a beta-thalassemia carrier finding (HBB) after confirmation by a second method; no change to the disease risks.',
    };
  })(),
];

const embryoSpecs: {
  label: string;
  priority: number;
  morphology: string;
  sex: Embryo['sex'];
  offset: number;
  chromosomes?: Embryo['chromosomes'];
  monogenic?: VariantFinding[];
}[] = [
  { label: 'E1', priority: 1, morphology: '5AA', sex: 'female', offset: -0.6 },
  { label: 'E2', priority: 2, morphology: '4AB', sex: 'male', offset: -0.2 },
  { label: 'E3', priority: 3, morphology: '4BB', sex: 'female', offset: 0.3 },
  {
    label: 'E4',
    priority: 4,
    morphology: '5AB',
    sex: 'male',
    offset: 0.1,
    monogenic: [{ ...hbbCarrier, zygosity: 'homozygous' }],
  },
  { label: 'E5', priority: 5, morphology: '3BB', sex: 'male', offset: 0.7 },
  {
    label: 'E6',
    priority: 6,
    morphology: '4BC',
    sex: 'female',
    offset: -0.3,
    chromosomes: { status: 'aneuploid', detail: 'Trisomy 16 (three copies of chromosome 16)' },
  },
];

/**
 * The embryo couple's lab holds back scores that explain less than 3 % of the variance in
 * liability; its ischemic stroke score explains 2 % (the catalogue's r²), so the report shows
 * a condition held back (ADR 030). Only this report: the others count every condition.
 */
const HELD_BACK_CODE: DiseaseCode = 'isc';
function withReportingThreshold<Result extends { code: string; model: DiseaseResult['model'] }>(
  result: Result,
): Result {
  return result.code === HELD_BACK_CODE
    ? { ...result, model: { ...result.model, minimumVarianceExplained: 0.03 } }
    : result;
}

const RISK_CAVEAT =
  'A lower risk is not a guarantee: every embryo can still develop any of these conditions, ' +
  'and most of the risk of common diseases does not come from genes.';

/** The embryo couple's report; `polygenicOnly` leaves out every single-gene screen. */
function embryoContent(options: {
  test: EmbryoReport['test'];
  polygenicOnly: boolean;
}): EmbryoReport {
  const { polygenicOnly } = options;
  return {
    kind: 'embryo',
    test: options.test,
    priorityMethod: polygenicOnly
      ? 'Embryos with a chromosome finding come last. The others are ranked by morphology ' +
        'grade and the average relative risk across the diseases screened. Only genetic risk ' +
        `scores were tested: no single-gene conditions or variants. ${RISK_CAVEAT}`
      : 'Embryos with a chromosome or single-gene finding come last. The others are ranked by ' +
        'morphology grade, then by the lowest average relative risk across the diseases ' +
        `screened. ${RISK_CAVEAT}`,
    embryos: embryoSpecs.map((spec, embryoIndex) => ({
      label: spec.label,
      priority: spec.priority,
      morphology: spec.morphology,
      sex: spec.sex,
      chromosomes: spec.chromosomes ?? { status: 'euploid' },
      neurodevelopmentalVariants: [],
      cancerVariants: [],
      monogenic: polygenicOnly ? [] : (spec.monogenic ?? []),
      diseases: codesFor(spec.sex).map((code) => {
        const index = codeIndex(code);
        const midparent =
          (scoreOf(SEED.embryoMother, index) + scoreOf(SEED.embryoFather, index)) / 2;
        const deviation = spec.offset + scoreOf(embryoIndex + 7.1, index) * 0.2;
        return withReportingThreshold(diseaseResult(code, midparent + deviation));
      }),
    })),
    childRisk: childRiskRanges(SEED.embryoMother, SEED.embryoFather).map(withReportingThreshold),
    genes: polygenicOnly ? [] : screenedGenes,
    variants: polygenicOnly ? [] : screenedVariants,
    charts: { density: densityFor(childCodes) },
  };
}

const embryoAncestry: EmbryoReport['test']['ancestry'] = [
  { person: 'mother', inferred: 'European', calibrated: true },
  { person: 'father', inferred: 'Admixed American', calibrated: false },
];

export const embryoReport: ReportPayload = {
  labReportId: 'DEMO-EMBRYO',
  version: 1,
  coupleAccountId: demoEmbryoCoupleAccountId,
  content: embryoContent({
    test: testDetails('standard', embryoAncestry, '2025-03-10'),
    polygenicOnly: false,
  }),
};

/**
 * The public demo embryo reports: the embryo couple's numbers, signed off as sample data.
 * `30x` a 30x genome, `5x` a low-pass genome, `grs` genetic risk scores only.
 */
export function demoEmbryoReport(variant: DemoReportVariant): {
  labReportId: string;
  content: EmbryoReport;
} {
  const testType = variant === '30x' ? '30x' : 'standard';
  const test = {
    ...testDetails(testType, embryoAncestry, '2025-03-10'),
    ...(variant === '5x' ? { coverage: 5.0 } : {}),
    signedOffBy: DEMO_REPORT_SIGNED_OFF_BY,
  };
  return {
    labReportId: `DEMO-EMBRYO-${variant.toUpperCase()}`,
    content: embryoContent({ test, polygenicOnly: variant === 'grs' }),
  };
}

/** Every demo payload, in the order a lab would have sent them. */
export const demoReportPayloads: readonly ReportPayload[] = [
  motherReport,
  fatherReport,
  jointReport,
  ...individualReports,
  embryoReport,
];
