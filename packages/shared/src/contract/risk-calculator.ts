import * as z from 'zod/mini';
import { diseaseCodes, diseaseCodeSchema, type DiseaseCode } from '../catalogue/diseases.ts';
import { conditionDefaults, type SourcedValue } from '../risk/condition-defaults.ts';
import { asUserSchema } from './view-as.ts';

/*
 * The risk calculator's starting values per condition (prevalence K, score r², heritability h²):
 * the published ones (risk/condition-defaults.ts), each of which lab staff may replace for
 * their lab with a value and a note saying where it comes from. Everyone signed in reads them
 * (GET /api/risk-calculator/conditions); lab staff set them (PUT /api/admin/risk-conditions/
 * {code}) and go back to the published ones (DELETE the same).
 */

export const RISK_QUANTITIES = ['prevalence', 'r2', 'heritability'] as const;
export type RiskQuantity = (typeof RISK_QUANTITIES)[number];

export const RISK_VALUE_MESSAGE = 'Enter a number greater than 0 and less than 1';
export const RISK_NOTE_MESSAGE = 'Say where the value comes from (up to 500 characters)';
export const RISK_R2_ABOVE_H2_MESSAGE =
  'The score’s r² cannot be more than the heritability: a score cannot explain more of the liability than the genes do';
export const RISK_NOTHING_SET_MESSAGE = 'Give at least one value';
export const RISK_CONDITION_UNKNOWN_MESSAGE = 'There is no such condition in the catalog';

/**
 * GET /risk-calculator/conditions: the values are the lab's, the same for everyone; `asUser` is
 * taken (and checked) as on every page an admin views as a patient.
 */
export const riskConditionsQuerySchema = z.object({ asUser: z.optional(asUserSchema) });

/** PUT and DELETE /admin/risk-conditions/{code}: any text, so that an unknown code is a 404. */
export const riskConditionParamsSchema = z.object({
  code: z.string().check(z.minLength(1), z.maxLength(64)),
});

const fraction = z
  .number({ error: RISK_VALUE_MESSAGE })
  .check(z.gt(0, { error: RISK_VALUE_MESSAGE }), z.lt(1, { error: RISK_VALUE_MESSAGE }));

/** One starting value with where it comes from. */
export const riskValueSchema = z.object({
  /** In (0, 1). */
  value: z.number(),
  /** The published citation, or the lab's note. */
  source: z.string(),
  /** The published value is an approximation of what its source states. */
  approximate: z.boolean(),
  /** Set by lab staff for this lab (then `source` is their note). */
  setByLab: z.boolean(),
});
export type RiskValue = z.infer<typeof riskValueSchema>;

export const riskConditionSchema = z.object({
  code: diseaseCodeSchema,
  prevalence: riskValueSchema,
  r2: riskValueSchema,
  heritability: riskValueSchema,
  /** When and by whom the lab last changed this condition's values; null when never. */
  changedAt: z.nullable(z.string()),
  changedBy: z.nullable(z.string()),
});
export type RiskCondition = z.infer<typeof riskConditionSchema>;

export const riskConditionsAnswerSchema = z.object({
  /** Every catalogue condition, in catalogue order. */
  conditions: z.array(riskConditionSchema),
});
export type RiskConditionsAnswer = z.infer<typeof riskConditionsAnswerSchema>;

/**
 * Lab staff's values for one condition: each quantity either a number (the lab's) or null (the
 * published one). The note is required and shown to patients as the source of the lab's values.
 */
export const riskConditionUpdateSchema = z
  .strictObject({
    prevalence: z.nullable(fraction),
    r2: z.nullable(fraction),
    heritability: z.nullable(fraction),
    note: z
      .string({ error: RISK_NOTE_MESSAGE })
      .check(
        z.trim(),
        z.minLength(1, { error: RISK_NOTE_MESSAGE }),
        z.maxLength(500, { error: RISK_NOTE_MESSAGE }),
      ),
  })
  .check(
    z.refine(
      (update) => update.prevalence !== null || update.r2 !== null || update.heritability !== null,
      { error: RISK_NOTHING_SET_MESSAGE },
    ),
  );
export type RiskConditionUpdate = z.infer<typeof riskConditionUpdateSchema>;

function published(value: SourcedValue): RiskValue {
  return { ...value, setByLab: false };
}

/** A lab's stored values for one condition (null: the published one). */
export interface LabRiskValues {
  prevalence: number | null;
  r2: number | null;
  heritability: number | null;
  note: string;
  changedAt: string;
  changedBy: string | null;
}

/** The values a condition starts from: the lab's where it set one, the published ones else. */
export function effectiveRiskCondition(
  code: DiseaseCode,
  lab: LabRiskValues | undefined,
): RiskCondition {
  const defaults = conditionDefaults[code];
  const pick = (quantity: RiskQuantity): RiskValue => {
    const own = lab?.[quantity];
    return own === null || own === undefined || lab === undefined
      ? published(defaults[quantity])
      : { value: own, source: `Set by your lab: ${lab.note}`, approximate: false, setByLab: true };
  };
  return {
    code,
    prevalence: pick('prevalence'),
    r2: pick('r2'),
    heritability: pick('heritability'),
    changedAt: lab?.changedAt ?? null,
    changedBy: lab?.changedBy ?? null,
  };
}

/** Whether the values a lab would set keep r² ≤ h² once merged with the published ones. */
export function keepsR2BelowHeritability(code: DiseaseCode, update: RiskConditionUpdate): boolean {
  const defaults = conditionDefaults[code];
  const r2 = update.r2 ?? defaults.r2.value;
  const heritability = update.heritability ?? defaults.heritability.value;
  return r2 <= heritability;
}

/** The published values of every condition, for when the server's answer is not there. */
export function publishedRiskConditions(): RiskCondition[] {
  return diseaseCodes.map((code) => effectiveRiskCondition(code, undefined));
}
