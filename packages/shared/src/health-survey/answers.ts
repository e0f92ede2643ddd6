import * as z from 'zod/mini';
import type {
  Questionnaire,
  QuestionnaireItem,
  QuestionnaireItemEnableWhen,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
} from 'fhir/r4';
import type { AnswerValue, Answers } from '../contract/health-survey.ts';
import { isoDateProblem } from '../dates.ts';
import {
  allItems,
  EXTENSION,
  extensionNumber,
  isOwnAgeItem,
  itemUnitOptions,
  QUANTITY_UNITS,
  surveySections,
  type QuantityUnit,
} from './questionnaires.ts';

/*
 * Answers against a Questionnaire: which items are enabled (FHIR enableWhen), which required
 * ones are missing, the zod schema an answers map must pass, and the QuestionnaireResponse
 * built from (and read back into) a flat map of answers by linkId.
 */

const ANSWERABLE = new Set([
  'boolean',
  'decimal',
  'integer',
  'date',
  'string',
  'text',
  'choice',
  'open-choice',
  'quantity',
]);

export function isAnswerable(item: QuestionnaireItem): boolean {
  return ANSWERABLE.has(item.type);
}

function numberSchema(item: QuestionnaireItem, integer: boolean) {
  const min = extensionNumber(item, EXTENSION.minValue);
  const max = extensionNumber(item, EXTENSION.maxValue);
  const error =
    min !== undefined && max !== undefined
      ? `Give a number from ${String(min)} to ${String(max)}`
      : 'Give a number';
  const checks = [
    ...(min === undefined ? [] : [z.minimum(min, { error })]),
    ...(max === undefined ? [] : [z.maximum(max, { error })]),
  ];
  return integer
    ? z.int({ error: 'Give a whole number' }).check(...checks)
    : z.number({ error }).check(...checks);
}

/** 'Give a number from 91 to 244 cm'. */
export function quantityRangeMessage(unit: QuantityUnit): string {
  return unit.code === '[in_i]'
    ? `Give a height from ${feetAndInches(unit.min)} to ${feetAndInches(unit.max)}`
    : `Give a number from ${String(unit.min)} to ${String(unit.max)} ${unit.unit}`;
}

/** 65 -> '5 ft 5 in'; 65.5 -> '5 ft 5.5 in'. */
export function feetAndInches(inches: number): string {
  const feet = Math.floor(inches / 12);
  const rest = Math.round((inches - feet * 12) * 10) / 10;
  return rest === 0 ? `${String(feet)} ft` : `${String(feet)} ft ${String(rest)} in`;
}

function quantitySchema(item: QuestionnaireItem) {
  const units = itemUnitOptions(item);
  return z
    .object({
      value: z.number({ error: 'Give a number' }),
      unit: z.string(),
      system: z.optional(z.string()),
      code: z.enum(units.map((unit) => unit.code) as [string, ...string[]], {
        error: `Give it in ${units.map((unit) => unit.unit).join(' or ')}`,
      }),
    })
    .check(
      z.superRefine((quantity, context) => {
        const unit = QUANTITY_UNITS[quantity.code];
        if (unit !== undefined && (quantity.value < unit.min || quantity.value > unit.max)) {
          context.addIssue({
            code: 'custom',
            message: quantityRangeMessage(unit),
            input: quantity,
          });
        }
      }),
    );
}

/**
 * A quantity answer as a number in a unit: a valueQuantity as given, or a plain number from
 * an answer made before the survey took units (version 1.0.0), in the item's first unit.
 */
export function quantityOf(
  item: QuestionnaireItem,
  answer: AnswerValue | undefined,
): { value: number; unit: QuantityUnit } | null {
  if (answer === undefined) return null;
  if ('valueQuantity' in answer) {
    const unit = QUANTITY_UNITS[answer.valueQuantity.code];
    return unit === undefined ? null : { value: answer.valueQuantity.value, unit };
  }
  const value =
    'valueInteger' in answer
      ? answer.valueInteger
      : 'valueDecimal' in answer
        ? answer.valueDecimal
        : null;
  const [unit] = itemUnitOptions(item);
  return value === null || unit === undefined ? null : { value, unit };
}

/** '5 ft 5 in', '170 cm', '141 lb'. */
export function describeQuantity(quantity: { value: number; unit: QuantityUnit }): string {
  return quantity.unit.code === '[in_i]'
    ? feetAndInches(quantity.value)
    : `${String(quantity.value)} ${quantity.unit.unit}`;
}

/** 'This is older than you are now (34). Give your age when you were diagnosed.' */
export function ownAgeMessage(age: number): string {
  return `This is older than you are now (${String(age)}). Give your age when you were diagnosed.`;
}

/**
 * The answers among `changes` that give an age of the person's own older than they are now,
 * with why: linkId -> message. Empty without a known age.
 */
export function ownAgeProblems(
  questionnaire: Questionnaire,
  changes: Answers,
  ageNow: number | null,
): Map<string, { text: string; message: string }> {
  const problems = new Map<string, { text: string; message: string }>();
  if (ageNow === null) return problems;
  for (const item of allItems(questionnaire.item).filter(isOwnAgeItem)) {
    const given = changes[item.linkId]?.[0];
    if (given !== undefined && 'valueInteger' in given && given.valueInteger > ageNow) {
      problems.set(item.linkId, { text: item.text ?? item.linkId, message: ownAgeMessage(ageNow) });
    }
  }
  return problems;
}

function optionCodes(item: QuestionnaireItem): [string, ...string[]] {
  const codes = (item.answerOption ?? []).flatMap((entry) =>
    entry.valueCoding?.code === undefined ? [] : [entry.valueCoding.code],
  );
  return codes as [string, ...string[]];
}

function valueSchema(item: QuestionnaireItem) {
  const text = z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'Write an answer or clear it' }),
      z.maxLength(item.maxLength ?? 2000, { error: 'This answer is too long' }),
    );
  const coding = z.object({
    system: z.optional(z.string()),
    code: z.enum(optionCodes(item), { error: 'Choose one of the listed answers' }),
    display: z.optional(z.string()),
  });
  switch (item.type) {
    case 'boolean':
      return z.strictObject({ valueBoolean: z.boolean({ error: 'Answer yes or no' }) });
    case 'integer':
      return z.strictObject({ valueInteger: numberSchema(item, true) });
    case 'decimal':
      return z.strictObject({ valueDecimal: numberSchema(item, false) });
    case 'quantity':
      return z.strictObject({ valueQuantity: quantitySchema(item) });
    case 'date':
      return z.strictObject({
        // The message says what is wrong: 'April has 30 days', not only 'not a date'.
        valueDate: z.string().check(
          z.superRefine((value, context) => {
            const problem = isoDateProblem(value);
            if (problem !== null)
              context.addIssue({ code: 'custom', message: problem, input: value });
          }),
        ),
      });
    case 'choice':
      return z.strictObject({ valueCoding: coding });
    case 'open-choice':
      return z.union([
        z.strictObject({ valueCoding: coding }),
        z.strictObject({ valueString: text }),
      ]);
    default:
      return z.strictObject({ valueString: text });
  }
}

/**
 * The schema a map of answers for this Questionnaire must pass: only its answerable linkIds,
 * values of each item's type, answerOption codes, numbers within the item's min and max, and
 * one answer unless the item repeats. An empty list clears a question.
 */
export function answersSchemaFor(questionnaire: Questionnaire) {
  const shape: Record<string, z.ZodMiniOptional<z.ZodMiniArray>> = {};
  for (const item of allItems(questionnaire.item).filter(isAnswerable)) {
    const most = item.repeats ? 50 : 1;
    shape[item.linkId] = z.optional(
      z.array(valueSchema(item)).check(z.maxLength(most, { error: 'Give one answer' })),
    );
  }
  return z.strictObject(shape);
}

const schemas = new WeakMap<Questionnaire, ReturnType<typeof answersSchemaFor>>();

/** answersSchemaFor, built once per Questionnaire. */
export function answersSchema(questionnaire: Questionnaire) {
  let schema = schemas.get(questionnaire);
  if (!schema) {
    schema = answersSchemaFor(questionnaire);
    schemas.set(questionnaire, schema);
  }
  return schema;
}

function primitive(answer: AnswerValue): string | number | boolean | undefined {
  if ('valueBoolean' in answer) return answer.valueBoolean;
  if ('valueInteger' in answer) return answer.valueInteger;
  if ('valueDecimal' in answer) return answer.valueDecimal;
  if ('valueString' in answer) return answer.valueString;
  if ('valueDate' in answer) return answer.valueDate;
  if ('valueQuantity' in answer) return answer.valueQuantity.value;
  return answer.valueCoding.code;
}

function expected(condition: QuestionnaireItemEnableWhen): string | number | boolean | undefined {
  return (
    condition.answerBoolean ??
    condition.answerInteger ??
    condition.answerDecimal ??
    condition.answerString ??
    condition.answerDate ??
    condition.answerCoding?.code
  );
}

function conditionHolds(condition: QuestionnaireItemEnableWhen, answers: Answers): boolean {
  const given = (answers[condition.question] ?? []).map(primitive);
  if (condition.operator === 'exists')
    return given.length > 0 === (condition.answerBoolean ?? true);
  const wanted = expected(condition);
  if (wanted === undefined) return false;
  if (condition.operator === '!=')
    return given.length > 0 && given.every((value) => value !== wanted);
  return given.some((value) => {
    if (value === undefined) return false;
    switch (condition.operator) {
      case '=':
        return value === wanted;
      case '>':
        return value > wanted;
      case '<':
        return value < wanted;
      case '>=':
        return value >= wanted;
      case '<=':
        return value <= wanted;
      default:
        return false;
    }
  });
}

/** FHIR enableWhen for one item (its parents are checked by the walkers below). */
export function isEnabled(item: QuestionnaireItem, answers: Answers): boolean {
  const conditions = item.enableWhen ?? [];
  if (conditions.length === 0) return true;
  return item.enableBehavior === 'any'
    ? conditions.some((condition) => conditionHolds(condition, answers))
    : conditions.every((condition) => conditionHolds(condition, answers));
}

/** The enabled items, depth first: a disabled group hides all of its items. */
export function enabledItems(
  items: readonly QuestionnaireItem[] | undefined,
  answers: Answers,
): QuestionnaireItem[] {
  return (items ?? []).flatMap((item) =>
    isEnabled(item, answers) ? [item, ...enabledItems(item.item, answers)] : [],
  );
}

export interface MissingAnswer {
  linkId: string;
  text: string;
  /** The linkId of the section (page) it is on. */
  section: string;
}

/** The required, enabled questions without an answer, in questionnaire order. */
export function missingRequired(questionnaire: Questionnaire, answers: Answers): MissingAnswer[] {
  return surveySections(questionnaire).flatMap((section) =>
    isEnabled(section, answers)
      ? enabledItems(section.item, answers)
          .filter((item) => item.required && isAnswerable(item))
          .filter((item) => (answers[item.linkId] ?? []).length === 0)
          .map((item) => ({
            linkId: item.linkId,
            text: item.text ?? item.linkId,
            section: section.linkId,
          }))
      : [],
  );
}

/** Only the answers of enabled items (FHIR keeps no answer to a hidden question). */
export function pruneDisabled(questionnaire: Questionnaire, answers: Answers): Answers {
  const kept: Answers = {};
  for (const item of enabledItems(questionnaire.item, answers)) {
    const given = answers[item.linkId];
    if (given && given.length > 0) kept[item.linkId] = given;
  }
  return kept;
}

/** Answers with a change applied: an empty list removes the question's answers. */
export function applyAnswers(answers: Answers, changes: Answers): Answers {
  const next: Answers = { ...answers, ...changes };
  return Object.fromEntries(Object.entries(next).filter(([, given]) => given.length > 0));
}

function responseItems(
  items: readonly QuestionnaireItem[] | undefined,
  answers: Answers,
): QuestionnaireResponseItem[] {
  return (items ?? []).flatMap((item): QuestionnaireResponseItem[] => {
    if (item.type === 'group') {
      const children = responseItems(item.item, answers);
      return children.length === 0
        ? []
        : [{ linkId: item.linkId, text: item.text, item: children }];
    }
    const given = answers[item.linkId];
    if (!isAnswerable(item) || !given || given.length === 0) return [];
    return [{ linkId: item.linkId, text: item.text, answer: given }];
  });
}

export interface ResponseMeta {
  id: string;
  status: 'in-progress' | 'completed';
  /** ISO date-time of the last change. */
  authored: string;
  /** The person's user id. */
  subject: string;
}

/** The QuestionnaireResponse for a map of answers, nested by the Questionnaire's groups. */
export function buildResponse(
  questionnaire: Questionnaire,
  answers: Answers,
  meta: ResponseMeta,
): QuestionnaireResponse {
  return {
    resourceType: 'QuestionnaireResponse',
    id: meta.id,
    questionnaire: `${questionnaire.url ?? ''}|${questionnaire.version ?? ''}`,
    status: meta.status,
    subject: { reference: `Patient/${meta.subject}` },
    authored: meta.authored,
    item: responseItems(questionnaire.item, pruneDisabled(questionnaire, answers)),
  };
}

function collect(items: readonly QuestionnaireResponseItem[] | undefined, into: Answers): void {
  for (const item of items ?? []) {
    if (item.answer && item.answer.length > 0) into[item.linkId] = item.answer as AnswerValue[];
    collect(item.item, into);
  }
}

/** The flat map of answers by linkId a QuestionnaireResponse holds. */
export function answersOf(response: QuestionnaireResponse | undefined): Answers {
  const answers: Answers = {};
  collect(response?.item, answers);
  return answers;
}
