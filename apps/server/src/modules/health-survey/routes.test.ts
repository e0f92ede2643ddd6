import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionnaireResponse } from '@nestling/shared/health-survey/questionnaires';
import {
  SURVEY_COMPLETED_INCOMPLETE,
  SURVEY_INCOMPLETE,
  SURVEY_LOCKED,
  SURVEY_STALE,
  SURVEY_VIEW_AS_READ_ONLY,
  surveyConflictSchema,
  surveyMissingSchema,
  surveyResponseAnswerSchema,
  surveySummarySchema,
  type Answers,
} from '@nestling/shared/contract/health-survey';
import { VIEW_AS_ADMIN_ONLY } from '@nestling/shared/contract/portal-user';
import { answersOf, missingRequired, ownAgeMessage } from '@nestling/shared/health-survey/answers';
import {
  questionnaireFor,
  questionnaireUrl,
  QUESTIONNAIRE_VERSION,
  UCUM,
} from '@nestling/shared/health-survey/questionnaires';
import type { App } from '../../app.ts';
import { user } from '../auth/schema.ts';
import { report } from '../lab/schema.ts';
import { coupleAccount, individualOrder } from '../orders/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, createTestUser, signInToken, TEST_ORIGIN } from '../../test/auth.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/database.ts';
import { surveyRoleOf } from './service.ts';

const inches = (value: number) => ({
  valueQuantity: { value, unit: 'in', system: UCUM, code: '[in_i]' },
});
const pounds = (value: number) => ({
  valueQuantity: { value, unit: 'lb', system: UCUM, code: '[lb_av]' },
});

/** A complete set of answers for a variant: 'no' to every condition, the numbers in range. */
function completeAnswers(variant: 'saliva-mother' | 'saliva-father' | 'pgt-mother'): Answers {
  const answers: Answers = {
    height: [inches(66)],
    weight: [pounds(150)],
    ancestry: [{ valueCoding: { code: 'european' } }],
  };
  const questionnaire = questionnaireFor(variant);
  for (const missing of missingRequired(questionnaire, answers)) {
    if (missing.linkId.startsWith('self-') || missing.linkId.startsWith('family-')) {
      answers[missing.linkId] = [{ valueBoolean: false }];
    }
  }
  if (variant.endsWith('mother')) {
    answers['pregnant-now'] = [{ valueBoolean: false }];
    answers.pregnancies = [{ valueInteger: 0 }];
  }
  if (variant.startsWith('pgt')) {
    answers['ivf-clinic'] = [{ valueString: 'Lakeside Fertility' }];
    answers['ivf-cycles'] = [{ valueInteger: 1 }];
    answers['ivf-embryos'] = [{ valueInteger: 4 }];
  }
  expect(missingRequired(questionnaire, answers)).toEqual([]);
  return answers;
}

describe('the survey role of a profile', () => {
  it('is the mother for Female or F, the father for Male or M, none otherwise', () => {
    expect(surveyRoleOf('Female')).toBe('mother');
    expect(surveyRoleOf('F')).toBe('mother');
    expect(surveyRoleOf('Male')).toBe('father');
    expect(surveyRoleOf('m')).toBe('father');
    expect(surveyRoleOf(null)).toBeNull();
    expect(surveyRoleOf('')).toBeNull();
  });
});

describe.each(testDatabaseKinds)('health surveys on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  const tokens: Record<string, string> = {};
  const people = {
    ann: { id: 'hs-ann', email: 'ann@survey.test', firstName: 'Ann', lastName: 'A', sex: 'Female' },
    bob: { id: 'hs-bob', email: 'bob@survey.test', firstName: 'Bob', lastName: 'B', sex: 'M' },
    cai: { id: 'hs-cai', email: 'cai@survey.test', firstName: 'Cai', lastName: 'C', sex: 'Female' },
    dee: { id: 'hs-dee', email: 'dee@survey.test', firstName: 'Dee', lastName: 'D', sex: null },
    eve: { id: 'hs-eve', email: 'eve@survey.test', firstName: 'Eve', lastName: 'E', sex: 'Female' },
    admin: {
      id: 'hs-admin',
      email: 'staff@survey.test',
      firstName: 'Sam',
      lastName: 'Staff',
      sex: null,
      isAdminUser: true,
    },
  };

  const call = (
    who: keyof typeof people,
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    payload?: object,
  ) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: bearer(tokens[who] ?? ''),
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    for (const { sex, ...person } of Object.values(people)) {
      await createTestUser(database.db, person);
      await database.db.update(user).set({ sex }).where(eq(user.id, person.id));
    }
    app = await createTestApp({ database, env: { PUBLIC_URL: TEST_ORIGIN } });
    for (const [who, person] of Object.entries(people)) {
      tokens[who] = await signInToken(app, person.email);
    }
    // Cai is the mother on a couple account with an embryo report: the pgt survey.
    await database.db.insert(coupleAccount).values({
      id: 'hs-couple',
      mother: people.cai.id,
      motherEmail: people.cai.email,
      purchaseDate: 1_772_409_600,
      testType: 'standard',
      donePilotOnboardingSteps: ['PURCHASED'],
    });
    await database.db.insert(report).values({
      id: 'hs-embryo',
      kind: 'embryo',
      labReportId: 'hs-lab-1',
      coupleAccountId: 'hs-couple',
    });
    // Eve has an individual order; a report for it is issued during the tests.
    await database.db.insert(individualOrder).values({
      id: 'hs-eve-order',
      userId: people.eve.id,
      purchaseId: 'NK-EVE',
      purchaseDate: 1_772_409_600,
      testType: 'standard',
    });
    // Ann is the mother on a couple account: submitting records MOTHER_HEALTH_SURVEY there.
    await database.db.insert(coupleAccount).values({
      id: 'hs-ann-couple',
      mother: people.ann.id,
      motherEmail: people.ann.email,
      purchaseDate: 1_772_409_600,
      testType: 'standard',
      donePilotOnboardingSteps: ['PURCHASED'],
    });
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('gives each person their variant, or asks for their sex', async () => {
    const variants: Record<string, unknown> = {};
    for (const who of ['ann', 'bob', 'cai', 'dee'] as const) {
      const answer = await call(who, 'GET', '/health-survey');
      expect(answer.statusCode).toBe(200);
      const summary = surveySummarySchema.parse(answer.json());
      variants[who] = summary.choice.variant;
      if (who === 'ann') {
        expect(summary).toMatchObject({ status: 'not-started', done: false, editable: true });
      }
    }
    expect(variants).toEqual({
      ann: 'saliva-mother',
      bob: 'saliva-father',
      cai: 'pgt-mother',
      dee: null,
    });
  });

  it('serves each variant as a FHIR Questionnaire', async () => {
    const answer = await call('bob', 'GET', '/health-survey/questionnaires/pgt-father');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/fhir\+json/);
    expect(answer.json()).toMatchObject({
      resourceType: 'Questionnaire',
      url: questionnaireUrl('pgt-father'),
      version: QUESTIONNAIRE_VERSION,
      status: 'active',
    });
    expect((await call('bob', 'GET', '/health-survey/questionnaires/nope')).statusCode).toBe(400);
    const anonymous = await app.inject({
      method: 'GET',
      url: '/api/health-survey/questionnaires/pgt-father',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('autosaves answers and the page, and reopens where the person left off', async () => {
    const empty = surveyResponseAnswerSchema.parse(
      (await call('ann', 'GET', '/health-survey/saliva-mother/response')).json(),
    );
    expect(empty).toMatchObject({ status: 'not-started', revision: 0, currentPage: null });
    expect(empty.response.status).toBe('in-progress');

    const first = await call('ann', 'PUT', '/health-survey/saliva-mother/response', {
      revision: 0,
      currentPage: 'about',
      answers: { height: [inches(64)] },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      revision: 1,
      status: 'in-progress',
      currentPage: 'about',
    });

    const second = await call('ann', 'PUT', '/health-survey/saliva-mother/response', {
      revision: 1,
      currentPage: 'personal-history',
      answers: { 'self-t2d': [{ valueBoolean: true }], 'self-t2d-age': [{ valueInteger: 30 }] },
    });
    expect(second.statusCode).toBe(200);

    const again = surveyResponseAnswerSchema.parse(
      (await call('ann', 'GET', '/health-survey/saliva-mother/response')).json(),
    );
    expect(again).toMatchObject({ revision: 2, currentPage: 'personal-history' });
    expect(answersOf(again.response)).toEqual({
      height: [inches(64)],
      'self-t2d': [{ valueBoolean: true }],
      'self-t2d-age': [{ valueInteger: 30 }],
    });

    // A hidden question keeps no answer; an empty list clears one.
    const hidden = await call('ann', 'PUT', '/health-survey/saliva-mother/response', {
      revision: 2,
      answers: { 'self-t2d': [{ valueBoolean: false }], height: [] },
    });
    const hiddenAnswers = answersOf(surveyResponseAnswerSchema.parse(hidden.json()).response);
    expect(hiddenAnswers).toEqual({ 'self-t2d': [{ valueBoolean: false }] });
    expect(hidden.json()).toMatchObject({ currentPage: 'personal-history', revision: 3 });
  });

  it('refuses answers that do not fit the Questionnaire', async () => {
    for (const answers of [
      { 'no-such-question': [{ valueBoolean: true }] },
      { height: [inches(500)] },
      { height: [{ valueInteger: 64 }] },
      { weight: [pounds(9999)] },
      { 'self-asthma-age': [{ valueInteger: 45 }] },
      { 'family-t2d-relatives': [{ valueCoding: { code: 'neighbour' } }] },
      { height: [{ valueString: 'tall' }] },
    ]) {
      const answer = await call('ann', 'PUT', '/health-survey/saliva-mother/response', {
        revision: 3,
        answers,
      });
      expect(answer.statusCode, JSON.stringify(answers)).toBe(400);
    }
  });

  it('refuses an age at diagnosis older than the person, in words', async () => {
    const birthYear = new Date().getUTCFullYear() - 30;
    await database.db
      .update(user)
      .set({ birthYear, birthMonth: 1, birthDay: 1 })
      .where(eq(user.id, people.ann.id));
    try {
      const answer = await call('ann', 'PUT', '/health-survey/saliva-mother/response', {
        revision: 3,
        answers: { 'self-t2d': [{ valueBoolean: true }], 'self-t2d-age': [{ valueInteger: 31 }] },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json<{ message: string }>().message).toBe(
        `How old were you when you were diagnosed with type 2 diabetes? ${ownAgeMessage(30)}`,
      );
    } finally {
      await database.db
        .update(user)
        .set({ birthYear: null, birthMonth: null, birthDay: null })
        .where(eq(user.id, people.ann.id));
    }
  });

  it('answers a stale revision with 409 and the stored response', async () => {
    const answer = await call('ann', 'PUT', '/health-survey/saliva-mother/response', {
      revision: 1,
      answers: { weight: [pounds(130)] },
    });
    expect(answer.statusCode).toBe(409);
    const conflict = surveyConflictSchema.parse(answer.json());
    expect(conflict.message).toBe(SURVEY_STALE);
    expect(conflict.current?.revision).toBe(3);
    expect(answersOf(conflict.current?.response)).toEqual({
      'self-t2d': [{ valueBoolean: false }],
    });
  });

  it('submits only when every required question is answered, naming the missing ones', async () => {
    const early = await call('ann', 'POST', '/health-survey/saliva-mother/submit');
    expect(early.statusCode).toBe(422);
    const refused = surveyMissingSchema.parse(early.json());
    expect(refused.message).toBe(SURVEY_INCOMPLETE);
    expect(refused.missing.map((item) => item.linkId)).toContain('height');
    expect(refused.missing.find((item) => item.linkId === 'height')).toMatchObject({
      text: 'Height',
      section: 'about',
    });

    const saved = await call('ann', 'PUT', '/health-survey/saliva-mother/response', {
      revision: 3,
      currentPage: 'review',
      answers: completeAnswers('saliva-mother'),
    });
    expect(saved.statusCode).toBe(200);

    const submitted = await call('ann', 'POST', '/health-survey/saliva-mother/submit');
    expect(submitted.statusCode).toBe(200);
    const done = surveyResponseAnswerSchema.parse(submitted.json());
    expect(done.status).toBe('completed');
    expect(done.response.status).toBe('completed');

    const me = await database.db.select().from(user).where(eq(user.id, people.ann.id));
    expect(me[0]?.healthSurveyStatus).toBe('done');
    const account = await database.db
      .select()
      .from(coupleAccount)
      .where(eq(coupleAccount.id, 'hs-ann-couple'));
    expect(account[0]?.donePilotOnboardingSteps).toContain('MOTHER_HEALTH_SURVEY');
    const summary = surveySummarySchema.parse((await call('ann', 'GET', '/health-survey')).json());
    expect(summary).toMatchObject({ status: 'completed', done: true });
  });

  it('keeps a submitted survey complete: a change that leaves a question open is refused', async () => {
    const read = surveyResponseAnswerSchema.parse(
      (await call('ann', 'GET', '/health-survey/saliva-mother/response')).json(),
    );
    const opens = await call('ann', 'PUT', '/health-survey/saliva-mother/response', {
      revision: read.revision,
      answers: { 'family-cad': [{ valueBoolean: true }] },
    });
    expect(opens.statusCode).toBe(422);
    const refused = surveyMissingSchema.parse(opens.json());
    expect(refused.message).toBe(SURVEY_COMPLETED_INCOMPLETE);
    expect(refused.missing.map((item) => item.linkId)).toEqual(['family-cad-relatives']);

    const withIt = await call('ann', 'PUT', '/health-survey/saliva-mother/response', {
      revision: read.revision,
      answers: {
        'family-cad': [{ valueBoolean: true }],
        'family-cad-relatives': [{ valueCoding: { code: 'grandparent' } }],
      },
    });
    expect(withIt.statusCode).toBe(200);
    expect(withIt.json()).toMatchObject({ status: 'completed' });
  });

  it('downloads the answers as a QuestionnaireResponse that names its Questionnaire', async () => {
    const answer = await call('ann', 'GET', '/health-survey/saliva-mother/response.json');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/fhir\+json/);
    expect(answer.headers['content-disposition']).toMatch(/attachment/);
    const resource = answer.json<QuestionnaireResponse>();
    expect(resource).toMatchObject({
      resourceType: 'QuestionnaireResponse',
      status: 'completed',
      questionnaire: `${questionnaireUrl('saliva-mother')}|${QUESTIONNAIRE_VERSION}`,
      subject: { reference: `Patient/${people.ann.id}` },
    });
    expect(resource.item?.[0]?.linkId).toBe('about');
    expect(answersOf(resource)['family-cad-relatives']).toEqual([
      { valueCoding: { code: 'grandparent' } },
    ]);
    expect(
      (await call('bob', 'GET', '/health-survey/saliva-father/response.json')).statusCode,
    ).toBe(404);
  });

  it('keeps each person to their own answers and their own variant', async () => {
    // Bob reads his own (empty) saliva-mother response, never Ann's.
    const bobs = surveyResponseAnswerSchema.parse(
      (await call('bob', 'GET', '/health-survey/saliva-mother/response')).json(),
    );
    expect(bobs.revision).toBe(0);
    expect(answersOf(bobs.response)).toEqual({});
    // And may not answer a variant that is not his.
    const wrong = await call('bob', 'PUT', '/health-survey/saliva-mother/response', {
      revision: 0,
      answers: { height: [inches(70)] },
    });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json<{ message: string }>().message).toMatch(/saliva\/health-survey\/father/);
    const none = await call('dee', 'PUT', '/health-survey/saliva-mother/response', {
      revision: 0,
      answers: {},
    });
    expect(none.statusCode).toBe(409);
    // Ann's survey is not someone else's to submit or download.
    expect((await call('bob', 'POST', '/health-survey/saliva-mother/submit')).statusCode).toBe(409);
    expect(
      (await call('bob', 'GET', '/health-survey/saliva-mother/response.json')).statusCode,
    ).toBe(404);
  });

  it('lets lab staff read a patient’s survey but not answer it', async () => {
    const read = await call(
      'admin',
      'GET',
      `/health-survey/saliva-mother/response?asUser=${people.ann.email}`,
    );
    expect(read.statusCode).toBe(200);
    expect(surveyResponseAnswerSchema.parse(read.json()).status).toBe('completed');
    const write = await call(
      'admin',
      'PUT',
      `/health-survey/saliva-mother/response?asUser=${people.ann.id}`,
      {
        revision: 0,
        answers: {},
      },
    );
    expect(write.statusCode).toBe(403);
    expect(write.json<{ message: string }>().message).toBe(SURVEY_VIEW_AS_READ_ONLY);
    const patient = await call('bob', 'GET', `/health-survey?asUser=${people.ann.id}`);
    expect(patient.statusCode).toBe(403);
    expect(patient.json<{ message: string }>().message).toBe(VIEW_AS_ADMIN_ONLY);
  });

  it('keeps one research consent: the survey’s answer and account settings are one record', async () => {
    const privacy = async () =>
      (await call('bob', 'GET', '/user/privacy')).json<{ researchConsentSince: string | null }>();
    const researchAnswer = async () =>
      answersOf(
        surveyResponseAnswerSchema.parse(
          (await call('bob', 'GET', '/health-survey/saliva-father/response')).json(),
        ).response,
      )['research-consent'];
    // Not answered anywhere: the survey leaves the question open.
    expect(await researchAnswer()).toBeUndefined();
    const given = await call('bob', 'PUT', '/health-survey/saliva-father/response', {
      revision: 0,
      answers: { 'research-consent': [{ valueBoolean: true }] },
    });
    expect(given.statusCode, given.body).toBe(200);
    const since = (await privacy()).researchConsentSince;
    expect(since).not.toBeNull();
    // Withdrawn in account settings: the survey shows it withdrawn.
    const withdrawn = await call('bob', 'PUT', '/user/research-consent', { consent: false });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await researchAnswer()).toEqual([{ valueBoolean: false }]);
    const download = await call('bob', 'GET', '/health-survey/saliva-father/response.json');
    expect(answersOf(download.json<QuestionnaireResponse>())['research-consent']).toEqual([
      { valueBoolean: false },
    ]);
    // Given again in settings, then in the survey: the date of the consent stays the first.
    await call('bob', 'PUT', '/user/research-consent', { consent: true });
    const first = (await privacy()).researchConsentSince;
    expect(await researchAnswer()).toEqual([{ valueBoolean: true }]);
    const again = await call('bob', 'PUT', '/health-survey/saliva-father/response', {
      revision: 1,
      answers: { 'research-consent': [{ valueBoolean: true }] },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await privacy()).researchConsentSince).toBe(first);
    // Withdrawn in the survey: withdrawn everywhere.
    await call('bob', 'PUT', '/health-survey/saliva-father/response', {
      revision: 2,
      answers: { 'research-consent': [{ valueBoolean: false }] },
    });
    expect((await privacy()).researchConsentSince).toBeNull();
  });

  it('locks the survey once a report is issued for the person', async () => {
    const saved = await call('eve', 'PUT', '/health-survey/saliva-mother/response', {
      revision: 0,
      answers: { height: [inches(60)] },
    });
    expect(saved.statusCode).toBe(200);
    await database.db.insert(report).values({
      id: 'hs-eve-report',
      kind: 'individual',
      labReportId: 'hs-lab-2',
      individualOrderId: 'hs-eve-order',
    });
    const locked = await call('eve', 'PUT', '/health-survey/saliva-mother/response', {
      revision: 1,
      answers: { height: [inches(61)] },
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json<{ message: string }>().message).toBe(SURVEY_LOCKED);
    expect((await call('eve', 'POST', '/health-survey/saliva-mother/submit')).statusCode).toBe(409);
    const read = surveyResponseAnswerSchema.parse(
      (await call('eve', 'GET', '/health-survey/saliva-mother/response')).json(),
    );
    expect(read).toMatchObject({ editable: false, revision: 1 });
  });
});
