import { getDisease } from '@nestling/shared/catalogue/diseases';
import { Document, Page, View, renderToBuffer } from '@react-pdf/renderer';
import { createElement as h, type ReactElement } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { densityChart, dotGrid, labelWidth, placeLabels, rangeChart } from './charts.ts';
import { loadFonts } from './fonts.ts';

beforeAll(loadFonts);

/** Renders drawings on one page, as the report does; pdfkit throws on any NaN or Infinity. */
async function renderDrawings(...drawings: ReactElement[]): Promise<Buffer> {
  return renderToBuffer(
    h(
      Document,
      null,
      h(Page, { size: 'LETTER' }, h(View, { style: { padding: 40 } }, ...drawings)),
    ),
  );
}

describe('placeLabels', () => {
  it('puts labels that would overlap into different rows, and the others into one', () => {
    const placed = placeLabels(
      [
        { x: 100, text: 'E1' },
        { x: 102, text: 'E2' },
        { x: 104, text: 'E3' },
        { x: 180, text: 'E4' },
      ],
      0,
      300,
    );
    expect(new Set(placed.slice(0, 3).map((label) => label.lane)).size).toBe(3);
    expect(placed[3]?.lane).toBe(0);
  });

  it('keeps a label inside the drawing when its mark is at the edge', () => {
    const [label] = placeLabels([{ x: 299, text: 'Expected 21.5%' }], 10, 300);
    expect(label).toBeDefined();
    if (label === undefined) return;
    expect(label.x + labelWidth('Expected 21.5%') / 2).toBeLessThanOrEqual(300);
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
      densityChart({
        entry,
        populationScores: new Array<number>(20).fill(0.5),
        markers: [{ label: 'You', score: 0.5 }],
        width: 200,
        plotHeight: 54,
      }),
      rangeChart({
        lower: 0,
        expected: 0,
        upper: 0,
        embryos: [{ label: 'E1', absoluteRisk: 0 }],
        width: 236,
      }),
      dotGrid({ absoluteRisk: 0, populationRisk: 0.001, size: 60 }),
      dotGrid({ absoluteRisk: 1, populationRisk: 1, size: 60 }),
    );
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('keeps its size in a box with no room for it', async () => {
    // react-pdf shrinks flex items to fit a box of fixed height (as it gives the part of a view
    // split at a page's end); a drawing squeezed to nothing cannot be scaled.
    const pdf = await renderDrawings(
      h(
        View,
        { style: { height: 0 } },
        rangeChart({ lower: 0.1, expected: 0.2, upper: 0.3, embryos: [], width: 236 }),
        dotGrid({ absoluteRisk: 0.2, populationRisk: 0.1, size: 60 }),
      ),
    );
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
