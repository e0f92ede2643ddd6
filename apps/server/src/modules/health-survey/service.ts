import { randomUUID } from 'node:crypto';
import type { QuestionnaireResponse } from '@nestling/shared/health-survey/questionnaires';
import { describeSchemaIssues } from '@nestling/shared/contract/error';
import {
  SURVEY_COMPLETED_INCOMPLETE,
  SURVEY_INCOMPLETE,
  SURVEY_LOCKED,
  SURVEY_NOT_FOUND,
  SURVEY_STALE,
  surveyPath,
  type Answers,
  type SurveyResponseAnswer,
  type SurveySaveRequest,
  type SurveyStatus,
  type SurveySummary,
} from '@nestling/shared/contract/health-survey';
import {
  answersOf,
  answersSchema,
  applyAnswers,
  buildResponse,
  missingRequired,
  ownAgeProblems,
  pruneDisabled,
} from '@nestling/shared/health-survey/answers';
import {
  QUESTIONNAIRE_VERSION,
  questionnaireFor,
  RESEARCH_CONSENT_LINK_ID,
  splitVariant,
  surveyVariant,
  type SurveyRole,
  type SurveyVariant,
} from '@nestling/shared/health-survey/questionnaires';
import { ageOn } from '@nestling/shared/dates';
import type { UserRow } from '../auth/schema.ts';
import type { HealthSurveyRepository, SurveyResponseRow } from './repository.ts';
import { Refusal } from '../../lib/refusal.ts';

/**
 * The person's role from their profile: Female/F is the mother, Male/M the father. Null when
 * no sex is set (the page asks them to complete their profile).
 */
export function surveyRoleOf(sex: string | null): SurveyRole | null {
  const value = sex?.trim().toLowerCase();
  if (value === 'female' || value === 'f') return 'mother';
  if (value === 'male' || value === 'm') return 'father';
  return null;
}

/**
 * The response with the person's research consent as its research answer: one record, kept on
 * the person (account settings change it too). A question never answered and no consent given
 * stays open.
 */
/** The boolean an answer holds, or undefined when it holds none. */
function booleanOf(answer: Answers[string] | undefined): boolean | undefined {
  const first = answer?.[0];
  return first !== undefined && 'valueBoolean' in first ? first.valueBoolean : undefined;
}

function withResearchConsent(
  variant: SurveyVariant,
  response: QuestionnaireResponse,
  consentAt: Date | null,
): QuestionnaireResponse {
  const answers = answersOf(response);
  if (answers[RESEARCH_CONSENT_LINK_ID] === undefined && consentAt === null) return response;
  const consent = consentAt !== null;
  if (booleanOf(answers[RESEARCH_CONSENT_LINK_ID]) === consent) return response;
  answers[RESEARCH_CONSENT_LINK_ID] = [{ valueBoolean: consent }];
  const rebuilt = buildResponse(questionnaireFor(variant), answers, {
    id: response.id ?? randomUUID(),
    status: response.status === 'completed' ? 'completed' : 'in-progress',
    authored: response.authored ?? new Date(0).toISOString(),
    subject: response.subject?.reference?.replace(/^Patient\//, '') ?? '',
  });
  // The version of the Questionnaire it was answered against stays as it was.
  return { ...rebuilt, questionnaire: response.questionnaire };
}

/** Records a research consent given or withdrawn in the survey (and audits it). */
export type RecordResearchConsent = (consent: boolean) => Promise<Date | null>;

function statusOf(row: SurveyResponseRow | null): SurveyStatus {
  if (!row) return 'not-started';
  return row.status === 'completed' ? 'completed' : 'in-progress';
}

export function createHealthSurveyService(deps: {
  repository: HealthSurveyRepository;
  now?: () => Date;
}) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());

  /** The person's own variant, or null without a sex on their profile. */
  async function ownVariant(person: UserRow): Promise<SurveyVariant | null> {
    const role = surveyRoleOf(person.sex);
    if (role === null) return null;
    const program = (await repository.hasEmbryoReport(person.id)) ? 'pgt' : 'saliva';
    return surveyVariant(program, role);
  }

  function answerOf(
    variant: SurveyVariant,
    row: SurveyResponseRow | null,
    editable: boolean,
    person: Pick<UserRow, 'id' | 'researchConsentAt'>,
  ): SurveyResponseAnswer {
    const stored =
      row === null
        ? buildResponse(
            questionnaireFor(variant),
            {},
            {
              id: randomUUID(),
              status: 'in-progress',
              authored: now().toISOString(),
              subject: person.id,
            },
          )
        : (row.response as QuestionnaireResponse);
    const response = withResearchConsent(variant, stored, person.researchConsentAt);
    return {
      variant,
      status: statusOf(row),
      revision: row?.revision ?? 0,
      currentPage: row?.currentPage ?? null,
      editable,
      response,
    };
  }

  /** Refuses a change once a report is out, or to a survey that is not the person's own. */
  async function assertWritable(person: UserRow, variant: SurveyVariant): Promise<void> {
    if (await repository.hasReport(person.id)) throw new Refusal(409, SURVEY_LOCKED);
    const own = await ownVariant(person);
    if (own !== variant) {
      throw new Refusal(
        409,
        own === null
          ? 'Add your sex to your profile before you answer a health survey'
          : `This is not your health survey: yours is at ${surveyPath(own)}`,
      );
    }
  }

  /** The person's age today, when their profile holds a whole date of birth. */
  function ageOf(person: UserRow): number | null {
    const { birthYear: year, birthMonth: month, birthDay: day } = person;
    return year === null || month === null || day === null
      ? null
      : ageOn({ year, month, day }, now());
  }

  function checkAnswers(person: UserRow, variant: SurveyVariant, answers: Answers): Answers {
    const questionnaire = questionnaireFor(variant);
    const parsed = answersSchema(questionnaire).safeParse(answers);
    if (!parsed.success) {
      throw new Refusal(400, describeSchemaIssues(parsed.error.issues, 'answers').join('; '));
    }
    const tooOld = [...ownAgeProblems(questionnaire, answers, ageOf(person)).values()];
    if (tooOld.length > 0) {
      throw new Refusal(
        400,
        tooOld.map((problem) => `${problem.text} ${problem.message}`).join('; '),
      );
    }
    return answers;
  }

  return {
    ownVariant,

    async summary(person: UserRow): Promise<SurveySummary> {
      const variant = await ownVariant(person);
      const started = (await repository.listOf(person.id)).map(
        (row): SurveySummary['started'][number] => ({
          variant: row.variant as SurveyVariant,
          status: row.status === 'completed' ? 'completed' : 'in-progress',
        }),
      );
      const editable = !(await repository.hasReport(person.id));
      return {
        choice:
          variant === null
            ? { variant: null, reason: 'no-sex' }
            : { variant, ...splitVariant(variant) },
        status: started.find((row) => row.variant === variant)?.status ?? 'not-started',
        done: person.healthSurveyStatus === 'done',
        editable,
        started,
      };
    },

    async read(person: UserRow, variant: SurveyVariant): Promise<SurveyResponseAnswer> {
      const row = await repository.find(person.id, variant);
      const editable = !(await repository.hasReport(person.id));
      return answerOf(variant, row, editable, person);
    },

    /** The stored QuestionnaireResponse, for download; 404 before any answer. */
    async download(person: UserRow, variant: SurveyVariant): Promise<QuestionnaireResponse> {
      const row = await repository.find(person.id, variant);
      if (!row) throw new Refusal(404, SURVEY_NOT_FOUND);
      return withResearchConsent(
        variant,
        row.response as QuestionnaireResponse,
        person.researchConsentAt,
      );
    },

    /**
     * Autosave: the given answers merged into the stored ones, if `revision` is the stored one
     * (else 409 with the stored response, for the client to merge its edits into). A completed
     * survey stays completed: a change that leaves a required question unanswered is refused
     * with 422 naming it, and the client keeps the change until those answers come with it.
     */
    async save(
      person: UserRow,
      variant: SurveyVariant,
      request: SurveySaveRequest,
      recordResearchConsent: RecordResearchConsent,
    ): Promise<SurveyResponseAnswer> {
      await assertWritable(person, variant);
      const questionnaire = questionnaireFor(variant);
      const changes = checkAnswers(person, variant, request.answers);
      const row = await repository.find(person.id, variant);
      if ((row?.revision ?? 0) !== request.revision) {
        throw new Refusal(409, SURVEY_STALE, {
          current: answerOf(variant, row, true, person),
        });
      }
      const answers = pruneDisabled(
        questionnaire,
        applyAnswers(answersOf(row?.response as QuestionnaireResponse | undefined), changes),
      );
      const completed = row?.status === 'completed';
      if (completed) {
        const missing = missingRequired(questionnaire, answers);
        if (missing.length > 0) {
          throw new Refusal(422, SURVEY_COMPLETED_INCOMPLETE, { missing });
        }
      }
      const authored = now();
      const response = buildResponse(questionnaire, answers, {
        id: row?.id ?? randomUUID(),
        status: completed ? 'completed' : 'in-progress',
        authored: authored.toISOString(),
        subject: person.id,
      });
      const currentPage =
        request.currentPage === undefined ? (row?.currentPage ?? null) : request.currentPage;
      const saved =
        row === null
          ? await repository.insert({
              id: response.id ?? randomUUID(),
              userId: person.id,
              variant,
              questionnaireVersion: QUESTIONNAIRE_VERSION,
              status: 'in-progress',
              response,
              currentPage,
              revision: 1,
            })
          : await repository.update(row.id, row.revision, { response, currentPage });
      if (!saved) {
        const latest = await repository.find(person.id, variant);
        throw new Refusal(409, SURVEY_STALE, {
          current: answerOf(variant, latest, true, person),
        });
      }
      const consent = booleanOf(changes[RESEARCH_CONSENT_LINK_ID]);
      if (consent !== undefined && consent !== (person.researchConsentAt !== null)) {
        const researchConsentAt = await recordResearchConsent(consent);
        return answerOf(variant, saved, true, { id: person.id, researchConsentAt });
      }
      return answerOf(variant, saved, true, person);
    },

    /** Completes the response when every required, enabled question has an answer. */
    async submit(person: UserRow, variant: SurveyVariant): Promise<SurveyResponseAnswer> {
      await assertWritable(person, variant);
      const questionnaire = questionnaireFor(variant);
      const row = await repository.find(person.id, variant);
      const answers = answersOf(row?.response as QuestionnaireResponse | undefined);
      const missing = missingRequired(questionnaire, answers);
      if (!row || missing.length > 0) {
        throw new Refusal(422, SURVEY_INCOMPLETE, { missing });
      }
      const at = now();
      const response = buildResponse(questionnaire, answers, {
        id: row.id,
        status: 'completed',
        authored: at.toISOString(),
        subject: person.id,
      });
      const saved = await repository.complete(row.id, row.revision, person.id, {
        response,
        completedAt: row.completedAt ?? at,
      });
      if (!saved) {
        throw new Refusal(409, SURVEY_STALE, {
          current: answerOf(variant, await repository.find(person.id, variant), true, person),
        });
      }
      return answerOf(variant, saved, true, person);
    },
  };
}

export type HealthSurveyService = ReturnType<typeof createHealthSurveyService>;
