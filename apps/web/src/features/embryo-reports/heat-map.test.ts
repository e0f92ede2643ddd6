import { contrastRatio } from '@nestling/shared/contrast';
import { describe, expect, it } from 'vitest';
import { HEAT_BANDS, HEAT_TEXT, heatBand } from './heat-map.ts';

describe('heat map colors', () => {
  it.each(HEAT_BANDS.map((band) => [band.label, band.background]))(
    'prints its number at 4.5:1 or more on "%s" (WCAG 1.4.3)',
    (_label, background) => {
      expect(contrastRatio(HEAT_TEXT, background)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('gives each band a color of its own', () => {
    expect(new Set(HEAT_BANDS.map((band) => band.background)).size).toBe(HEAT_BANDS.length);
  });

  it('bands a relative risk evenly either side of the average, each edge in the higher band', () => {
    const bandOf = (relativeRisk: number) => heatBand(relativeRisk).label;
    expect(bandOf(0.2)).toBe('Much lower than average');
    expect(bandOf(0.49)).toBe('Much lower than average');
    expect(bandOf(0.5)).toBe('Lower than average');
    expect(bandOf(0.79)).toBe('Lower than average');
    expect(bandOf(0.8)).toBe('About average');
    expect(bandOf(1)).toBe('About average');
    expect(bandOf(1.24)).toBe('About average');
    expect(bandOf(1.25)).toBe('Higher than average');
    expect(bandOf(1.99)).toBe('Higher than average');
    expect(bandOf(2)).toBe('Much higher than average');
    expect(bandOf(7.5)).toBe('Much higher than average');
  });
});
