import { describe, expect, it } from 'vitest';
import { diseaseCodes } from '@nestling/shared/catalogue/diseases';
import {
  reportPayloadSchema,
  type IndividualReport,
  type JointReport,
} from '@nestling/shared/contract/report';
import { heldBackConditions } from '@nestling/shared/risk/reportable';
import {
  embryoReport,
  fatherReport,
  jointReport,
  motherReport,
  demoReportPayloads,
} from './payloads.ts';

const codesOf = (report: { content: unknown }) =>
  (report.content as IndividualReport).diseases.map((result) => result.code);

describe('the demo reports', () => {
  it('meet the report contract, as a lab would have to', () => {
    for (const payload of demoReportPayloads) {
      expect(reportPayloadSchema.safeParse(payload).error?.issues, payload.labReportId).toBe(
        undefined,
      );
    }
  });

  it('give a woman breast cancer and endometriosis, and a man prostate cancer, not the other way', () => {
    expect(codesOf(motherReport)).toEqual(expect.arrayContaining(['brc', 'endo']));
    expect(codesOf(motherReport)).not.toContain('prc');
    expect(codesOf(motherReport)).toHaveLength(17);
    expect(codesOf(fatherReport)).toContain('prc');
    expect(codesOf(fatherReport)).not.toContain('brc');
    expect(codesOf(fatherReport)).not.toContain('endo');
    expect(codesOf(fatherReport)).toHaveLength(16);
  });

  it("give a couple's children a range for every condition, daughters' and sons' ones too", () => {
    const content = jointReport.content as JointReport;
    expect(content.childRisk.map((range) => range.code).sort()).toEqual([...diseaseCodes].sort());
  });

  it('draw the traits that are a scale (height, myopia) as charts, and not the colors', () => {
    const content = motherReport.content as IndividualReport;
    const scored = content.traits.filter((trait) => trait.score !== undefined);
    expect(scored.map((trait) => trait.code)).toEqual(['height', 'myopia']);
    expect(Object.keys(content.charts.traits ?? {})).toEqual(['height', 'myopia']);
  });
});

describe('the demo embryo report', () => {
  it('holds back one condition whose score is not accurate enough, and only that one', () => {
    expect([...heldBackConditions(embryoReport.content)]).toEqual(['isc']);
    for (const payload of [motherReport, fatherReport, jointReport]) {
      expect(heldBackConditions(payload.content).size).toBe(0);
    }
  });
});
