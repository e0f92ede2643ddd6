import type { Coding, Questionnaire, QuestionnaireItem } from 'fhir/r4';
import {
  diseaseCodes,
  diseases,
  sexSpecificDiseases,
  type DiseaseCode,
} from '../catalogue/diseases.ts';

/** The FHIR R4 types, for the server and the web app (the types package lives here). */
export type {
  Questionnaire,
  QuestionnaireItem,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
} from 'fhir/r4';

/*
 * The four health surveys as HL7 FHIR R4 Questionnaire resources, built by code from shared
 * section builders so that the variants differ only in the sections they hold. Each top-level
 * item is a group, which the web app shows as one page.
 */

export const SURVEY_PROGRAMS = ['saliva', 'pgt'] as const;
export type SurveyProgram = (typeof SURVEY_PROGRAMS)[number];
export const SURVEY_ROLES = ['mother', 'father'] as const;
export type SurveyRole = (typeof SURVEY_ROLES)[number];
export const SURVEY_VARIANTS = [
  'saliva-mother',
  'saliva-father',
  'pgt-mother',
  'pgt-father',
] as const;
export type SurveyVariant = (typeof SURVEY_VARIANTS)[number];

export function surveyVariant(program: SurveyProgram, role: SurveyRole): SurveyVariant {
  return `${program}-${role}`;
}

export function splitVariant(variant: SurveyVariant): { program: SurveyProgram; role: SurveyRole } {
  const [program, role] = variant.split('-') as [SurveyProgram, SurveyRole];
  return { program, role };
}

/** Bumped when a question changes; a stored response names the version it was answered to. */
export const QUESTIONNAIRE_VERSION = '1.1.0';
/** The canonical base of the portal's questionnaires (a name, not a fetched address). */
export const QUESTIONNAIRE_BASE_URL = 'https://nestling.health/fhir/Questionnaire';

export function questionnaireUrl(variant: SurveyVariant): string {
  return `${QUESTIONNAIRE_BASE_URL}/health-survey-${variant}`;
}

/** The standard extensions the renderer and the validator read. */
export const EXTENSION = {
  unit: 'http://hl7.org/fhir/StructureDefinition/questionnaire-unit',
  minValue: 'http://hl7.org/fhir/StructureDefinition/minValue',
  maxValue: 'http://hl7.org/fhir/StructureDefinition/maxValue',
  itemControl: 'http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl',
  unitOption: 'http://hl7.org/fhir/StructureDefinition/questionnaire-unitOption',
} as const;

export const UCUM = 'http://unitsofmeasure.org';

/**
 * A unit a quantity may be given in, with the range a real answer falls in. Height and weight
 * are kept in the unit the person gave them in (FHIR valueQuantity), never converted: 170 cm
 * stays 170 cm. Inches are shown as feet and inches.
 */
export interface QuantityUnit {
  /** The UCUM code: '[in_i]', 'cm', '[lb_av]', 'kg'. */
  code: string;
  /** How the unit is written after a number: 'in', 'cm', 'lb', 'kg'. */
  unit: string;
  /** The choice's words: 'Feet and inches'. */
  label: string;
  min: number;
  max: number;
}

export const QUANTITY_UNITS: Record<string, QuantityUnit> = {
  '[in_i]': { code: '[in_i]', unit: 'in', label: 'Feet and inches', min: 36, max: 96 },
  cm: { code: 'cm', unit: 'cm', label: 'Centimeters', min: 91, max: 244 },
  '[lb_av]': { code: '[lb_av]', unit: 'lb', label: 'Pounds', min: 50, max: 700 },
  kg: { code: 'kg', unit: 'kg', label: 'Kilograms', min: 23, max: 318 },
};

function unitOptions(...codes: (keyof typeof QUANTITY_UNITS)[]) {
  return codes.map((code) => {
    const unit = QUANTITY_UNITS[code];
    return { url: EXTENSION.unitOption, valueCoding: { system: UCUM, code, display: unit?.unit } };
  });
}
const OPTION_SYSTEM = 'https://nestling.health/fhir/CodeSystem/health-survey';

function option(code: string, display: string): { valueCoding: Coding } {
  return { valueCoding: { system: OPTION_SYSTEM, code, display } };
}

function range(min: number, max: number, unit?: { code: string; display: string }) {
  const integer = Number.isInteger(min) && Number.isInteger(max);
  return [
    ...(unit ? [{ url: EXTENSION.unit, valueCoding: { system: UCUM, ...unit } }] : []),
    { url: EXTENSION.minValue, ...(integer ? { valueInteger: min } : { valueDecimal: min }) },
    { url: EXTENSION.maxValue, ...(integer ? { valueInteger: max } : { valueDecimal: max }) },
  ];
}

function yesNo(linkId: string, text: string, required = true): QuestionnaireItem {
  return { linkId, text, type: 'boolean', required };
}

function shownWhenYes(question: string): Pick<QuestionnaireItem, 'enableWhen'> {
  return { enableWhen: [{ question, operator: '=', answerBoolean: true }] };
}

/**
 * The oldest age a condition is diagnosed at, where its name sets one: childhood asthma is
 * diagnosed before 18.
 */
const DIAGNOSIS_AGE_LIMIT: Partial<Record<DiseaseCode, number>> = { asthma: 17 };

function ageAtDiagnosis(
  linkId: string,
  text: string,
  whenYes: string,
  code: DiseaseCode,
): QuestionnaireItem {
  return {
    linkId,
    text,
    type: 'integer',
    required: true,
    extension: range(0, DIAGNOSIS_AGE_LIMIT[code] ?? 120, { code: 'a', display: 'years' }),
    ...shownWhenYes(whenYes),
  };
}

const ANCESTRIES = [
  ['african', 'African or African American'],
  ['east-asian', 'East Asian'],
  ['south-asian', 'South Asian'],
  ['european', 'European'],
  ['ashkenazi', 'Ashkenazi Jewish'],
  ['hispanic', 'Hispanic or Latino'],
  ['middle-eastern', 'Middle Eastern or North African'],
  ['native-american', 'Native American or Alaska Native'],
  ['pacific-islander', 'Native Hawaiian or Pacific Islander'],
] as const;

/** First- and second-degree blood relatives. */
const RELATIVES = [
  ['mother', 'Mother'],
  ['father', 'Father'],
  ['sibling', 'Sister or brother'],
  ['child', 'Child'],
  ['grandparent', 'Grandparent'],
  ['aunt-uncle', 'Aunt or uncle'],
  ['half-sibling', 'Half-sister or half-brother'],
  ['grandchild', 'Grandchild'],
  ['niece-nephew', 'Niece or nephew'],
] as const;

function aboutYou(): QuestionnaireItem {
  return {
    linkId: 'about',
    text: 'About you',
    type: 'group',
    item: [
      {
        linkId: 'height',
        text: 'Height',
        type: 'quantity',
        required: true,
        extension: unitOptions('[in_i]', 'cm'),
      },
      {
        linkId: 'weight',
        text: 'Weight',
        type: 'quantity',
        required: true,
        extension: unitOptions('[lb_av]', 'kg'),
      },
      {
        linkId: 'ancestry',
        text: 'Which ancestries describe your family? Choose all that apply, or describe your own.',
        type: 'open-choice',
        required: true,
        repeats: true,
        answerOption: ANCESTRIES.map(([code, display]) => option(code, display)),
        // The most the 'in your own words' answer holds.
        maxLength: 200,
      },
      {
        linkId: 'ancestry-unknown-parent',
        text: 'Were you adopted, or conceived with a donor egg or sperm?',
        type: 'boolean',
        required: false,
      },
    ],
  };
}

function conditionsFor(role: SurveyRole) {
  const sex = role === 'mother' ? 'female' : 'male';
  return diseaseCodes.filter((code) => {
    const only = sexSpecificDiseases[code];
    return only === undefined || only === sex;
  });
}

function yourHealth(role: SurveyRole): QuestionnaireItem {
  return {
    linkId: 'personal-history',
    text: 'Your health',
    type: 'group',
    item: [
      {
        linkId: 'personal-history-intro',
        text: 'Tell us about conditions a doctor has diagnosed you with. Your answers help the lab interpret your results.',
        type: 'display',
      },
      ...conditionsFor(role).flatMap((code) => [
        yesNo(`self-${code}`, `Have you been diagnosed with ${diseases[code].lowerName}?`),
        ageAtDiagnosis(
          `self-${code}-age`,
          `How old were you when you were diagnosed with ${diseases[code].lowerName}?`,
          `self-${code}`,
          code,
        ),
      ]),
      {
        linkId: 'self-other',
        text: 'Any other conditions, surgeries or regular medicines the lab should know about',
        type: 'text',
        required: false,
        maxLength: 2000,
      },
    ],
  };
}

function familyHistory(): QuestionnaireItem {
  return {
    linkId: 'family-history',
    text: 'Your family’s health',
    type: 'group',
    item: [
      {
        linkId: 'family-history-intro',
        text: 'Think of your blood relatives: parents, sisters and brothers, children, grandparents, aunts and uncles, half-siblings, grandchildren, nieces and nephews.',
        type: 'display',
      },
      ...diseaseCodes.flatMap((code) => [
        yesNo(
          `family-${code}`,
          `Has a blood relative been diagnosed with ${diseases[code].lowerName}?`,
        ),
        {
          linkId: `family-${code}-relatives`,
          text: `Which relatives have had ${diseases[code].lowerName}?`,
          type: 'choice' as const,
          required: true,
          repeats: true,
          answerOption: RELATIVES.map(([relative, display]) => option(relative, display)),
          ...shownWhenYes(`family-${code}`),
        },
        {
          ...ageAtDiagnosis(
            `family-${code}-age`,
            `The youngest age at which one of them was diagnosed, if you know it`,
            `family-${code}`,
            code,
          ),
          required: false,
        },
      ]),
    ],
  };
}

function pregnancyHistory(): QuestionnaireItem {
  return {
    linkId: 'pregnancy',
    text: 'Pregnancy history',
    type: 'group',
    item: [
      yesNo('pregnant-now', 'Are you pregnant now?'),
      {
        linkId: 'pregnancies',
        text: 'How many times have you been pregnant (including now)?',
        type: 'integer',
        required: true,
        extension: range(0, 30),
      },
      {
        linkId: 'live-births',
        text: 'How many live births have you had?',
        type: 'integer',
        required: true,
        extension: range(0, 30),
        enableWhen: [{ question: 'pregnancies', operator: '>', answerInteger: 0 }],
      },
      {
        linkId: 'pregnancy-losses',
        text: 'How many miscarriages or pregnancy losses have you had?',
        type: 'integer',
        required: true,
        extension: range(0, 30),
        enableWhen: [{ question: 'pregnancies', operator: '>', answerInteger: 0 }],
      },
      {
        linkId: 'pregnancy-notes',
        text: 'Anything else about your pregnancies the lab should know (for example a pregnancy affected by a genetic condition)',
        type: 'text',
        required: false,
        maxLength: 2000,
        enableWhen: [{ question: 'pregnancies', operator: '>', answerInteger: 0 }],
      },
    ],
  };
}

function ivfTreatment(): QuestionnaireItem {
  return {
    linkId: 'ivf',
    text: 'Your IVF treatment',
    type: 'group',
    item: [
      {
        linkId: 'ivf-clinic',
        text: 'IVF clinic',
        type: 'string',
        required: true,
        maxLength: 200,
      },
      {
        linkId: 'ivf-cycles',
        text: 'How many IVF cycles have you had so far (including the current one)?',
        type: 'integer',
        required: true,
        extension: range(0, 50),
      },
      {
        linkId: 'ivf-last-retrieval',
        text: 'Date of the most recent egg retrieval',
        type: 'date',
        required: false,
        enableWhen: [{ question: 'ivf-cycles', operator: '>', answerInteger: 0 }],
      },
      {
        linkId: 'ivf-embryos',
        text: 'How many embryos have been created so far?',
        type: 'integer',
        required: true,
        extension: range(0, 200),
        enableWhen: [{ question: 'ivf-cycles', operator: '>', answerInteger: 0 }],
      },
    ],
  };
}

/**
 * The survey's research question. Its answer is not kept with the survey: it is the person's
 * one research consent, shown and changed here and in account settings alike.
 */
export const RESEARCH_CONSENT_LINK_ID = 'research-consent';

function research(): QuestionnaireItem {
  return {
    linkId: 'research',
    text: 'Research',
    type: 'group',
    item: [
      {
        linkId: 'research-intro',
        text: 'With your permission, the lab may use your answers and results, without your name, in research that improves genetic screening. You can change your mind at any time, and saying no changes nothing about your tests.',
        type: 'display',
      },
      yesNo(
        RESEARCH_CONSENT_LINK_ID,
        'I agree that my de-identified answers and results may be used for research',
        false,
      ),
    ],
  };
}

const TITLES: Record<SurveyVariant, string> = {
  'saliva-mother': 'Health survey for preconception screening (mother)',
  'saliva-father': 'Health survey for preconception screening (father)',
  'pgt-mother': 'Health survey for embryo screening (mother)',
  'pgt-father': 'Health survey for embryo screening (father)',
};

function buildQuestionnaire(variant: SurveyVariant): Questionnaire {
  const { program, role } = splitVariant(variant);
  const sections: QuestionnaireItem[] = [
    aboutYou(),
    yourHealth(role),
    familyHistory(),
    ...(role === 'mother' ? [pregnancyHistory()] : []),
    ...(program === 'pgt' ? [ivfTreatment()] : []),
    research(),
  ];
  return {
    resourceType: 'Questionnaire',
    id: `health-survey-${variant}`,
    url: questionnaireUrl(variant),
    version: QUESTIONNAIRE_VERSION,
    name: `HealthSurvey${program === 'pgt' ? 'Pgt' : 'Saliva'}${role === 'mother' ? 'Mother' : 'Father'}`,
    title: TITLES[variant],
    status: 'active',
    subjectType: ['Patient'],
    item: sections,
  };
}

const built = new Map<SurveyVariant, Questionnaire>();

/** The variant's Questionnaire (built once, then shared: do not change it). */
export function questionnaireFor(variant: SurveyVariant): Questionnaire {
  let questionnaire = built.get(variant);
  if (!questionnaire) {
    questionnaire = buildQuestionnaire(variant);
    built.set(variant, questionnaire);
  }
  return questionnaire;
}

/** The pages of a survey: its top-level groups. */
export function surveySections(questionnaire: Questionnaire): QuestionnaireItem[] {
  return (questionnaire.item ?? []).filter((item) => item.type === 'group');
}

/** Every item, depth first, in questionnaire order. */
export function allItems(items: readonly QuestionnaireItem[] | undefined): QuestionnaireItem[] {
  return (items ?? []).flatMap((item) => [item, ...allItems(item.item)]);
}

/** The number an extension holds (minValue, maxValue), if any. */
export function extensionNumber(item: QuestionnaireItem, url: string): number | undefined {
  const found = item.extension?.find((extension) => extension.url === url);
  return found?.valueInteger ?? found?.valueDecimal;
}

/** The unit of a numeric item ('inches'), if any. */
export function itemUnit(item: QuestionnaireItem): string | undefined {
  const found = item.extension?.find((extension) => extension.url === EXTENSION.unit);
  return found?.valueCoding?.display;
}

/** The units a quantity item may be given in, in the order offered (the first by default). */
export function itemUnitOptions(item: QuestionnaireItem): QuantityUnit[] {
  return (item.extension ?? []).flatMap((extension) => {
    const code = extension.url === EXTENSION.unitOption ? extension.valueCoding?.code : undefined;
    const unit = code === undefined ? undefined : QUANTITY_UNITS[code];
    return unit === undefined ? [] : [unit];
  });
}

/**
 * An age the person gives about themselves ('How old were you when…'): it cannot be older than
 * they are now. Relatives' ages are not bounded by the person's.
 */
export function isOwnAgeItem(item: QuestionnaireItem): boolean {
  return item.linkId.startsWith('self-') && item.linkId.endsWith('-age');
}
