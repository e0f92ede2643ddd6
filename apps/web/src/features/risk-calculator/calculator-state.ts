import { diseaseCodes, isDiseaseCode, type DiseaseCode } from '@nestling/shared/catalogue/diseases';
import type { RiskCondition } from '@nestling/shared/contract/risk-calculator';
import {
  OPEN_UNIT_MESSAGE,
  riskInputSchema,
  type RiskInput,
} from '@nestling/shared/risk/liability-model';

/*
 * The calculator's form, as the person typed it (text, so that a half-typed or wrong value can
 * be shown with its refusal), and its translation into the model's input. Percentages on the
 * form (prevalence, the excluded top, the parents' percentiles) are fractions for the model.
 */

export type ConditionChoice = DiseaseCode | 'other';
export type ParentsKind = 'population' | 'scores' | 'disease';

export interface CalculatorForm {
  condition: ConditionChoice;
  /** K in percent. */
  prevalencePercent: string;
  /** r² as a fraction, 0–1. */
  r2: string;
  /** h² as a fraction, 0–1 (parents' disease status only). */
  heritability: string;
  embryos: string;
  strategy: 'lowest' | 'exclude';
  /** q in percent. */
  excludeTopPercent: string;
  parentsKind: ParentsKind;
  /** Each parent's score percentile, 0–100. */
  percentiles: [string, string];
  affected: '0' | '1' | '2';
}

export type FieldName =
  | 'prevalencePercent'
  | 'r2'
  | 'heritability'
  | 'embryos'
  | 'strategy'
  | 'excludeTopPercent'
  | 'parentsKind'
  | 'percentile0'
  | 'percentile1'
  | 'affected';

export const DEFAULT_CONDITION: DiseaseCode = 'scz';

/** Shows a fraction as the form writes it: no float noise, no trailing zeros. */
export function formatNumber(value: number): string {
  return String(Number(value.toPrecision(6)));
}

/** Each condition's starting values (the lab's where it set them, the published ones else). */
export type StartingValues = ReadonlyMap<DiseaseCode, RiskCondition>;

/** A condition's starting values, as form text. */
export function conditionValues(condition: RiskCondition) {
  return {
    prevalencePercent: formatNumber(condition.prevalence.value * 100),
    r2: formatNumber(condition.r2.value),
    heritability: formatNumber(condition.heritability.value),
  };
}

export function initialForm(condition: RiskCondition): CalculatorForm {
  return {
    condition: condition.code,
    ...conditionValues(condition),
    embryos: '5',
    strategy: 'lowest',
    excludeTopPercent: '2',
    parentsKind: 'population',
    percentiles: ['50', '50'],
    affected: '0',
  };
}

/** True when K, r² and h² are still the condition's starting values. */
export function usesStartingValues(form: CalculatorForm, starting: StartingValues): boolean {
  const condition = isDiseaseCode(form.condition) ? starting.get(form.condition) : undefined;
  if (condition === undefined) return false;
  const values = conditionValues(condition);
  return (
    Number(form.prevalencePercent) === Number(values.prevalencePercent) &&
    Number(form.r2) === Number(values.r2) &&
    Number(form.heritability) === Number(values.heritability)
  );
}

/** A field's number; blank or not a number is NaN, which the model refuses by name. */
function numberOf(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/** The model's input for the form, with `embryos` replaced when given (the chart's points). */
export function toRiskInput(form: CalculatorForm, embryos?: number): RiskInput {
  const parents: RiskInput['parents'] =
    form.parentsKind === 'population'
      ? { kind: 'population' }
      : form.parentsKind === 'scores'
        ? {
            kind: 'scores',
            percentiles: [numberOf(form.percentiles[0]) / 100, numberOf(form.percentiles[1]) / 100],
          }
        : {
            kind: 'disease',
            affected: Number(form.affected) as 0 | 1 | 2,
            heritability: numberOf(form.heritability),
          };
  return {
    prevalence: numberOf(form.prevalencePercent) / 100,
    r2: numberOf(form.r2),
    embryos: embryos ?? numberOf(form.embryos),
    strategy: form.strategy,
    ...(form.strategy === 'exclude' ? { excludeTop: numberOf(form.excludeTopPercent) / 100 } : {}),
    parents,
  };
}

const PERCENT_FIELDS: ReadonlySet<FieldName> = new Set(['prevalencePercent', 'excludeTopPercent']);
const PERCENTILE_FIELDS: ReadonlySet<FieldName> = new Set(['percentile0', 'percentile1']);

/** The model's field path, as the form's field that holds it. */
function fieldOf(path: readonly PropertyKey[]): FieldName {
  const [first, second, third] = path.map(String);
  if (first === 'prevalence') return 'prevalencePercent';
  if (first === 'r2') return 'r2';
  if (first === 'embryos') return 'embryos';
  if (first === 'strategy') return 'strategy';
  if (first === 'excludeTop') return 'excludeTopPercent';
  if (first === 'parents' && second === 'heritability') return 'heritability';
  if (first === 'parents' && second === 'affected') return 'affected';
  if (first === 'parents' && second === 'percentiles') {
    return third === '1' ? 'percentile1' : 'percentile0';
  }
  return 'parentsKind';
}

/**
 * The model's message in the unit the form shows: the model works in fractions of 1, the form
 * in per cent for some fields.
 */
function inFieldUnits(field: FieldName, message: string): string {
  if (PERCENT_FIELDS.has(field) && message === OPEN_UNIT_MESSAGE) {
    return 'must be a number greater than 0 and less than 100 (a percentage)';
  }
  if (PERCENTILE_FIELDS.has(field)) {
    return 'must be a percentile greater than 0 and less than 100';
  }
  return message;
}

export type FieldErrors = Partial<Record<FieldName, string>>;

/** Every refusal of the model for this form, by the field it belongs to. */
export function fieldErrors(form: CalculatorForm): FieldErrors {
  const result = riskInputSchema.safeParse(toRiskInput(form));
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path);
    errors[field] ??= inFieldUnits(field, issue.message);
  }
  return errors;
}

export const conditionChoices: readonly ConditionChoice[] = [...diseaseCodes, 'other'];
