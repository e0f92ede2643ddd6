import { testEmbryoReport, sickleCellCarrier } from './test-embryo-report.ts';

/**
 * Four embryos over two conditions, listed by the lab out of priority order: E3 (priority 3,
 * aneuploid), E1 (priority 1), E4 (priority 4, mosaic and a monogenic finding), E2 (priority 2,
 * a monogenic finding). Type 2 diabetes risks put them in the order E2, E4, E3, E1.
 */
export const comparisonReport = testEmbryoReport({
  codes: ['t2d', 'cad'],
  embryos: [
    {
      label: 'E3',
      priority: 3,
      risks: { t2d: 0.2, cad: 0.05 },
      chromosomes: { status: 'aneuploid', detail: 'Trisomy 16' },
    },
    { label: 'E1', priority: 1, risks: { t2d: 0.3, cad: 0.1 } },
    {
      label: 'E4',
      priority: 4,
      risks: { t2d: 0.15, cad: 0.15 },
      chromosomes: { status: 'mosaic', detail: 'Mosaic gain of chromosome 7 (about 30 %)' },
      monogenic: [sickleCellCarrier],
    },
    { label: 'E2', priority: 2, risks: { t2d: 0.1, cad: 0.2 }, monogenic: [sickleCellCarrier] },
  ],
});

/**
 * The same report with the lab's threshold for coronary artery disease above its score's r²
 * (ADR 030): its numbers stay in the content, the pages must not show them.
 */
export const weakCadReport = (() => {
  const weak = <T extends { code: string; model: object }>(result: T): T =>
    result.code === 'cad'
      ? { ...result, model: { ...result.model, minimumVarianceExplained: 0.5 } }
      : result;
  return {
    ...comparisonReport,
    childRisk: comparisonReport.childRisk.map(weak),
    embryos: comparisonReport.embryos.map((embryo) => ({
      ...embryo,
      diseases: embryo.diseases.map(weak),
    })),
  };
})();
