import type { ReportPayload, ReportReceipt } from './index.ts';

const model = { id: 'prs', version: '2.1' };

/** A small individual report a lab could send, for the client's tests. */
export const motherReportPayloadForTests: ReportPayload = {
  labReportId: 'LAB-1',
  version: 1,
  individualOrderId: 'NK-1234',
  content: {
    kind: 'individual',
    test: {
      testType: '30x',
      coverage: 31.2,
      genomeBuild: 'GRCh38',
      ancestry: [{ person: 'patient', inferred: 'European', calibrated: true }],
      signedOffOn: '2026-11-30',
      signedOffBy: 'Dr. Example Director, PhD',
      researchUseOnly: false,
    },
    diseases: [
      {
        code: 'cad',
        score: 0.4,
        percentile: 65,
        absoluteRisk: 0.1,
        populationRisk: 0.08,
        relativeRisk: 1.25,
        interval: { lower: 0.08, upper: 0.12, confidence: 0.95 },
        model,
      },
    ],
    traits: [],
    monogenic: [],
    genes: [],
    variants: [],
    charts: { density: { cad: { values: Array.from({ length: 40 }, (_, i) => -2 + i * 0.1) } } },
  },
};

/** What the portal answers when it stores that report. */
export const receipt: ReportReceipt = {
  reportId: 'r1',
  labReportId: 'LAB-1',
  kind: 'individual',
  version: 1,
  created: true,
  receivedAt: '2026-12-07T10:00:00.000Z',
};

/** The address a fake fetch was called with, whichever form it came in. */
export const hrefOf = (url: string | URL | Request) =>
  typeof url === 'string' ? url : url instanceof URL ? url.href : url.url;
