/*
 * The words and numbers of a report, shared by the web pages and the server's PDF so that both
 * say the same thing, rounded the same way as the chart maths (charts.ts).
 */
import {
  describePercentile,
  dotCount,
  formatRiskPercent,
  ordinal,
  statedPercentile,
} from '@nestling/shared/charts';
import { UNKNOWN_NAME } from '@nestling/shared/catalogue/catalogue-entry';
import { getDisease } from '@nestling/shared/catalogue/diseases';
import type {
  Ancestry,
  ChildRiskRange,
  Embryo,
  ReportContent,
  TestDetails,
  VariantFinding,
} from '@nestling/shared/contract/report';
import { formatUsDate, preconceptionTestName } from '@nestling/shared/products';

/** The embryo test has no name in spec section 9; it takes the same ' - 30x' suffix. */
export const EMBRYO_TEST_NAME = 'Embryo Genetic Screening';

/** Spec section 9: ' - 30x' for a 30x test, then ' - Individual' for an individual report. */
export function reportTestName(content: ReportContent): string {
  const { testType } = content.test;
  if (content.kind === 'embryo') return preconceptionTestName({ testType }, EMBRYO_TEST_NAME);
  return preconceptionTestName({ testType, individual: content.kind === 'individual' });
}

export const REPORT_KIND_TITLE = {
  individual: 'Individual report',
  joint: 'Joint report for a couple',
  embryo: 'Embryo report',
} as const satisfies Record<ReportContent['kind'], string>;

/**
 * '2025-01-27' (a sign-off date as the lab sends it) -> '1/27/2025', through the same US date
 * format as every other date of the portal (unix seconds, UTC, so no time zone moves the day).
 */
export function usDateFromIsoDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new RangeError(`A date must be YYYY-MM-DD; got ${isoDate}`);
  const [, year, month, day] = match.map(Number);
  return formatUsDate(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1) / 1000);
}

export function usDateFromDate(date: Date): string {
  return formatUsDate(Math.floor(date.getTime() / 1000));
}

/** A fraction (0-1) as the report states it: '8.2%', '<0.1%'. */
export function riskPercent(fraction: number): string {
  return formatRiskPercent(fraction * 100);
}

/**
 * A condition's section in a few words, beside its name while it is closed: 'Your risk 12.0%
 * (average 8.0%)'. `whose` is the risk's name on that report: 'Your risk', 'Risk', 'Expected'.
 */
export function riskGist(whose: string, risk: number, average: number): string {
  return `${whose} ${riskPercent(risk)} (average ${riskPercent(average)})`;
}

/**
 * 'About 8 in 100 people like you develop type 2 diabetes in their lifetime (8.2%).', word for
 * word the dot grid's sentence on the page (apps/web/src/features/charts/dot-grid.tsx).
 */
export function absoluteRiskSentence(
  code: string,
  absoluteRisk: number,
  people = 'people like you',
): string {
  const { inWords } = dotCount(absoluteRisk * 100);
  return `${inWords} ${people} develop ${diseaseLowerName(code)} in their lifetime (${riskPercent(absoluteRisk)}).`;
}

/**
 * The catalogue's name of a disease; a code the catalogue does not know yet (a lab may add a
 * model first) keeps its code beside 'Unknown', so that two of them can be told apart.
 */
export function diseaseName(code: string): string {
  const { name } = getDisease(code);
  return name === UNKNOWN_NAME ? `${UNKNOWN_NAME} (${code})` : name;
}

/** The name inside a sentence: 'type 2 diabetes', "Alzheimer's disease". */
export function diseaseLowerName(code: string): string {
  const entry = getDisease(code);
  return entry.name === UNKNOWN_NAME ? `the condition coded ${code}` : entry.lowerName;
}

/** 'About 8 in 100 (8.2%)': a risk in a table cell, words first as in the sentences. */
export function riskInWords(fraction: number): string {
  return `${dotCount(fraction * 100).inWords} (${riskPercent(fraction)})`;
}

/** '86th', 'Below the 1st': a percentile in a table cell, rounded down as the sentences state it. */
export function percentileCell(percentile: number): string {
  const stated = statedPercentile(percentile);
  return stated === 0 ? 'Below the 1st' : ordinal(stated);
}

/** '6.4% to 10.4%': an interval in a table cell; its confidence is in the column's title. */
export function intervalCell(interval: { lower: number; upper: number }): string {
  return `${riskPercent(interval.lower)} to ${riskPercent(interval.upper)}`;
}

/** '95%': the confidence of an interval, for a column's title. */
export function confidenceText(confidence: number): string {
  return `${String(Math.round(confidence * 100))}%`;
}

/**
 * '95 in 100 of your possible children would have a lifetime risk of type 2 diabetes between
 * 20.1% and 38.5%; the expected risk is 27.0%.'
 */
export function childRangeSentence(range: ChildRiskRange): string {
  const share = String(Math.round(range.coverage * 100));
  return (
    `${share} in 100 of your possible children would have a lifetime risk of ` +
    `${diseaseLowerName(range.code)} between ${riskPercent(range.lower)} and ` +
    `${riskPercent(range.upper)}; the expected risk is ${riskPercent(range.expected)}.`
  );
}

/** 'lower than expected', as the web page's range chart compares an embryo (one decimal). */
export function comparedWithExpected(absoluteRisk: number, expected: number): string {
  const difference = Number((absoluteRisk * 100).toFixed(1)) - Number((expected * 100).toFixed(1));
  if (difference === 0) return 'the same as expected';
  return difference < 0 ? 'lower than expected' : 'higher than expected';
}

export function sexText(sex: Embryo['sex']): string {
  return sex === 'not-reported' ? 'Not reported' : sex === 'female' ? 'Female' : 'Male';
}

/** 'Euploid (expected chromosome count)', 'Aneuploid: Trisomy 16 (…)'. */
export function chromosomesText(chromosomes: Embryo['chromosomes']): string {
  const { status, detail } = chromosomes;
  if (status === 'euploid') return 'Euploid (expected chromosome count)';
  const word = status === 'aneuploid' ? 'Aneuploid' : 'Mosaic';
  return detail === undefined ? word : `${word}: ${detail}`;
}

/** 'HBB NM_000518.5:c.92+1G>A (Beta-thalassemia): homozygous (two copies), pathogenic'. */
export function findingText(finding: VariantFinding): string {
  return (
    `${finding.gene} ${finding.variant} (${finding.condition}): ` +
    `${zygosityText(finding.zygosity).toLowerCase()}, ` +
    classificationText(finding.classification).toLowerCase()
  );
}

/** 'In the general population it is about 30 in 100 (30.0%).' */
export function populationRiskSentence(populationRisk: number): string {
  const { inWords } = dotCount(populationRisk * 100);
  const lowered = inWords.charAt(0).toLowerCase() + inWords.slice(1);
  return `In the general population it is ${lowered} (${riskPercent(populationRisk)}).`;
}

/** 'Your score is at the 72nd percentile: higher than 72 of 100 people.', as the page says. */
export function percentileSentence(percentile: number, subject = 'Your score'): string {
  return `${subject} is ${describePercentile(percentile)}.`;
}

/** '1.23 times the population average': labs round to two decimals, so two are shown. */
export function relativeRiskText(relativeRisk: number): string {
  return `${relativeRisk.toFixed(2)} times the population average`;
}

/** '95% interval: 6.4% to 10.4%'. */
export function intervalText(interval: { lower: number; upper: number; confidence: number }) {
  const confidence = `${String(Math.round(interval.confidence * 100))}%`;
  return `${confidence} interval: ${riskPercent(interval.lower)} to ${riskPercent(interval.upper)}`;
}

export function modelText(model: { id: string; version: string }): string {
  return `${model.id}, version ${model.version}`;
}

const CLASSIFICATION: Record<VariantFinding['classification'], string> = {
  pathogenic: 'Pathogenic',
  'likely-pathogenic': 'Likely pathogenic',
  'uncertain-significance': 'Uncertain significance',
  'likely-benign': 'Likely benign',
  benign: 'Benign',
};
const INHERITANCE: Record<VariantFinding['inheritance'], string> = {
  'autosomal-dominant': 'Autosomal dominant',
  'autosomal-recessive': 'Autosomal recessive',
  'x-linked-dominant': 'X-linked dominant',
  'x-linked-recessive': 'X-linked recessive',
  mitochondrial: 'Mitochondrial',
  'de-novo': 'De novo',
};
const ZYGOSITY: Record<VariantFinding['zygosity'], string> = {
  heterozygous: 'Heterozygous (one copy)',
  homozygous: 'Homozygous (two copies)',
  hemizygous: 'Hemizygous',
};

export const classificationText = (value: VariantFinding['classification']) =>
  CLASSIFICATION[value];
export const inheritanceText = (value: VariantFinding['inheritance']) => INHERITANCE[value];
export const zygosityText = (value: VariantFinding['zygosity']) => ZYGOSITY[value];

export function testTypeText(testType: TestDetails['testType']): string {
  return testType === '30x' ? '30x whole genome' : 'Standard';
}

const PERSON = { patient: 'You', mother: 'Mother', father: 'Father' } as const;

/** 'Mother: European. The scores are calibrated for this ancestry.' */
export function ancestryText(ancestry: Ancestry): string {
  const calibration = ancestry.calibrated
    ? 'The scores are calibrated for this ancestry.'
    : 'The scores are not calibrated for this ancestry, so they are less reliable.';
  return `${PERSON[ancestry.person]}: ${ancestry.inferred}. ${calibration}`;
}

export const RESEARCH_USE_ONLY = 'Research use only';
export const RESEARCH_USE_ONLY_EXPLAINED =
  'This report is for research use only. It is not a diagnostic test and must not be used to ' +
  'make medical decisions.';

export function pageNumberText(pageNumber: number, totalPages: number): string {
  return `Page ${String(pageNumber)} of ${String(totalPages)}`;
}
