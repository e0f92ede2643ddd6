import type { Embryo, EmbryoReport } from '@nestling/shared/contract/report';
import { chromosomesText } from '@nestling/shared/report-wording';
import { numberToWords } from '@nestling/shared/text';

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

export function capitalise(text: string): string {
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
  'counsellor can go through the ranking with you.';
