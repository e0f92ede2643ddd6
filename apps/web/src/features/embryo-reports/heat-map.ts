/*
 * The embryo comparison's heat map: each risk's color, by how it compares
 * with the population average. The colors run from blue (lower) through gray (about average) to
 * orange (higher), which people with the common color vision deficiencies tell apart; the text
 * on each is at least 4.5:1 (heat-map.test.ts), and each cell prints its number, so the color
 * is never the only way to read it.
 */

export type HeatBand = 'muchLower' | 'lower' | 'average' | 'higher' | 'muchHigher';

export interface HeatBandStyle {
  readonly band: HeatBand;
  /** What the color means, for the legend: 'Higher than average'. */
  readonly label: string;
  /** The relative risks it stands for, for the legend: '1.25× to 2×'. */
  readonly range: string;
  /** The cell's background. */
  readonly background: string;
}

/** The text on every cell of the heat map: the theme's black. */
export const HEAT_TEXT = '#1a1b1e';

/** Lowest first; a relative risk belongs to the first band whose `below` it is under. */
const BANDS: readonly (HeatBandStyle & { readonly below: number })[] = [
  {
    band: 'muchLower',
    label: 'Much lower than average',
    range: 'under 0.5×',
    below: 0.5,
    background: '#6baed6',
  },
  {
    band: 'lower',
    label: 'Lower than average',
    range: '0.5× to 0.8×',
    below: 0.8,
    background: '#c6dbef',
  },
  {
    band: 'average',
    label: 'About average',
    range: '0.8× to 1.25×',
    below: 1.25,
    background: '#f1f3f5',
  },
  {
    band: 'higher',
    label: 'Higher than average',
    range: '1.25× to 2×',
    below: 2,
    background: '#fdd0a2',
  },
  {
    band: 'muchHigher',
    label: 'Much higher than average',
    range: '2× or more',
    below: Number.POSITIVE_INFINITY,
    background: '#fd8d3c',
  },
];

/** Every band, lowest first: the legend's order. */
export const HEAT_BANDS: readonly HeatBandStyle[] = BANDS;

/**
 * The band of a relative risk (the embryo's absolute risk over the population's): under 0.5×,
 * 0.5× to under 0.8×, 0.8× to under 1.25× (about average), 1.25× to under 2×, 2× or more. The
 * bands are even on a ratio scale: 0.8 and 1.25 are the same step either side of 1.
 */
export function heatBand(relativeRisk: number): HeatBandStyle {
  const found = BANDS.find((band) => relativeRisk < band.below);
  // The last band has no upper end; only NaN falls through.
  return found ?? (BANDS[2] as HeatBandStyle);
}
