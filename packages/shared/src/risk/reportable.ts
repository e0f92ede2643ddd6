import { getDisease, isDiseaseCode } from '../catalogue/diseases.ts';
import type { Model, ReportContent, TraitResult } from '../contract/report.ts';
import { conditionDefaults } from './condition-defaults.ts';

/*
 * Weak predictions held back (ADR 030): a polygenic result whose score
 * explains less of the variance in liability than the lab's threshold for its model is shown
 * without its numbers. The stored content keeps them: the lab delivered them.
 */

/** Exactly what a page, the comparison and the PDF say in place of the numbers. */
export const NOT_ACCURATE_ENOUGH = 'Not reported: the score is not accurate enough';

/** The short explanation shown near it, in plain words. */
export const NOT_ACCURATE_ENOUGH_EXPLAINED =
  'The lab does not give a number for a condition when its genetic score explains too little ' +
  'of why some people develop it and others do not: a number would look more certain than it is.';

type ModelAccuracy = Pick<Model, 'varianceExplained' | 'minimumVarianceExplained'>;

/**
 * The score's r² to judge by: the lab's, else the catalogue's for a disease it lists (traits
 * have no catalogue r²); undefined when neither says.
 */
export function varianceExplained(
  code: string,
  model: ModelAccuracy,
  kind: 'disease' | 'trait' = 'disease',
): number | undefined {
  if (model.varianceExplained !== undefined) return model.varianceExplained;
  return kind === 'disease' && isDiseaseCode(code) ? conditionDefaults[code].r2.value : undefined;
}

/**
 * Whether a result may be shown with its numbers. Without the lab's threshold it is: the lab
 * delivered it. With a threshold but no r² from the lab or the catalogue it is too, as the
 * portal has nothing to weigh it with (a lab that sets a threshold knows its r² and sends it).
 */
export function isReportable(
  result: { readonly code: string; readonly model: ModelAccuracy },
  kind: 'disease' | 'trait' = 'disease',
): boolean {
  const threshold = result.model.minimumVarianceExplained;
  if (threshold === undefined) return true;
  const r2 = varianceExplained(result.code, result.model, kind);
  return r2 === undefined || r2 >= threshold;
}

/**
 * The disease codes of a report held back. A condition is held back throughout the report when
 * any of its results is (a couple's children's range, an embryo's result): one embryo shown
 * with a number and another without would invite a comparison the score cannot support.
 */
export function heldBackConditions(content: ReportContent): ReadonlySet<string> {
  const results =
    content.kind === 'individual'
      ? content.diseases
      : content.kind === 'joint'
        ? content.childRisk
        : [...content.childRisk, ...content.embryos.flatMap((embryo) => embryo.diseases)];
  return new Set(results.filter((result) => !isReportable(result)).map((result) => result.code));
}

export function isTraitReportable(trait: TraitResult): boolean {
  return isReportable(trait, 'trait');
}

/** 0.017 -> '1.7%'; 0.03 -> '3%'. */
function share(fraction: number): string {
  return `${String(Number((fraction * 100).toFixed(1)))}%`;
}

/**
 * Why, with the figures, for a condition's section: 'This score explains about 1.7% of the
 * differences between people in their chance of ischemic stroke; the lab reports a condition
 * only when its score explains at least 3%.'
 */
export function notAccurateEnoughDetail(code: string, model: ModelAccuracy): string {
  const r2 = varianceExplained(code, model);
  const threshold = model.minimumVarianceExplained;
  if (r2 === undefined || threshold === undefined) return NOT_ACCURATE_ENOUGH_EXPLAINED;
  const what = isDiseaseCode(code) ? getDisease(code).lowerName : 'this condition';
  return `This score explains about ${share(r2)} of the differences between people in their chance of ${what}; the lab reports a condition only when its score explains at least ${share(threshold)}.`;
}
