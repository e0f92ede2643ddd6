import { buildDensity, scoreAtPercentile } from '@nestling/shared/charts';
import { diseases } from '@nestling/shared/catalogue/diseases';
import { traits } from '@nestling/shared/catalogue/traits';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { boxesOverlap, lineCrossesBox } from '@nestling/shared/chart-labels';
import { CHART_WIDTH, estimateLabelWidth, labelBox, MIN_READABLE_FONT_PX } from './chart-layout.ts';
import { DensityChart, layoutDensityChart } from './density-chart.tsx';
import { renderChart, smallestPhoneFontPx } from './render-chart.tsx';
import { testPopulation } from './test-population.ts';

const population = testPopulation();
const sorted = [...population].sort((a, b) => a - b);
/** Higher than exactly 720 of the 2,000 scores: the 36th percentile. */
const at36th = sorted[720] ?? 0;
/** Higher than exactly 1,440 of them: the 72nd percentile. */
const at72nd = sorted[1440] ?? 0;
const median = scoreAtPercentile(sorted, 50);
const t2d = diseases.t2d;

function parts(svg: Element, part: string) {
  return [...svg.querySelectorAll(`[data-chart-part="${part}"]`)];
}

function lineX(group: Element): number {
  return Number(group.getAttribute('data-x') ?? group.querySelector('line')?.getAttribute('x1'));
}

describe('DensityChart for one person', () => {
  it('says where the score is, in words, and draws it as one image with a name', async () => {
    const { container } = renderChart(
      <DensityChart entry={t2d} populationScores={population} personScore={at72nd} />,
    );
    const figure = screen.getByRole('figure', { name: 'Type 2 Diabetes: genetic score' });
    expect(figure).toHaveTextContent(
      'Your score is at the 72nd percentile: higher than 72 of 100 people.',
    );
    const svg = within(figure).getByRole('img', {
      name: 'Distribution of type 2 diabetes genetic scores in the population, with your score marked',
    });
    expect(svg).toHaveAccessibleDescription(
      'Your score is at the 72nd percentile: higher than 72 of 100 people.',
    );
    expect(parts(svg, 'marker')).toHaveLength(1);
    expect(parts(svg, 'marker')[0]).toHaveTextContent('You');
    await expectNoAxeViolations(container);
  });

  it('marks x ticks at the 10th to 90th percentiles and 4 y ticks, as its settings say', () => {
    renderChart(<DensityChart entry={t2d} populationScores={population} personScore={median} />);
    const svg = screen.getByRole('img');
    const xTicks = parts(svg, 'x-tick');
    expect(xTicks.map((tick) => tick.textContent)).toEqual([
      '10th',
      '30th',
      '50th',
      '70th',
      '90th',
    ]);
    expect(t2d.chart.xPercentiles).toEqual([10, 30, 50, 70, 90]);
    const xs = xTicks.map(lineX);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));

    const yTicks = parts(svg, 'y-tick');
    expect(yTicks).toHaveLength(t2d.chart.yTicks);
    const density = buildDensity(population, t2d.chart);
    expect(yTicks.map((tick) => tick.textContent)).toEqual(
      density.yTicks.map((value) => `${value}%`),
    );
    expect(yTicks[0]).toHaveTextContent('0%');

    // A person with the median score stands exactly on the 50th-percentile tick.
    expect(lineX(parts(svg, 'marker')[0] ?? svg)).toBeCloseTo(xs[2] ?? Number.NaN, 6);
  });

  it('lays out 42 buckets and keeps markers inside the plot, in score order', () => {
    const layout = layoutDensityChart({
      entry: t2d,
      populationScores: population,
      embryos: [
        { label: 'Embryo 1', score: at72nd },
        { label: 'Embryo 2', score: at36th },
        { label: 'Embryo 3', score: 99 },
      ],
    });
    const { numberOfBuckets, paddingBuckets } = t2d.chart;
    expect(layout.density.buckets).toHaveLength(numberOfBuckets + 2 * paddingBuckets);
    const [first, second, outlier] = layout.markers;
    expect(first?.x).toBeGreaterThan(second?.x ?? Number.POSITIVE_INFINITY);
    // A score beyond the population's highest is drawn at the right edge, not off the chart.
    expect(outlier?.x).toBe(layout.plot.right);
    // The 72nd-percentile marker lies between the 70th and 90th ticks.
    const tickX = layout.xTicks.map((tick) => tick.x);
    expect(first?.x).toBeGreaterThan(tickX[3] ?? Number.NaN);
    expect(first?.x).toBeLessThan(tickX[4] ?? Number.NaN);
    expect(layout.markers.map((marker) => Math.round(marker.percentile))).toEqual([72, 36, 100]);
  });
});

describe('DensityChart for embryos', () => {
  const embryos = [
    { label: 'Embryo 1', score: at72nd },
    { label: 'Embryo 2', score: at36th },
    { label: 'Embryo 3', score: (sorted[0] ?? 0) - 1 },
  ];

  it('labels one marker per embryo and says each in words', async () => {
    const { container } = renderChart(
      <DensityChart entry={t2d} populationScores={population} embryos={embryos} />,
    );
    const svg = screen.getByRole('img', {
      name: 'Distribution of type 2 diabetes genetic scores in the population, with 3 embryos marked',
    });
    expect(parts(svg, 'marker').map((marker) => marker.textContent)).toEqual([
      'Embryo 1',
      'Embryo 2',
      'Embryo 3',
    ]);
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Embryo 1 is at the 72nd percentile: higher than 72 of 100 people.',
      'Embryo 2 is at the 36th percentile: higher than 36 of 100 people.',
      'Embryo 3 is below the 1st percentile: lower than 99 of 100 people.',
    ]);
    await expectNoAxeViolations(container);
  });

  it('shows the markers as a table on request', async () => {
    renderChart(<DensityChart entry={t2d} populationScores={population} embryos={embryos} />);
    await userEvent.setup().click(screen.getByText('Show the numbers as a table'));
    const table = screen.getByRole('table', {
      name: 'Type 2 Diabetes: genetic scores compared with 100 people',
    });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'WhoPercentileCompared with 100 people',
      'Embryo 172ndHigher than 72',
      'Embryo 236thHigher than 36',
      'Embryo 3Below the 1stLower than 99',
    ]);
    expect(within(table).getByRole('rowheader', { name: 'Embryo 2' })).toBeInTheDocument();
  });

  it('never lets a label overlap another label or any line, with many close embryos', () => {
    for (const count of [2, 6, 12, 20]) {
      const layout = layoutDensityChart({
        entry: t2d,
        populationScores: population,
        personScore: count < 20 ? median : undefined,
        // Close scores around the middle, where the average's line is too.
        embryos: Array.from({ length: count }, (_, index) => ({
          label: `E${String(index + 1)}`,
          score: median + (index % 5) * 0.02 - 0.04,
        })),
      });
      const drawn = [...layout.markers, layout.average];
      const boxes = drawn.map((marker) =>
        labelBox(marker.labelX, marker.labelY, marker.labelWidth),
      );
      boxes.forEach((box, i) => {
        boxes.forEach((other, j) => {
          if (j > i) expect(boxesOverlap(box, other), `labels ${i} and ${j}`).toBe(false);
        });
        drawn.forEach((marker, j) => {
          // A line may end at its own label, never run through another.
          if (j !== i)
            expect(lineCrossesBox(marker.line, box), `line ${j}, label ${i}`).toBe(false);
        });
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(CHART_WIDTH);
      });
      layout.markers.forEach((marker, i) => {
        expect(boxes[i]?.bottom).toBeLessThanOrEqual(layout.plot.top);
        expect(marker.line[0]).toEqual([marker.x, layout.plot.bottom]);
      });
      // The average's label is under the axis, clear of the percentile labels.
      layout.xTicks.forEach((tick) => {
        const tickBox = labelBox(tick.labelX, tick.labelY, estimateLabelWidth(tick.label));
        expect(boxesOverlap(tickBox, boxes.at(-1) ?? tickBox)).toBe(false);
      });
    }
  });

  it('draws the population average, and says what each axis measures', () => {
    renderChart(<DensityChart entry={t2d} populationScores={population} embryos={embryos} />);
    const svg = screen.getByRole('img');
    const [average] = parts(svg, 'average');
    expect(average).toHaveTextContent('Average');
    expect(lineX(average ?? svg)).toBeCloseTo(lineX(parts(svg, 'x-tick')[2] ?? svg), 6);
    expect(svg).toHaveTextContent('% of people');
    expect(svg).toHaveTextContent('Percentile in the population');
    expect(screen.getByRole('figure')).toHaveTextContent(
      "The dashed line is the population's average (the 50th percentile).",
    );
  });

  it('runs the y axis above the curve, so its top is never cut off', () => {
    // 200 quantiles of a normal population: the six middle buckets hold 12 people each, and
    // the curve's flat top is 6.0 %, which is also the top tick.
    const quantiles = Array.from({ length: 200 }, (_, i) =>
      scoreAtPercentile(sorted, (i + 0.5) / 2),
    );
    const layout = layoutDensityChart({ entry: t2d, populationScores: quantiles });
    const highest = Math.max(...layout.density.buckets.map((bucket) => bucket.percent));
    expect(layout.density.yMax).toBeGreaterThanOrEqual(highest * 1.1);
    const curveTop = Math.min(
      ...[...layout.path.matchAll(/[ML,C]\s*[\d.]+,([\d.]+)/g)].map((match) => Number(match[1])),
    );
    expect(curveTop).toBeGreaterThan(layout.plot.top + 10);
  });
});

describe("DensityChart with the lab's percentiles", () => {
  it('states the percentile the report gives and places the marker by score', () => {
    const layout = layoutDensityChart({
      entry: t2d,
      populationScores: population,
      personScore: median,
      personPercentile: 48.6,
      embryos: [{ label: 'Embryo 1', score: at72nd, percentile: 74 }],
    });
    expect(layout.markers.map((marker) => marker.percentile)).toEqual([48.6, 74]);
    const fiftieth = layout.xTicks.find((tick) => tick.percentile === 50);
    expect(layout.markers[0]?.x).toBeCloseTo(fiftieth?.x ?? Number.NaN, 6);
    renderChart(
      <DensityChart
        entry={t2d}
        populationScores={population}
        personScore={median}
        personPercentile={48.6}
      />,
    );
    expect(screen.getByRole('figure')).toHaveTextContent(
      'Your score is at the 48th percentile: higher than 48 of 100 people.',
    );
  });
});

describe('DensityChart on a phone', () => {
  it('scales with its viewBox and keeps text at 11 px or more at 390 px wide', () => {
    renderChart(
      <DensityChart
        entry={traits.height}
        populationScores={population}
        embryos={[{ label: 'Embryo 4', score: median }]}
      />,
    );
    const svg = screen.getByRole('img');
    if (!(svg instanceof SVGSVGElement)) throw new Error('expected an svg');
    expect(svg.getAttribute('viewBox')).toMatch(new RegExp(`^0 0 ${CHART_WIDTH} \\d+(\\.\\d+)?$`));
    expect(svg).toHaveAttribute('width', '100%');
    expect(smallestPhoneFontPx(svg)).toBeGreaterThanOrEqual(MIN_READABLE_FONT_PX);
  });

  it('with no one marked, describes the population and shows no empty table', () => {
    renderChart(<DensityChart entry={traits.height} populationScores={population} />);
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Distribution of height genetic scores in the population',
    );
    expect(screen.queryByText('Show the numbers as a table')).not.toBeInTheDocument();
  });
});
