import { describe, expect, it } from 'vitest';
import { chartPalette } from '../../theme.ts';
import { contrastRatio } from '@nestling/shared/contrast';

/** The eight Okabe–Ito colors (Okabe and Ito, 2008). */
const okabeIto = [
  '#000000',
  '#e69f00',
  '#56b4e9',
  '#009e73',
  '#f0e442',
  '#0072b2',
  '#d55e00',
  '#cc79a7',
];

describe('chartPalette', () => {
  const { background } = chartPalette;

  it('takes its data colors from the Okabe–Ito palette', () => {
    const dataColors = [
      chartPalette.populationFill,
      chartPalette.populationLine,
      chartPalette.range,
      chartPalette.riskDot,
      chartPalette.marker,
      chartPalette.embryo,
      chartPalette.averageRing,
    ];
    for (const color of dataColors) expect(okabeIto).toContain(color);
  });

  it('has chart text at 4.5:1 or more on the background', () => {
    expect(contrastRatio(chartPalette.text, background)).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ['axis', chartPalette.axis],
    ['population curve', chartPalette.populationLine],
    ['range bar', chartPalette.range],
    ['filled risk dot', chartPalette.riskDot],
    ['density marker', chartPalette.marker],
    ['embryo marker', chartPalette.embryo],
    ['average ring', chartPalette.averageRing],
    ['empty dot outline', chartPalette.emptyDot],
  ])('%s is at least 3:1 on the background (WCAG 1.4.11)', (_name, color) => {
    expect(contrastRatio(color, background)).toBeGreaterThanOrEqual(3);
  });

  it('density markers stand out at 3:1 on the population area they cross too', () => {
    expect(contrastRatio(chartPalette.marker, chartPalette.populationFill)).toBeGreaterThanOrEqual(
      3,
    );
  });

  it('keeps the pale sky blue to a fill that a 3:1 outline surrounds', () => {
    expect(contrastRatio(chartPalette.populationFill, background)).toBeLessThan(3);
    expect(contrastRatio(chartPalette.populationLine, background)).toBeGreaterThanOrEqual(3);
  });
});
