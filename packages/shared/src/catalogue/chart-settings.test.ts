import { describe, expect, it } from 'vitest';
import { DEFAULT_CHART_SETTINGS } from './chart-settings.ts';

describe('DEFAULT_CHART_SETTINGS', () => {
  it('holds the spec section 9 values', () => {
    expect(DEFAULT_CHART_SETTINGS).toEqual({
      numberOfBuckets: 36,
      smoothing: 1,
      paddingBuckets: 3,
      xPercentiles: [10, 30, 50, 70, 90],
      yTicks: 4,
    });
  });

  it('is frozen, percentiles included', () => {
    expect(Object.isFrozen(DEFAULT_CHART_SETTINGS)).toBe(true);
    expect(Object.isFrozen(DEFAULT_CHART_SETTINGS.xPercentiles)).toBe(true);
    expect(() => {
      (DEFAULT_CHART_SETTINGS as { yTicks: number }).yTicks = 5;
    }).toThrow(TypeError);
    expect(() => {
      (DEFAULT_CHART_SETTINGS.xPercentiles as number[]).push(99);
    }).toThrow(TypeError);
    expect(DEFAULT_CHART_SETTINGS.yTicks).toBe(4);
    expect(DEFAULT_CHART_SETTINGS.xPercentiles).toHaveLength(5);
  });
});
