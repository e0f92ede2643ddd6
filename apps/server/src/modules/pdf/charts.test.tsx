import { getDisease } from '@nestling/shared/catalogue/diseases';
import { Document, Page, View, renderToBuffer } from '@react-pdf/renderer';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { boxesOverlap, type Box, lineCrossesBox, type Point } from '@nestling/shared/chart-labels';
import {
  densityChart,
  densityChartLayout,
  dotGrid,
  labelBox,
  rangeChart,
  rangeChartLayout,
} from './charts.tsx';
import { loadFonts } from './fonts.ts';

beforeAll(loadFonts);

/** Renders drawings on one page, as the report does; pdfkit throws on any NaN or Infinity. */
async function renderDrawings(drawings: ReactNode): Promise<Buffer> {
  return renderToBuffer(
    <Document>
      <Page size="LETTER">
        <View style={{ padding: 40 }}>{drawings}</View>
      </Page>
    </Document>,
  );
}

/** A population of 400 evenly spread quantiles, bell-shaped enough for the layout. */
const bell = Array.from({ length: 400 }, (_, index) => Math.tan(((index + 0.5) / 400 - 0.5) * 2.6));

function expectApart(boxes: readonly Box[], lines: readonly (readonly Point[])[], owner: number[]) {
  boxes.forEach((box, i) => {
    boxes.forEach((other, j) => {
      if (j > i) expect(boxesOverlap(box, other), `labels ${i} and ${j}`).toBe(false);
    });
    lines.forEach((line, j) => {
      // A marker's own line ends at the bottom of its label's row, inside no label.
      if (owner[j] !== i) expect(lineCrossesBox(line, box), `line ${j}, label ${i}`).toBe(false);
    });
  });
}

describe('chart labels in the PDF, measured', () => {
  it('never overlap each other or a line on the density chart, with many close embryos', () => {
    for (const count of [2, 6, 12, 20]) {
      const layout = densityChartLayout({
        entry: getDisease('t2d'),
        populationScores: bell,
        markers: Array.from({ length: count }, (_, index) => ({
          label: `E${String(index + 1)}`,
          score: (index % 5) * 0.02 - 0.04,
        })),
        width: 236,
        plotHeight: 40,
      });
      const boxes = [
        ...layout.markers.map((marker) => labelBox(marker.x, marker.y, marker.text)),
        ...layout.tickLabels.map((label) => labelBox(label.x, label.y, label.text)),
      ];
      expectApart(
        boxes,
        [...layout.markers.map((marker) => marker.line), layout.averageLine],
        layout.markers.map((_, index) => index),
      );
      boxes.forEach((box) => {
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(236);
        expect(box.top).toBeGreaterThanOrEqual(0);
      });
      expect(layout.tickLabels.map((label) => label.text)).toContain('Average');
    }
  });

  it('never overlap each other or a line on the range chart, on the shared scale', () => {
    for (const count of [3, 8, 20]) {
      const layout = rangeChartLayout({
        lower: 0.0018,
        expected: 0.0034,
        upper: 0.0063,
        populationRisk: 0.007,
        axisTicks: [0, 20, 40, 60],
        embryos: Array.from({ length: count }, (_, index) => ({
          label: `E${String(index + 1)}`,
          absoluteRisk: 0.002 + (index % 4) * 0.0005,
        })),
        width: 236,
      });
      expect(layout.titleLines).toEqual(['Lifetime risk, same scale for every condition']);
      const boxes = [
        ...layout.rangeLabels.map((label) => labelBox(label.x, label.y, label.text)),
        ...layout.embryos.map((embryo) => labelBox(embryo.x, embryo.y, embryo.text)),
      ];
      const markLines = [layout.x(0.0034), layout.x(0.007)].map((lineX): readonly Point[] => [
        [lineX, layout.lineTop],
        [lineX, layout.lineBottom],
      ]);
      expectApart(boxes, [...markLines, ...layout.embryos.map((embryo) => embryo.leader)], []);
    }
  });

  it("uses the report's scale only when it reaches every value", () => {
    const options = { lower: 0.1, expected: 0.2, upper: 0.3, embryos: [], width: 236 };
    expect(rangeChartLayout({ ...options, axisTicks: [0, 20, 40, 60] }).ticks).toEqual([
      0, 20, 40, 60,
    ]);
    expect(rangeChartLayout({ ...options, axisTicks: [0, 5, 10, 15] }).ticks).toEqual([
      0, 10, 20, 30,
    ]);
  });
});

describe('the report charts in a PDF', () => {
  const entry = getDisease('t2d');
  const population = Array.from({ length: 200 }, (_, index) => (index - 100) / 30);

  it('draws the density chart with many embryos, one far outside the population', async () => {
    const pdf = await renderDrawings(
      densityChart({
        entry,
        populationScores: population,
        markers: [
          ...Array.from({ length: 12 }, (_, index) => ({
            label: `Day 5 #${String(index)}`,
            score: index / 10,
          })),
          { label: 'E99', score: 40 },
        ],
        width: 236,
        plotHeight: 40,
      }),
    );
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('draws a population of one repeated score, and risks of nothing at all', async () => {
    const pdf = await renderDrawings(
      <>
        {densityChart({
          entry,
          populationScores: new Array<number>(20).fill(0.5),
          markers: [{ label: 'You', score: 0.5 }],
          width: 200,
          plotHeight: 54,
        })}
        {rangeChart({
          lower: 0,
          expected: 0,
          upper: 0,
          embryos: [{ label: 'E1', absoluteRisk: 0 }],
          width: 236,
        })}
        {rangeChart({
          lower: 0.1,
          expected: 0.2,
          upper: 0.3,
          populationRisk: 0.12,
          embryos: [{ label: 'E1', absoluteRisk: 0.25 }],
          axisTicks: [0, 20, 40, 60],
          width: 236,
        })}
        {dotGrid({ absoluteRisk: 0, populationRisk: 0.001, size: 60 })}
        {dotGrid({ absoluteRisk: 1, populationRisk: 1, size: 60 })}
      </>,
    );
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('keeps its size in a box with no room for it', async () => {
    // react-pdf shrinks flex items to fit a box of fixed height (as it gives the part of a view
    // split at a page's end); a drawing squeezed to nothing cannot be scaled.
    const pdf = await renderDrawings(
      <View style={{ height: 0 }}>
        {rangeChart({ lower: 0.1, expected: 0.2, upper: 0.3, embryos: [], width: 236 })}
        {dotGrid({ absoluteRisk: 0.2, populationRisk: 0.1, size: 60 })}
      </View>,
    );
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
