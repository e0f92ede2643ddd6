import { diseases } from '@nestling/shared/catalogue/diseases';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { CHART_WIDTH } from './chart-layout.ts';
import { DotGrid } from './dot-grid.tsx';
import { renderChart } from './render-chart.tsx';

const t2d = diseases.t2d;

function dots(svg: Element) {
  const all = [...svg.querySelectorAll('[data-dot]')];
  return {
    all,
    filled: all.filter((dot) => dot.getAttribute('data-dot') === 'filled'),
    ringed: all.filter((dot) => dot.getAttribute('data-ringed') === 'true'),
  };
}

describe('DotGrid', () => {
  it('says the absolute risk first, in words and numbers, then draws 100 dots', async () => {
    const { container } = renderChart(
      <DotGrid entry={t2d} lifetimeRiskPercent={8.2} populationAverageRiskPercent={10} />,
    );
    const figure = screen.getByRole('figure', { name: 'Type 2 Diabetes: lifetime risk' });
    const [first, second] = within(figure).getAllByText(/in 100/, { selector: 'p' });
    expect(first).toHaveTextContent(
      'About 8 in 100 people like you develop type 2 diabetes in their lifetime (8.2%).',
    );
    expect(second).toHaveTextContent('In the general population it is about 10 in 100 (10.0%).');
    const svg = within(figure).getByRole('img', {
      name: '8 of 100 dots filled for people like you; 10 of 100 ringed for the population average',
    });
    // The sentence comes before the drawing in reading order.
    expect(first?.compareDocumentPosition(svg)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(svg).toHaveAttribute('viewBox', `0 0 ${CHART_WIDTH} ${CHART_WIDTH}`);
    expect(svg).toHaveAttribute('width', '100%');
    const { all, filled, ringed } = dots(svg);
    expect(all).toHaveLength(100);
    expect(filled).toHaveLength(8);
    expect(ringed).toHaveLength(10);
    // Filled from the top left, row by row.
    expect(all.slice(0, 8)).toEqual(filled);
    await expectNoAxeViolations(container);
  });

  it.each([
    [8.2, 8, 'About 8 in 100'],
    [8.5, 9, 'About 9 in 100'],
    [23.7, 24, 'About 24 in 100'],
    [0.5, 1, 'About 1 in 100'],
    [99.4, 99, 'About 99 in 100'],
    [99.7, 100, 'More than 99 in 100'],
  ])('fills %s%% as %s dots and says %s', (risk, filledCount, words) => {
    renderChart(
      <DotGrid entry={t2d} lifetimeRiskPercent={risk} populationAverageRiskPercent={10} />,
    );
    expect(dots(screen.getByRole('img')).filled).toHaveLength(filledCount);
    expect(screen.getByRole('figure')).toHaveTextContent(`${words} people like you develop`);
    expect(screen.queryByText(/No dot is filled/)).not.toBeInTheDocument();
  });

  it('never shows an empty grid for a small risk without saying why', () => {
    renderChart(
      <DotGrid entry={diseases.ms} lifetimeRiskPercent={0.4} populationAverageRiskPercent={0.3} />,
    );
    const svg = screen.getByRole('img');
    expect(dots(svg).filled).toHaveLength(0);
    expect(dots(svg).ringed).toHaveLength(0);
    const figure = screen.getByRole('figure');
    expect(figure).toHaveTextContent(
      'Fewer than 1 in 100 people like you develop multiple sclerosis in their lifetime (0.4%).',
    );
    expect(figure).toHaveTextContent(
      'No dot is filled because the risk, 0.4%, is below 1 in 100. It is not zero.',
    );
  });

  it('tells filled and ringed dots apart in a legend, not by color alone', () => {
    renderChart(<DotGrid entry={t2d} lifetimeRiskPercent={12} populationAverageRiskPercent={10} />);
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Filled: people like you who develop it (12)',
      'Ringed: the population average (10)',
    ]);
    // Above the average: the first 10 dots are filled and ringed, 2 more are filled only.
    const { all } = dots(screen.getByRole('img'));
    expect(all.slice(0, 10).every((dot) => dot.querySelectorAll('circle').length === 2)).toBe(true);
    expect(all[11]?.querySelectorAll('circle')).toHaveLength(1);
    expect(all[11]).toHaveAttribute('data-dot', 'filled');
  });

  it('speaks of an embryo when asked to, and lists both risks in a table on request', async () => {
    renderChart(
      <DotGrid
        entry={diseases.alz}
        lifetimeRiskPercent={6.04}
        populationAverageRiskPercent={11.2}
        peopleDescription="people with Embryo 2's genetic risk"
      />,
    );
    expect(screen.getByRole('figure')).toHaveTextContent(
      "About 6 in 100 people with Embryo 2's genetic risk develop Alzheimer's disease in their lifetime (6.0%).",
    );
    await userEvent.setup().click(screen.getByText('Show the numbers as a table'));
    const table = screen.getByRole('table', {
      name: "Alzheimer's Disease: lifetime risk out of 100 people",
    });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'WhoLifetime riskOut of 100 people',
      "People with Embryo 2's genetic risk6.0%About 6 in 100",
      'Population average11.2%About 11 in 100',
    ]);
  });
});
