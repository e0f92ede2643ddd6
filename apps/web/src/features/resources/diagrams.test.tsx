import { normalQuantile, normalSf, normalSfQuantile } from '@nestling/shared/risk/normal';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { chartPalette, theme } from '../../theme.ts';
import { EMBRYO_TESTING_STEPS, EmbryoTestingDiagram } from './embryo-testing-diagram.tsx';
import { PERCENTILE_EXAMPLE, PercentileRiskDiagram } from './percentile-risk-diagram.tsx';
import { SPREAD_EXAMPLE, ScoreSpreadDiagram } from './score-spread-diagram.tsx';
import { contrastRatio } from '@nestling/shared/contrast';

const DIAGRAMS: readonly [string, () => ReactNode][] = [
  ['percentile and absolute risk', () => <PercentileRiskDiagram />],
  ['how embryo testing works', () => <EmbryoTestingDiagram />],
  ['the spread of embryo scores', () => <ScoreSpreadDiagram />],
];

describe.each(DIAGRAMS)('the diagram of %s', (_, diagram) => {
  it('is one image named by its title and described in words, scaling to its container', () => {
    const { container } = render(diagram());
    const image = screen.getByRole('img');
    expect(image).toHaveAccessibleName(container.querySelector('title')?.textContent ?? '');
    expect(image).toHaveAccessibleDescription(container.querySelector('desc')?.textContent ?? '');
    expect(image).toHaveAttribute('width', '100%');
    expect(image.getAttribute('viewBox')).toMatch(/^0 0 \d+ \d+$/);
    expect(container.querySelector('figcaption')).toHaveTextContent(/^Figure \d\. /);
  });

  it('writes every label in the body color, through the diagram text classes', () => {
    const { container } = render(diagram());
    for (const text of container.querySelectorAll('svg text')) {
      expect(text.getAttribute('class')).toMatch(/diagram(Heading|Text|Small)/);
      expect(text.getAttribute('fill')).toBeNull();
    }
  });
});

describe('the diagrams’ colors', () => {
  it('give text at least 4.5:1 and shapes at least 3:1 on white', () => {
    expect(contrastRatio(theme.black ?? '', chartPalette.background)).toBeGreaterThanOrEqual(4.5);
    for (const color of [
      chartPalette.populationLine,
      chartPalette.riskDot,
      chartPalette.embryo,
      chartPalette.marker,
      chartPalette.axis,
      chartPalette.emptyDot,
    ]) {
      expect(contrastRatio(color, chartPalette.background), color).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('the percentile example', () => {
  /** Lifetime risk at a score percentile, for a score explaining r² of the liability. */
  function riskAt(prevalence: number, percentile: number, r2: number): number {
    const score = Math.sqrt(r2) * normalQuantile(percentile);
    return normalSf((normalSfQuantile(prevalence) - score) / Math.sqrt(1 - r2));
  }

  it('states the liability threshold model’s risks, rounded to whole people', () => {
    const { percentile, varianceExplained, rare, common } = PERCENTILE_EXAMPLE;
    for (const condition of [rare, common]) {
      const risk = riskAt(condition.averagePer100 / 100, percentile / 100, varianceExplained);
      expect(Math.round(risk * 100)).toBe(condition.riskPer100);
    }
  });

  it('fills as many dots as the risk in each panel', () => {
    const { container } = render(<PercentileRiskDiagram />);
    const filled = [...container.querySelectorAll('circle')].filter(
      (dot) => dot.getAttribute('fill') === chartPalette.riskDot,
    );
    // One more for the legend's swatch.
    expect(filled).toHaveLength(
      PERCENTILE_EXAMPLE.rare.riskPer100 + PERCENTILE_EXAMPLE.common.riskPer100 + 1,
    );
  });
});

describe('the embryo testing steps', () => {
  it('run from IVF through biopsy, genotyping and the report to the choice', () => {
    expect(EMBRYO_TESTING_STEPS.map((step) => step.title)).toEqual([
      '1. IVF',
      '2. Biopsy',
      '3. Genotyping',
      '4. Report',
      '5. Choice',
    ]);
    render(<EmbryoTestingDiagram />);
    expect(screen.getByRole('img')).toHaveAccessibleDescription(/trophectoderm/);
  });
});

describe('the spread of embryo scores', () => {
  it('is narrower than everyone’s: siblings’ scores vary half as much', () => {
    expect(SPREAD_EXAMPLE.siblingSd ** 2).toBeCloseTo(0.5, 10);
  });

  it('places five embryos at the expected order of five draws, the lowest marked', () => {
    const { container } = render(<ScoreSpreadDiagram />);
    const triangles = [...container.querySelectorAll('path')].filter((path) =>
      /l -6 11 l 12 0 z$/.test(path.getAttribute('d') ?? ''),
    );
    expect(triangles).toHaveLength(5);
    expect(triangles.filter((t) => t.getAttribute('fill') === chartPalette.marker)).toHaveLength(1);
  });
});
