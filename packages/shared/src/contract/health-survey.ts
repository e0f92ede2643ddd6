import * as z from 'zod/mini';
import type { QuestionnaireResponse } from 'fhir/r4';
import { SURVEY_PROGRAMS, SURVEY_ROLES, SURVEY_VARIANTS } from '../health-survey/questionnaires.ts';
import { asUserSchema } from './view-as.ts';

/*
 * The health survey API: the person's variant, the FHIR Questionnaire, the stored
 * QuestionnaireResponse with its revision and page, autosave, submit and the FHIR download.
 */

export const surveyVariantSchema = z.enum(SURVEY_VARIANTS);
export const surveyProgramSchema = z.enum(SURVEY_PROGRAMS);
export const surveyRoleSchema = z.enum(SURVEY_ROLES);
export const surveyStatusSchema = z.enum(['not-started', 'in-progress', 'completed']);
export type SurveyStatus = z.infer<typeof surveyStatusSchema>;

export const SURVEY_NOT_FOUND = 'No such health survey';
export const SURVEY_LOCKED =
  'A report has been issued for you, so your health survey can no longer be changed. Contact support to correct an answer.';
export const SURVEY_STALE =
  'Your answers were changed elsewhere (another tab or device). The latest answers have been loaded.';
export const SURVEY_INCOMPLETE = 'Answer every required question before you submit';
export const SURVEY_COMPLETED_INCOMPLETE =
  'Your submitted survey must stay complete: answer the questions this change opens, then it is saved';
export const SURVEY_NO_SEX =
  'Add your sex to your profile so we can give you the right health survey.';

/** One answer, as FHIR writes it: exactly one value[x]. */
export const answerValueSchema = z.union([
  z.strictObject({ valueBoolean: z.boolean() }),
  z.strictObject({ valueInteger: z.int() }),
  z.strictObject({ valueDecimal: z.number() }),
  z.strictObject({ valueString: z.string().check(z.maxLength(2000)) }),
  z.strictObject({ valueDate: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)) }),
  z.strictObject({
    valueQuantity: z.object({
      value: z.number(),
      unit: z.string().check(z.maxLength(20)),
      system: z.optional(z.string().check(z.maxLength(200))),
      code: z.string().check(z.maxLength(20)),
    }),
  }),
  z.strictObject({
    valueCoding: z.object({
      system: z.optional(z.string().check(z.maxLength(200))),
      code: z.string().check(z.maxLength(100)),
      display: z.optional(z.string().check(z.maxLength(200))),
    }),
  }),
]);
export type AnswerValue = z.infer<typeof answerValueSchema>;
/** Answers by linkId; an empty list clears the question. */
export type Answers = Record<string, AnswerValue[]>;

/** The shape of every answers map before it is checked against its Questionnaire. */
export const answersShapeSchema = z.record(
  z.string().check(z.maxLength(100)),
  z.array(answerValueSchema).check(z.maxLength(50)),
);

export const surveyVariantParamsSchema = z.object({ variant: surveyVariantSchema });
export const surveyReadQuerySchema = z.object({ asUser: z.optional(asUserSchema) });

/** Why the person's own variant cannot be chosen yet. */
export const surveyChoiceSchema = z.union([
  z.object({
    variant: surveyVariantSchema,
    program: surveyProgramSchema,
    role: surveyRoleSchema,
  }),
  z.object({ variant: z.null(), reason: z.literal('no-sex') }),
]);

/** GET /health-survey: which survey is the person's, and where they are with it. */
export const surveySummarySchema = z.object({
  choice: surveyChoiceSchema,
  /** The person's own variant's state ('not-started' when no variant). */
  status: surveyStatusSchema,
  /** user.healthSurveyStatus is 'done'. */
  done: z.boolean(),
  /** False once a report has been issued for the person. */
  editable: z.boolean(),
  /** The variants the person has answers for. */
  started: z.array(z.object({ variant: surveyVariantSchema, status: surveyStatusSchema })),
});
export type SurveySummary = z.infer<typeof surveySummarySchema>;

/**
 * The stored QuestionnaireResponse. The server builds it, so the answer keeps FHIR's open shape
 * (checked by the Questionnaire's own validator on the way in, not re-described here).
 */
export const questionnaireResponseSchema = z.custom<QuestionnaireResponse>(
  (value: unknown) =>
    typeof value === 'object' &&
    value !== null &&
    (value as { resourceType?: unknown }).resourceType === 'QuestionnaireResponse',
);

/** GET /health-survey/{variant}/response and the answer to a save. */
export const surveyResponseAnswerSchema = z.object({
  variant: surveyVariantSchema,
  status: surveyStatusSchema,
  revision: z.int(),
  currentPage: z.nullable(z.string()),
  editable: z.boolean(),
  response: questionnaireResponseSchema,
});
export type SurveyResponseAnswer = z.infer<typeof surveyResponseAnswerSchema>;

/** PUT /health-survey/{variant}/response: some answers, the page, and the revision read. */
export const surveySaveRequestSchema = z.object({
  /** The revision the client last read (0 before the first save). */
  revision: z.int().check(z.minimum(0)),
  currentPage: z.optional(z.nullable(z.string().check(z.maxLength(100)))),
  answers: answersShapeSchema,
});
export type SurveySaveRequest = z.infer<typeof surveySaveRequestSchema>;

/** A refused save or submit that names the questions still to answer. */
export const surveyMissingSchema = z.object({
  statusCode: z.literal(422),
  error: z.string(),
  message: z.string(),
  missing: z.array(z.object({ linkId: z.string(), text: z.string(), section: z.string() })),
  requestId: z.optional(z.string()),
});
export type SurveyMissing = z.infer<typeof surveyMissingSchema>;

/** A save with a stale revision: the server's current response, for the client to merge. */
export const surveyConflictSchema = z.object({
  statusCode: z.literal(409),
  error: z.string(),
  message: z.string(),
  current: z.optional(surveyResponseAnswerSchema),
  requestId: z.optional(z.string()),
});
export type SurveyConflict = z.infer<typeof surveyConflictSchema>;

/** Plain 'program' and 'role' for the web routes: `/saliva/health-survey/mother`. */
export function surveyPath(variant: z.infer<typeof surveyVariantSchema>): string {
  const [program, role] = variant.split('-');
  return `/${program ?? ''}/health-survey/${role ?? ''}`;
}

/** 403 to lab staff who try to answer a survey while viewing a patient's portal. */
export const SURVEY_VIEW_AS_READ_ONLY =
  'Lab staff viewing a patient may read their survey but not answer it';
