import { describe, expect, it } from 'vitest';
import {
  CHART_FONT_SIZE,
  CHART_WIDTH,
  labelBox,
  MIN_READABLE_FONT_PX,
  PHONE_CHART_WIDTH,
} from './chart-layout.ts';

describe('chart layout', () => {
  it('keeps chart text at 11 px or more on a 390 px phone', () => {
    expect((CHART_FONT_SIZE * PHONE_CHART_WIDTH) / CHART_WIDTH).toBeGreaterThanOrEqual(
      MIN_READABLE_FONT_PX,
    );
  });

  it('measures a label from its center and baseline', () => {
    expect(labelBox(100, 50, 40, 10)).toEqual({ left: 80, right: 120, top: 42, bottom: 52.5 });
  });
});
