import { describe, expect, it } from 'vitest';
import {
  assignLabelLanes,
  CHART_FONT_SIZE,
  CHART_WIDTH,
  clampLabelCentre,
  laneCount,
  MIN_READABLE_FONT_PX,
  PHONE_CHART_WIDTH,
} from './chart-layout.ts';

describe('chart layout', () => {
  it('keeps chart text at 11 px or more on a 390 px phone', () => {
    expect((CHART_FONT_SIZE * PHONE_CHART_WIDTH) / CHART_WIDTH).toBeGreaterThanOrEqual(
      MIN_READABLE_FONT_PX,
    );
  });

  it('puts overlapping labels on separate lanes and others on the first', () => {
    const lanes = assignLabelLanes([
      { x: 100, width: 40 },
      { x: 110, width: 40 },
      { x: 200, width: 40 },
      { x: 105, width: 40 },
    ]);
    // Taken left to right: 100, then 105 and 110 each need a new lane; 200 is clear of all.
    expect(lanes).toEqual([0, 2, 0, 1]);
    expect(laneCount(lanes)).toBe(3);
    expect(laneCount([])).toBe(0);
  });

  it('keeps a label inside the chart', () => {
    expect(clampLabelCentre(2, 40, 0, 360)).toBe(20);
    expect(clampLabelCentre(359, 40, 0, 360)).toBe(340);
    expect(clampLabelCentre(100, 40, 0, 360)).toBe(100);
  });
});
