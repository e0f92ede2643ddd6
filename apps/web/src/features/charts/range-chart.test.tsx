import { diseases } from '@nestling/shared/catalogue/diseases';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { boxesOverlap, lineCrossesBox } from '@nestling/shared/chart-labels';
import { CHART_WIDTH, labelBox, MIN_READABLE_FONT_PX } from './chart-layout.ts';
import { layoutRangeChart, RangeChart } from './range-chart.tsx';
import { renderChart, smallestPhoneFontPx } from './render-chart.tsx';

const t2d = diseases.t2d;
const childRiskRange = { lowPercent: 4.1, expectedPercent: 7.5, highPercent: 12.3 };
const embryos = [
  { label: 'Embryo 1', riskPercent: 6.2 },
  { label: 'Embryo 2', riskPercent: 9.8 },
  { label: 'Embryo 3', riskPercent: 7.5 },
];

function parts(svg: Element, part: string) {
  return [...svg.querySelectorAll(`[data-chart-part="${part}"]`)];
}

describe('RangeChart', () => {
  it('speaks of daughters or sons for a condition reported for one sex only', () => {
    renderChart(<RangeChart entry={diseases.brc} childRiskRange={childRiskRange} />);
    const daughters = screen.getByRole('figure', {
      name: "Breast Cancer: your future daughters' risk",
    });
    expect(daughters).toHaveTextContent(
      "Your future daughters' lifetime risk of breast cancer could be from 4.1% to 12.3%",
    );
    renderChart(<RangeChart entry={diseases.prc} childRiskRange={childRiskRange} />);
    expect(
      screen.getByRole('figure', { name: "Prostate Cancer: your future sons' risk" }),
    ).toHaveTextContent("Your future sons' lifetime risk of prostate cancer");
  });

  it('says the range and the expected risk first, in words and numbers', async () => {
    const { container } = renderChart(
      <RangeChart entry={t2d} childRiskRange={childRiskRange} embryos={embryos} />,
    );
    const figure = screen.getByRole('figure', {
      name: "Type 2 Diabetes: your future children's risk",
    });
    expect(figure).toHaveTextContent(
      "Your future children's lifetime risk of type 2 diabetes could be from 4.1% to 12.3%; 7.5% is expected.",
    );
    const items = within(figure).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Embryo 1: 6.2%, lower than expected.',
      'Embryo 2: 9.8%, higher than expected.',
      'Embryo 3: 7.5%, the same as expected.',
    ]);
    expect(
      within(figure).getByRole('img', {
        name: 'Range of lifetime risk of type 2 diabetes for your future children, with 3 embryos placed on it',
      }),
    ).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('places the bar, the expected tick and each embryo on one scale from 0', () => {
    renderChart(<RangeChart entry={t2d} childRiskRange={childRiskRange} embryos={embryos} />);
    const svg = screen.getByRole('img');
    const ticks = parts(svg, 'x-tick').map((tick) => tick.textContent);
    expect(ticks[0]).toBe('0%');
    const bar = parts(svg, 'range')[0];
    const barLeft = Number(bar?.getAttribute('x'));
    const barRight = barLeft + Number(bar?.getAttribute('width'));
    const expectedX = Number(parts(svg, 'expected')[0]?.getAttribute('x1'));
    const embryoX = parts(svg, 'embryo').map((embryo) => Number(embryo.getAttribute('data-x')));
    expect(parts(svg, 'embryo').map((embryo) => embryo.textContent)).toEqual([
      'Embryo 1',
      'Embryo 2',
      'Embryo 3',
    ]);
    // Embryo 1 is left of the expected tick, Embryo 2 right of it, Embryo 3 on it.
    expect(embryoX[0]).toBeLessThan(expectedX);
    expect(embryoX[1]).toBeGreaterThan(expectedX);
    expect(embryoX[2]).toBeCloseTo(expectedX, 6);
    expect(barLeft).toBeLessThan(expectedX);
    expect(barRight).toBeGreaterThan(expectedX);
    // Linear in risk: 7.5 sits at (7.5 - 4.1) / (12.3 - 4.1) of the way along the bar.
    expect((expectedX - barLeft) / (barRight - barLeft)).toBeCloseTo((7.5 - 4.1) / (12.3 - 4.1), 6);
  });

  it('lists the range and the embryos in a table on request', async () => {
    renderChart(<RangeChart entry={t2d} childRiskRange={childRiskRange} embryos={embryos} />);
    await userEvent.setup().click(screen.getByText('Show the numbers as a table'));
    const table = screen.getByRole('table', {
      name: 'Type 2 Diabetes: lifetime risk of your future children',
    });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'EstimateLifetime riskCompared with expected',
      'Lowest possible4.1%',
      'Expected7.5%',
      'Highest possible12.3%',
      'Embryo 16.2%lower than expected',
      'Embryo 29.8%higher than expected',
      'Embryo 37.5%the same as expected',
    ]);
  });

  it('stretches the scale to an embryo beyond the range and keeps labels apart', () => {
    const layout = layoutRangeChart({
      entry: t2d,
      childRiskRange,
      embryos: [
        { label: 'Embryo 1', riskPercent: 20 },
        { label: 'Embryo 2', riskPercent: 20.1 },
      ],
    });
    expect(layout.embryos[1]?.x).toBeLessThanOrEqual(layout.plot.right);
    expect(layout.embryos[0]?.labelX).toBeLessThan(layout.embryos[1]?.labelX ?? 0);
    expect(layout.ticks.at(-1)?.value).toBeGreaterThanOrEqual(20.1);
  });

  it('never lets a label overlap another label or any line, with many close embryos', () => {
    for (const count of [3, 8, 20]) {
      const layout = layoutRangeChart({
        entry: t2d,
        childRiskRange: { lowPercent: 7, expectedPercent: 7.4, highPercent: 7.9 },
        populationPercent: 7.2,
        axisTicks: [0, 20, 40, 60],
        embryos: Array.from({ length: count }, (_, index) => ({
          label: `E${String(index + 1)}`,
          riskPercent: 7 + (index % 4) * 0.1,
        })),
      });
      const labels = [
        ...layout.rangeLabels.map((label) => labelBox(label.x, label.y, label.width)),
        ...layout.embryos.map((embryo) =>
          labelBox(embryo.labelX, embryo.labelY, embryo.labelWidth),
        ),
      ];
      const lines = [
        [layout.expectedX, layout.averageX ?? 0].map(
          (lineX) =>
            [
              [lineX, layout.lineTop],
              [lineX, layout.lineBottom],
            ] as const,
        ),
        layout.embryos.map((embryo) => embryo.leader),
      ].flat();
      labels.forEach((box, i) => {
        labels.forEach((other, j) => {
          if (j > i) expect(boxesOverlap(box, other), `labels ${i} and ${j}`).toBe(false);
        });
        lines.forEach((line, j) => {
          // An embryo's leader ends at its own label's top edge, inside no label.
          expect(lineCrossesBox(line, box), `line ${j}, label ${i}`).toBe(false);
        });
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(CHART_WIDTH);
        expect(box.bottom <= layout.lineTop || box.top >= layout.triangleBase).toBe(true);
        expect(box.top).toBeGreaterThanOrEqual(0);
      });
    }
  });

  it("uses the report's scale, says so, and draws the population average", () => {
    renderChart(
      <RangeChart
        entry={diseases.ms}
        childRiskRange={{ lowPercent: 0.2, expectedPercent: 0.4, highPercent: 0.6 }}
        populationPercent={0.4}
        axisTicks={[0, 20, 40, 60]}
      />,
    );
    const svg = screen.getByRole('img');
    expect(parts(svg, 'x-tick').map((tick) => tick.textContent)).toEqual([
      '0%',
      '20%',
      '40%',
      '60%',
    ]);
    expect(svg).toHaveTextContent('Same scale for every condition');
    expect(svg).toHaveTextContent('Average 0.4%');
    expect(parts(svg, 'average')).toHaveLength(1);
    const bar = parts(svg, 'range')[0];
    // 0.2 % to 0.6 % of a 0-60 % axis: a short bar, as short as the risk is small.
    expect(Number(bar?.getAttribute('width'))).toBeLessThan(3);
  });

  it('refuses a range that is not low <= expected <= high', () => {
    expect(() =>
      layoutRangeChart({
        entry: t2d,
        childRiskRange: { lowPercent: 5, expectedPercent: 4, highPercent: 6 },
      }),
    ).toThrow(RangeError);
  });

  it('works without embryos and on a phone', () => {
    renderChart(
      <RangeChart
        entry={diseases.ms}
        childRiskRange={{ lowPercent: 0.1, expectedPercent: 0.3, highPercent: 0.45 }}
      />,
    );
    const svg = screen.getByRole('img', {
      name: 'Range of lifetime risk of multiple sclerosis for your future children',
    });
    if (!(svg instanceof SVGSVGElement)) throw new Error('expected an svg');
    expect(svg.getAttribute('viewBox')).toMatch(new RegExp(`^0 0 ${CHART_WIDTH} `));
    expect(svg).toHaveAttribute('width', '100%');
    expect(smallestPhoneFontPx(svg)).toBeGreaterThanOrEqual(MIN_READABLE_FONT_PX);
    // On its own, the chart fits its values.
    expect(parts(svg, 'x-tick').map((tick) => tick.textContent)).toEqual([
      '0%',
      '0.2%',
      '0.4%',
      '0.6%',
    ]);
    expect(svg).not.toHaveTextContent('Same scale');
  });
});
