import { describe, expect, it } from 'vitest';
import { diseaseCodes } from '../catalogue/diseases.ts';
import {
  answersOf,
  answersSchema,
  buildResponse,
  describeQuantity,
  enabledItems,
  missingRequired,
  ownAgeMessage,
  ownAgeProblems,
  pruneDisabled,
  quantityOf,
} from './answers.ts';
import {
  allItems,
  EXTENSION,
  extensionNumber,
  itemUnitOptions,
  QUANTITY_UNITS,
  QUESTIONNAIRE_VERSION,
  questionnaireFor,
  questionnaireUrl,
  SURVEY_VARIANTS,
  surveySections,
  UCUM,
} from './questionnaires.ts';

describe.each(SURVEY_VARIANTS)('the %s questionnaire', (variant) => {
  const questionnaire = questionnaireFor(variant);
  const items = allItems(questionnaire.item);

  it('is an active FHIR R4 Questionnaire with url, version and title', () => {
    expect(questionnaire.resourceType).toBe('Questionnaire');
    expect(questionnaire.url).toBe(questionnaireUrl(variant));
    expect(questionnaire.version).toBe(QUESTIONNAIRE_VERSION);
    expect(questionnaire.status).toBe('active');
    expect(questionnaire.title).toMatch(/Health survey/);
  });

  it('has unique linkIds, a text for every item, and groups only at the top', () => {
    const linkIds = items.map((item) => item.linkId);
    expect(new Set(linkIds).size).toBe(linkIds.length);
    for (const item of items) expect(item.text).toBeTruthy();
    for (const section of questionnaire.item ?? []) expect(section.type).toBe('group');
    expect(surveySections(questionnaire).length).toBeGreaterThanOrEqual(4);
  });

  it('makes every enableWhen refer to an earlier question', () => {
    const seen = new Set<string>();
    for (const item of items) {
      for (const condition of item.enableWhen ?? []) expect(seen).toContain(condition.question);
      seen.add(item.linkId);
    }
  });

  it('gives every choice its options and every number a range', () => {
    for (const item of items) {
      if (item.type === 'choice' || item.type === 'open-choice') {
        expect(item.answerOption?.length).toBeGreaterThan(1);
      }
      if (item.type === 'integer' || item.type === 'decimal') {
        expect(extensionNumber(item, EXTENSION.minValue)).toBeTypeOf('number');
        expect(extensionNumber(item, EXTENSION.maxValue)).toBeTypeOf('number');
      }
      if (item.type === 'quantity') expect(itemUnitOptions(item).length).toBe(2);
    }
  });

  it('asks about every condition of the catalog in the family history', () => {
    const linkIds = new Set(items.map((item) => item.linkId));
    for (const code of diseaseCodes) {
      expect(linkIds).toContain(`family-${code}`);
      expect(linkIds).toContain(`family-${code}-relatives`);
    }
  });

  it('holds the sections of its program and role', () => {
    const sections = surveySections(questionnaire).map((section) => section.linkId);
    expect(sections.includes('pregnancy')).toBe(variant.endsWith('mother'));
    expect(sections.includes('ivf')).toBe(variant.startsWith('pgt'));
    expect(sections).toContain('research');
  });
});

describe('the answers of a survey', () => {
  const questionnaire = questionnaireFor('pgt-mother');
  const schema = answersSchema(questionnaire);

  it('accept values of each item’s type, options and range', () => {
    const parsed = schema.safeParse({
      height: [{ valueQuantity: { value: 65.5, unit: 'in', system: UCUM, code: '[in_i]' } }],
      weight: [{ valueQuantity: { value: 63.4, unit: 'kg', system: UCUM, code: 'kg' } }],
      ancestry: [{ valueCoding: { code: 'european' } }, { valueString: 'Basque' }],
      'self-t2d': [{ valueBoolean: true }],
      'family-t2d-relatives': [
        { valueCoding: { code: 'mother' } },
        { valueCoding: { code: 'grandparent' } },
      ],
      'ivf-last-retrieval': [{ valueDate: '2026-01-31' }],
      'ivf-clinic': [],
    });
    expect(parsed.success).toBe(true);
  });

  it('refuse unknown questions, wrong types, unknown options, numbers out of range and bad dates', () => {
    for (const answers of [
      { 'no-such-question': [{ valueBoolean: true }] },
      { height: [{ valueString: 'tall' }] },
      // Height and weight carry their unit: a bare number says neither inches nor centimeters.
      { height: [{ valueInteger: 65 }] },
      { height: [{ valueQuantity: { value: 300, unit: 'cm', code: 'cm' } }] },
      { height: [{ valueQuantity: { value: 65, unit: 'kg', code: 'kg' } }] },
      { weight: [{ valueQuantity: { value: 9999, unit: 'lb', code: '[lb_av]' } }] },
      {
        height: [
          { valueQuantity: { value: 60, unit: 'in', code: '[in_i]' } },
          { valueQuantity: { value: 61, unit: 'in', code: '[in_i]' } },
        ],
      },
      // Childhood asthma is diagnosed before 18.
      { 'self-asthma-age': [{ valueInteger: 45 }] },
      { 'ivf-clinic': [{ valueString: 'x'.repeat(201) }] },
      { 'family-t2d-relatives': [{ valueCoding: { code: 'neighbour' } }] },
      { 'ivf-last-retrieval': [{ valueDate: '2026-02-30' }] },
      { 'personal-history-intro': [{ valueString: 'x' }] },
      { 'ivf-clinic': [{ valueString: '   ' }] },
    ]) {
      expect(schema.safeParse(answers).success, JSON.stringify(answers)).toBe(false);
    }
  });

  it('say the range of a quantity in its own unit', () => {
    const said = (value: number, code: string, unit: string) =>
      schema
        .safeParse({ height: [{ valueQuantity: { value, unit, code } }] })
        .error?.issues.map((issue) => issue.message);
    expect(said(300, 'cm', 'cm')).toEqual(['Give a number from 91 to 244 cm']);
    expect(said(120, '[in_i]', 'in')).toEqual(['Give a height from 3 ft to 8 ft']);
    const inches = QUANTITY_UNITS['[in_i]'];
    expect(inches && describeQuantity({ value: 65.5, unit: inches })).toBe('5 ft 5.5 in');
  });

  it('read a height answered before units as inches, unchanged', () => {
    const height = allItems(questionnaire.item).find((item) => item.linkId === 'height');
    expect(height && quantityOf(height, { valueInteger: 65 })).toEqual({
      value: 65,
      unit: QUANTITY_UNITS['[in_i]'],
    });
  });

  it('refuse an age at diagnosis older than the person is now', () => {
    const answers = {
      'self-t2d-age': [{ valueInteger: 40 }],
      'family-t2d-age': [{ valueInteger: 60 }],
    };
    expect([...ownAgeProblems(questionnaire, answers, 34).entries()]).toEqual([
      [
        'self-t2d-age',
        { text: expect.stringContaining('How old were you') as string, message: ownAgeMessage(34) },
      ],
    ]);
    expect(ownAgeProblems(questionnaire, answers, 40).size).toBe(0);
  });

  it('say what is wrong with a date that does not exist', () => {
    const parsed = schema.safeParse({ 'ivf-last-retrieval': [{ valueDate: '2026-04-31' }] });
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['ivf-last-retrieval.0.valueDate', 'April has 30 days'],
    ]);
  });

  it('show a follow-up question only when its condition holds (enableWhen)', () => {
    const shown = (answers: Parameters<typeof enabledItems>[1]) =>
      enabledItems(questionnaire.item, answers).map((item) => item.linkId);
    expect(shown({})).not.toContain('self-t2d-age');
    expect(shown({ 'self-t2d': [{ valueBoolean: false }] })).not.toContain('self-t2d-age');
    expect(shown({ 'self-t2d': [{ valueBoolean: true }] })).toContain('self-t2d-age');
    expect(shown({ pregnancies: [{ valueInteger: 0 }] })).not.toContain('live-births');
    expect(shown({ pregnancies: [{ valueInteger: 2 }] })).toContain('live-births');
  });

  it('name the required, enabled questions still missing', () => {
    const missing = missingRequired(questionnaire, { 'self-t2d': [{ valueBoolean: true }] });
    const linkIds = missing.map((item) => item.linkId);
    expect(linkIds).toContain('height');
    expect(linkIds).toContain('self-t2d-age');
    expect(linkIds).not.toContain('self-cad-age');
    expect(linkIds).not.toContain('research-consent');
    expect(missing.find((item) => item.linkId === 'height')?.section).toBe('about');
  });

  it('round-trip through a QuestionnaireResponse, dropping hidden answers', () => {
    const answers = {
      height: [{ valueQuantity: { value: 170, unit: 'cm', system: UCUM, code: 'cm' } }],
      'self-t2d': [{ valueBoolean: false }],
      'self-t2d-age': [{ valueInteger: 40 }],
    };
    const response = buildResponse(questionnaire, answers, {
      id: 'r1',
      status: 'in-progress',
      authored: '2026-03-02T10:00:00.000Z',
      subject: 'u1',
    });
    expect(response.questionnaire).toBe(
      `${questionnaireUrl('pgt-mother')}|${QUESTIONNAIRE_VERSION}`,
    );
    expect(response.item?.map((item) => item.linkId)).toEqual(['about', 'personal-history']);
    expect(answersOf(response)).toEqual(pruneDisabled(questionnaire, answers));
    expect(answersOf(response)).not.toHaveProperty('self-t2d-age');
  });
});
