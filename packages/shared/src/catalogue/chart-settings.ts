/** How a disease or trait risk distribution is drawn (spec sections 3 and 9). */
export interface ChartSettings {
  numberOfBuckets: number;
  smoothing: number;
  paddingBuckets: number;
  xPercentiles: readonly number[];
  yTicks: number;
}

/** Spec section 9: every disease and trait uses these. Frozen because every entry shares it. */
export const DEFAULT_CHART_SETTINGS: Readonly<ChartSettings> = Object.freeze({
  numberOfBuckets: 36,
  smoothing: 1,
  paddingBuckets: 3,
  xPercentiles: Object.freeze([10, 30, 50, 70, 90]),
  yTicks: 4,
});
