import type { Answers } from '@nestling/shared/contract/health-survey';
import { buildResponse, missingRequired } from '@nestling/shared/health-survey/answers';
import {
  QUESTIONNAIRE_VERSION,
  questionnaireFor,
  UCUM,
} from '@nestling/shared/health-survey/questionnaires';
import type { NewSurveyResponse } from '../modules/health-survey/repository.ts';

/*
 * The demo mother's submitted health survey, so that the pages that read a survey (the risk
 * calculator's family history, lab staff's view) have one to show: she has had asthma since she
 * was nine, no other catalogue condition, none in her family, no pregnancies so far.
 */

const COMPLETED_AT = new Date('2025-02-03T15:20:00Z');

function motherAnswers(): Answers {
  const questionnaire = questionnaireFor('saliva-mother');
  const answers: Answers = {
    height: [{ valueQuantity: { value: 65, unit: 'in', system: UCUM, code: '[in_i]' } }],
    weight: [{ valueQuantity: { value: 141, unit: 'lb', system: UCUM, code: '[lb_av]' } }],
    ancestry: [{ valueCoding: { code: 'european', display: 'European' } }],
    'self-asthma': [{ valueBoolean: true }],
    'self-asthma-age': [{ valueInteger: 9 }],
    'pregnant-now': [{ valueBoolean: false }],
    pregnancies: [{ valueInteger: 0 }],
  };
  for (const missing of missingRequired(questionnaire, answers)) {
    if (/^(self|family)-[a-z0-9]+$/.test(missing.linkId)) {
      answers[missing.linkId] = [{ valueBoolean: false }];
    }
  }
  const left = missingRequired(questionnaire, answers);
  if (left.length > 0) {
    throw new Error(`The demo survey misses ${left.map((item) => item.linkId).join(', ')}`);
  }
  return answers;
}

/** The survey_response row of mother@demo.test (user id `userId`). */
export function demoMotherSurvey(userId: string): NewSurveyResponse {
  const id = 'demo-survey-mother';
  return {
    id,
    userId,
    variant: 'saliva-mother',
    questionnaireVersion: QUESTIONNAIRE_VERSION,
    status: 'completed',
    response: buildResponse(questionnaireFor('saliva-mother'), motherAnswers(), {
      id,
      status: 'completed',
      subject: userId,
      authored: COMPLETED_AT.toISOString(),
    }),
    currentPage: 'review',
    completedAt: COMPLETED_AT,
  };
}
