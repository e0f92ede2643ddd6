import { randomUUID } from 'node:crypto';
import type { CodeableConcept, Coding, ObservationComponent, Reference } from 'fhir/r4';
import { UNKNOWN_NAME } from '@nestling/shared/catalogue/catalogue-entry';
import { getDisease } from '@nestling/shared/catalogue/diseases';
import { getTrait } from '@nestling/shared/catalogue/traits';
import type {
  CarrierMatch,
  ChildRiskRange,
  DiseaseResult,
  Embryo,
  ReportContent,
  TraitResult,
  VariantFinding,
} from '@nestling/shared/contract/report';
import {
  heldBackConditions,
  isTraitReportable,
  NOT_ACCURATE_ENOUGH,
  notAccurateEnoughDetail,
} from '@nestling/shared/risk/reportable';

/*
 * A person's reports and health survey as one HL7 FHIR R4 Bundle (type 'collection'), shaped
 * after the Genomics Reporting IG (STU3): a DiagnosticReport per report, an Observation per
 * single-gene finding, trait and embryo, and a RiskAssessment per condition. Pure: the caller
 * reads the reports through the reports service, so what is held back never gets here.
 */

const LOINC = 'http://loinc.org';
const HGVS = 'http://varnomen.hgvs.org';
const IG = 'http://hl7.org/fhir/uv/genomics-reporting/StructureDefinition';
const GENETICS_CATEGORY = {
  coding: [
    { system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'GE', display: 'Genetics' },
  ],
};
const LABORATORY_CATEGORY = {
  coding: [
    {
      system: 'http://terminology.hl7.org/CodeSystem/observation-category',
      code: 'laboratory',
      display: 'Laboratory',
    },
  ],
};

export interface FhirResource {
  resourceType: string;
  id?: string;
  [field: string]: unknown;
}

export interface FhirBundle {
  resourceType: 'Bundle';
  id: string;
  type: 'collection';
  timestamp: string;
  entry: { fullUrl: string; resource: FhirResource }[];
}

export interface BundlePatient {
  firstName: string | null;
  lastName: string | null;
  /** As on the profile: 'Female', 'Male', or the older 'F' and 'M'. */
  sex: string | null;
  birthYear: number | null;
  birthMonth: number | null;
  birthDay: number | null;
}

/** One report, as the reports service gives it to this reader. */
export interface BundleReport {
  labReportId: string;
  version: number;
  /** ISO 8601. */
  receivedAt: string;
  content: ReportContent;
  /** For a couple's report: which partner the reader is. */
  readerRole?: 'mother' | 'father';
}

export interface BundleInput {
  patient: BundlePatient;
  reports: readonly BundleReport[];
  /** The stored QuestionnaireResponse of the person's health survey, if any. */
  surveyResponse?: FhirResource | null;
  generatedAt: Date;
  /** Makes the ids; random UUIDs unless a test wants them fixed. */
  newId?: () => string;
}

const loinc = (code: string, display: string): CodeableConcept => ({
  coding: [{ system: LOINC, code, display }],
  text: display,
});

const percent = (fraction: number) => `${String(Number((fraction * 100).toFixed(2)))}%`;

function gender(sex: string | null): 'female' | 'male' | 'unknown' {
  const value = sex?.trim().toLowerCase();
  if (value === 'female' || value === 'f') return 'female';
  if (value === 'male' || value === 'm') return 'male';
  return 'unknown';
}

function birthDate(patient: BundlePatient): string | undefined {
  const { birthYear: year, birthMonth: month, birthDay: day } = patient;
  if (year === null || month === null || day === null) return undefined;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
}

const ZYGOSITY: Record<VariantFinding['zygosity'], Coding> = {
  heterozygous: { system: LOINC, code: 'LA6706-1', display: 'Heterozygous' },
  homozygous: { system: LOINC, code: 'LA6705-3', display: 'Homozygous' },
  hemizygous: { system: LOINC, code: 'LA6707-9', display: 'Hemizygous' },
};

const SIGNIFICANCE: Record<VariantFinding['classification'], Coding> = {
  pathogenic: { system: LOINC, code: 'LA6668-3', display: 'Pathogenic' },
  'likely-pathogenic': { system: LOINC, code: 'LA26332-9', display: 'Likely pathogenic' },
  'uncertain-significance': { system: LOINC, code: 'LA26333-7', display: 'Uncertain significance' },
  'likely-benign': { system: LOINC, code: 'LA26334-5', display: 'Likely benign' },
  benign: { system: LOINC, code: 'LA6675-8', display: 'Benign' },
};

const INHERITANCE: Record<VariantFinding['inheritance'], string> = {
  'autosomal-dominant': 'Autosomal dominant',
  'autosomal-recessive': 'Autosomal recessive',
  'x-linked-dominant': 'X-linked dominant',
  'x-linked-recessive': 'X-linked recessive',
  mitochondrial: 'Mitochondrial',
  'de-novo': 'De novo',
};

/** The component a variant description belongs in, by its kind of HGVS (or ISCN). */
function variantComponent(variant: string): ObservationComponent {
  const kind = /^[^:]+:([cgmnopr])\./.exec(variant)?.[1];
  const value = { coding: [{ system: HGVS, code: variant }], text: variant };
  if (kind === 'g' || kind === 'm') {
    return { code: loinc('81290-9', 'Genomic DNA change (gHGVS)'), valueCodeableConcept: value };
  }
  if (kind === 'p') {
    return { code: loinc('48005-3', 'Amino acid change (pHGVS)'), valueCodeableConcept: value };
  }
  if (kind === undefined) {
    return { code: loinc('81291-7', 'Variant ISCN'), valueCodeableConcept: { text: variant } };
  }
  return { code: loinc('48004-6', 'DNA change (c.HGVS)'), valueCodeableConcept: value };
}

function modelText(model: { id: string; version: string }): string {
  return `Polygenic risk model ${model.id}, version ${model.version}`;
}

export function buildFhirBundle(input: BundleInput): FhirBundle {
  const newId = input.newId ?? randomUUID;
  const entries: FhirBundle['entry'] = [];
  /** Adds the resource with a new id and answers its reference. */
  const add = (resource: Omit<FhirResource, 'id'> & { resourceType: string }): string => {
    const id = newId();
    const fullUrl = `urn:uuid:${id}`;
    entries.push({ fullUrl, resource: { ...resource, id } });
    return fullUrl;
  };

  const { patient } = input;
  const given = patient.firstName?.trim();
  const family = patient.lastName?.trim();
  const name = [given, family].filter(Boolean).join(' ');
  const born = birthDate(patient);
  const patientRef = add({
    resourceType: 'Patient',
    ...(name === ''
      ? {}
      : {
          name: [
            {
              use: 'official',
              text: name,
              ...(family ? { family } : {}),
              ...(given ? { given: [given] } : {}),
            },
          ],
        }),
    gender: gender(patient.sex),
    ...(born === undefined ? {} : { birthDate: born }),
  });
  const subject = { reference: patientRef };

  for (const report of input.reports) {
    addReport(report);
  }

  if (input.surveyResponse) {
    // Its stored subject names the portal's user id; here it is the bundle's Patient.
    add({ ...input.surveyResponse, resourceType: 'QuestionnaireResponse', subject });
  }

  return {
    resourceType: 'Bundle',
    id: newId(),
    type: 'collection',
    timestamp: input.generatedAt.toISOString(),
    entry: entries,
  };

  function addReport(report: BundleReport) {
    const { content } = report;
    // The DiagnosticReport goes before its results, which refer to it: its id is made first.
    const reportId = newId();
    const reportRef = `urn:uuid:${reportId}`;
    const basis = [{ reference: reportRef }];
    const at = entries.length;
    const results: string[] = [];
    const risks: string[] = [];
    const focusOf = (who: string): Reference => ({ display: who });
    // Not accurate enough (ADR 030): the assessment without a probability, saying why.
    const heldBack = heldBackConditions(content);

    const finding = (item: VariantFinding, focus?: Reference) =>
      results.push(variantObservation(item, focus));
    const risk = (result: DiseaseResult, about?: string) =>
      risks.push(
        heldBack.has(result.code)
          ? heldBackRisk(result, basis, about === undefined ? undefined : ` (${about})`)
          : diseaseRisk(result, basis, about),
      );
    const rangeRisk = (range: ChildRiskRange) =>
      risks.push(
        heldBack.has(range.code)
          ? heldBackRisk(range, basis, ' (a child of the couple)', COUPLE_CHILDREN)
          : childRisk(range, basis),
      );

    switch (content.kind) {
      case 'individual':
        content.diseases.forEach((result) => risk(result));
        content.monogenic.forEach((item) => finding(item));
        content.traits.forEach((trait) => results.push(traitObservation(trait)));
        break;
      case 'joint': {
        const own = report.readerRole ?? 'mother';
        for (const role of ['mother', 'father'] as const) {
          const focus = role === own ? undefined : focusOf(`Partner (the ${role})`);
          content[role].monogenic.forEach((item) => finding(item, focus));
        }
        content.carrierMatches.forEach((match) => risks.push(carrierRisk(match, basis)));
        content.childRisk.forEach(rangeRisk);
        break;
      }
      case 'embryo':
        content.childRisk.forEach(rangeRisk);
        for (const embryo of content.embryos) {
          const focus = focusOf(`Embryo ${embryo.label}`);
          results.push(embryoObservation(embryo, focus));
          for (const item of [
            ...embryo.monogenic,
            ...embryo.neurodevelopmentalVariants,
            ...embryo.cancerVariants,
          ]) {
            finding(item, focus);
          }
          embryo.diseases.forEach((result) => risk(result, `embryo ${embryo.label}`));
        }
        break;
    }

    const test = content.test;
    const conclusion = [
      `Whole-genome sequencing (${test.testType === '30x' ? '30x' : 'standard'}, mean depth ${String(test.coverage)}) on ${test.genomeBuild}.`,
      `Signed off on ${test.signedOffOn} by ${test.signedOffBy}.`,
      test.researchUseOnly ? 'For research use only.' : '',
      content.kind === 'embryo' ? `How the embryos were ranked: ${content.priorityMethod}` : '',
    ]
      .filter(Boolean)
      .join(' ');
    const diagnosticReport: FhirResource = {
      resourceType: 'DiagnosticReport',
      id: reportId,
      meta: { versionId: String(report.version), profile: [`${IG}/genomic-report`] },
      ...(risks.length === 0
        ? {}
        : {
            extension: risks.map((reference) => ({
              url: `${IG}/genomic-risk-assessment`,
              valueReference: { reference },
            })),
          }),
      identifier: [{ value: report.labReportId }],
      // A later version is the lab's amendment of what it issued first.
      status: report.version > 1 ? 'amended' : 'final',
      category: [GENETICS_CATEGORY],
      code: loinc('51969-4', 'Genetic analysis report'),
      subject,
      issued: new Date(report.receivedAt).toISOString(),
      resultsInterpreter: [{ display: test.signedOffBy }],
      ...(results.length === 0 ? {} : { result: results.map((reference) => ({ reference })) }),
      conclusion,
    };
    entries.splice(at, 0, { fullUrl: reportRef, resource: diagnosticReport });
  }

  function variantObservation(item: VariantFinding, focus?: Reference): string {
    return add({
      resourceType: 'Observation',
      meta: { profile: [`${IG}/variant`] },
      status: 'final',
      category: [LABORATORY_CATEGORY, GENETICS_CATEGORY],
      code: loinc('69548-6', 'Genetic variant assessment'),
      subject,
      ...(focus === undefined ? {} : { focus: [focus] }),
      valueCodeableConcept: { coding: [{ system: LOINC, code: 'LA9633-4', display: 'Present' }] },
      component: [
        { code: loinc('48018-6', 'Gene studied [ID]'), valueCodeableConcept: { text: item.gene } },
        variantComponent(item.variant),
        {
          code: loinc('53034-5', 'Allelic state'),
          valueCodeableConcept: { coding: [ZYGOSITY[item.zygosity]] },
        },
        {
          code: loinc('53037-8', 'Genetic variation clinical significance'),
          valueCodeableConcept: { coding: [SIGNIFICANCE[item.classification]] },
        },
        {
          code: loinc('81259-4', 'Associated phenotype'),
          valueCodeableConcept: { text: item.condition },
        },
        {
          code: loinc('79742-3', 'Inheritance pattern'),
          valueCodeableConcept: { text: INHERITANCE[item.inheritance] },
        },
      ] satisfies ObservationComponent[],
    });
  }

  function traitObservation(trait: TraitResult): string {
    if (!isTraitReportable(trait)) {
      return add({
        resourceType: 'Observation',
        status: 'final',
        category: [LABORATORY_CATEGORY, GENETICS_CATEGORY],
        code: {
          text: `${catalogueName(getTrait(trait.code), trait.code)} (polygenic prediction)`,
        },
        subject,
        dataAbsentReason: { text: NOT_ACCURATE_ENOUGH },
        component: [{ code: { text: 'Model' }, valueString: modelText(trait.model) }],
      });
    }
    const { predicted, percentile } = trait;
    const asPercentile = (value: number) => ({ value, unit: 'percentile' });
    let value: Record<string, unknown> = {};
    if (typeof predicted?.value === 'number') {
      const unit = predicted.unit === undefined ? {} : { unit: predicted.unit };
      value = { valueQuantity: { value: predicted.value, ...unit } };
    } else if (predicted !== undefined) {
      value = { valueString: predicted.value };
    } else if (percentile !== undefined) {
      value = { valueQuantity: asPercentile(percentile) };
    }
    const components: ObservationComponent[] = [
      { code: { text: 'Model' }, valueString: modelText(trait.model) },
    ];
    if (predicted !== undefined && percentile !== undefined) {
      components.push({
        code: { text: 'Percentile in the population' },
        valueQuantity: asPercentile(percentile),
      });
    }
    return add({
      resourceType: 'Observation',
      status: 'final',
      category: [LABORATORY_CATEGORY, GENETICS_CATEGORY],
      code: { text: `${catalogueName(getTrait(trait.code), trait.code)} (polygenic prediction)` },
      subject,
      ...value,
      component: components,
    });
  }

  function embryoObservation(embryo: Embryo, focus: Reference): string {
    const chromosomes =
      embryo.chromosomes.detail === undefined
        ? embryo.chromosomes.status
        : `${embryo.chromosomes.status}: ${embryo.chromosomes.detail}`;
    return add({
      resourceType: 'Observation',
      status: 'final',
      category: [LABORATORY_CATEGORY, GENETICS_CATEGORY],
      code: { text: 'Embryo assessment' },
      subject,
      focus: [focus],
      component: [
        { code: { text: 'Transfer priority' }, valueInteger: embryo.priority },
        { code: { text: 'Morphology grade' }, valueString: embryo.morphology },
        { code: { text: 'Sex' }, valueString: embryo.sex },
        { code: { text: 'Chromosomes' }, valueString: chromosomes },
      ] satisfies ObservationComponent[],
    });
  }

  /** A polygenic RiskAssessment: its model as the method, with one prediction. */
  function polygenicRisk(
    model: DiseaseResult['model'],
    basis: Reference[],
    prediction: Record<string, unknown>,
    code = 'Polygenic risk assessment',
  ): string {
    return add({
      resourceType: 'RiskAssessment',
      status: 'final',
      subject,
      code: { text: code },
      method: { text: `${modelText(model)} (polygenic score)` },
      basis,
      prediction: [prediction],
    });
  }

  function diseaseRisk(result: DiseaseResult, basis: Reference[], about?: string): string {
    const name = conditionName(result.code);
    const { lower, upper, confidence } = result.interval;
    return polygenicRisk(result.model, basis, {
      outcome: { text: about === undefined ? name : `${name} (${about})` },
      probabilityDecimal: result.absoluteRisk,
      relativeRisk: result.relativeRisk,
      rationale: `Lifetime risk ${percent(result.absoluteRisk)} (${percent(confidence)} interval ${percent(lower)} to ${percent(upper)}); population average ${percent(result.populationRisk)}; standardised score ${String(result.score)}, percentile ${String(result.percentile)}.`,
    });
  }

  /** The condition and the model, with no probability: the lab's score is too weak to give one. */
  function heldBackRisk(
    result: DiseaseResult | ChildRiskRange,
    basis: Reference[],
    about = '',
    code?: string,
  ): string {
    return polygenicRisk(
      result.model,
      basis,
      {
        outcome: { text: `${conditionName(result.code)}${about}` },
        rationale: `${NOT_ACCURATE_ENOUGH}. ${notAccurateEnoughDetail(result.code, result.model)}`,
      },
      code,
    );
  }

  function childRisk(range: ChildRiskRange, basis: Reference[]): string {
    return polygenicRisk(
      range.model,
      basis,
      {
        outcome: { text: `${conditionName(range.code)} (a child of the couple)` },
        probabilityDecimal: range.expected,
        rationale: `Expected lifetime risk ${percent(range.expected)}; ${percent(range.coverage)} of simulated children between ${percent(range.lower)} and ${percent(range.upper)}; population average ${percent(range.populationRisk)}.`,
      },
      COUPLE_CHILDREN,
    );
  }

  function carrierRisk(match: CarrierMatch, basis: Reference[]): string {
    return add({
      resourceType: 'RiskAssessment',
      status: 'final',
      subject,
      code: { text: 'Carrier screening of the couple' },
      method: { text: `Both partners carry a variant in ${match.gene}` },
      basis,
      prediction: [
        {
          outcome: { text: `${match.condition} (a child of the couple)` },
          probabilityDecimal: match.childChance,
          rationale: `${INHERITANCE[match.inheritance]}; the mother carries ${match.motherVariant}, the father ${match.fatherVariant}.`,
        },
      ],
    });
  }
}

const COUPLE_CHILDREN = "Polygenic risk assessment of the couple's children";

/** The catalogue's name, or the lab's code when the catalogue does not know it. */
function catalogueName(entry: { name: string }, code: string): string {
  return entry.name === UNKNOWN_NAME ? code : entry.name;
}

function conditionName(code: string): string {
  return catalogueName(getDisease(code), code);
}
