import { diseaseReportedSex, getDisease } from '@nestling/shared/catalogue/diseases';
import type { Embryo, EmbryoReport } from '@nestling/shared/contract/report';
import { chromosomesText } from '@nestling/shared/report-wording';
import { joinWithAnd, numberToWords } from '@nestling/shared/text';

/** 'E2' -> 'Embryo E2'; a clinic's label that already says 'Embryo' is kept as it is. */
export function embryoName(label: string): string {
  return /^embryo\b/i.test(label) ? label : `Embryo ${label}`;
}

/** Who a dot grid's sentence is about: 'people with Embryo E2's genetic risk'. */
export function embryoPeople(label: string): string {
  return `people with ${embryoName(label)}'s genetic risk`;
}

/** The short form of the chromosome result for a table cell (in full: chromosomesText). */
export function chromosomeShortText(chromosomes: Embryo['chromosomes']): string {
  return chromosomes.status === 'euploid' ? 'Euploid' : chromosomesText(chromosomes);
}

export const hasChromosomeFinding = (embryo: Embryo) => embryo.chromosomes.status !== 'euploid';
export const hasMonogenicFinding = (embryo: Embryo) => embryo.monogenic.length > 0;

/** 0 -> 'no embryos', 1 -> 'one embryo', 6 -> 'six embryos' (1 to 50 in words). */
export function countInWords(count: number, singular: string, plural = `${singular}s`): string {
  if (count === 0) return `no ${plural}`;
  const number = count <= 50 ? numberToWords(count) : String(count);
  return `${number} ${count === 1 ? singular : plural}`;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The lab's list in priority order (1 first), each with its place in the lab's own list. */
export function embryosByPriority(report: EmbryoReport): { embryo: Embryo; position: number }[] {
  return report.embryos
    .map((embryo, index) => ({ embryo, position: index + 1 }))
    .sort((a, b) => a.embryo.priority - b.embryo.priority);
}

/**
 * What an embryo ranking can and cannot say, in the portal's words beside the lab's: polygenic
 * scores shift odds between embryos, they do not decide outcomes.
 */
export const RANKING_LIMITS =
  'Polygenic scores shift the odds; they are not certainties. An embryo with the lowest risk ' +
  'can still develop the condition, and one with a higher risk may never do so. These results ' +
  'are not a diagnosis, and they cannot tell how an embryo will implant or grow. A genetic ' +
  'counselor can go through the ranking with you.';

/**
 * Why an embryo has no result for a condition: 'Prostate cancer is reported for male embryos
 * only.' for a female embryo, else that the lab gave none.
 */
export function notReportedReason(embryo: Embryo, code: string): string {
  const reportedSex = diseaseReportedSex(code);
  if (reportedSex !== undefined && embryo.sex !== 'not-reported' && embryo.sex !== reportedSex) {
    return `${capitalize(getDisease(code).lowerName)} is reported for ${reportedSex} embryos only.`;
  }
  if (reportedSex !== undefined) {
    return `${capitalize(getDisease(code).lowerName)} is reported for ${reportedSex} embryos only, and this embryo's sex is not reported.`;
  }
  return 'The lab gave no result for this embryo.';
}

/** The conditions of the report an embryo has no result for, each with the reason. */
export function notReportedConditions(
  report: EmbryoReport,
  embryo: Embryo,
): { code: string; reason: string }[] {
  const given = new Set(embryo.diseases.map((result) => result.code));
  return report.childRisk
    .filter((range) => !given.has(range.code))
    .map((range) => ({ code: range.code, reason: notReportedReason(embryo, range.code) }));
}

/**
 * The conditions of the report an embryo has no result for, in a sentence or two: 'Breast
 * cancer and endometriosis are reported for female embryos only.' Undefined when it has all.
 */
export function notReportedSummary(report: EmbryoReport, embryo: Embryo): string | undefined {
  const missing = notReportedConditions(report, embryo);
  if (missing.length === 0) return undefined;
  const names = (codes: readonly string[]) =>
    capitalize(joinWithAnd(codes.map((code) => getDisease(code).lowerName)));
  const sentences = (['female', 'male'] as const).flatMap((sex) => {
    const codes = missing
      .map(({ code }) => code)
      .filter((code) => diseaseReportedSex(code) === sex);
    if (codes.length === 0) return [];
    const unknownSex =
      embryo.sex === 'not-reported' ? ", and this embryo's sex is not reported" : '';
    return [
      `${names(codes)} ${codes.length === 1 ? 'is' : 'are'} reported for ${sex} embryos only${unknownSex}.`,
    ];
  });
  const others = missing
    .map(({ code }) => code)
    .filter((code) => diseaseReportedSex(code) === undefined);
  if (others.length > 0) {
    sentences.push(
      `The lab gave no result for ${joinWithAnd(others.map((code) => getDisease(code).lowerName))}.`,
    );
  }
  return sentences.join(' ');
}
