/**
 * The numbers behind the report charts (spec sections 3 and 9), kept free of any drawing code so
 * that the web page and the server's PDF draw the same buckets, ticks and dots.
 *
 * Density chart, given a population's raw scores and an entry's chart settings:
 * - Bucketing: the central range runs from the lowest to the highest population score and is cut
 *   into `numberOfBuckets` equal buckets. A bucket holds the scores from its start up to, but
 *   not including, its end; the last bucket also holds the highest score, so every population
 *   score is counted exactly once.
 * - Padding: `paddingBuckets` empty buckets of the same width are added on each side, so the
 *   curve comes down to zero inside the chart instead of being cut off at its edges.
 * - Smoothing: `smoothing` s is a centered moving average over the 2s + 1 buckets from s before to
 *   s after (smoothing 1: each bucket becomes the mean of itself and its two neighbours).
 *   Buckets beyond the padded range count as empty. As long as paddingBuckets >= smoothing, no
 *   person is smoothed off the chart: the smoothed shares still add up to 100 %.
 * - Heights are the percentage of the population in a bucket, after smoothing.
 * - x ticks sit at the population's `xPercentiles` (10th, 30th, ... by linear interpolation
 *   between the sorted scores) and are labeled as percentiles, not as raw scores, because raw
 *   polygenic scores mean nothing to a patient.
 * - y ticks: `yTicks` evenly spaced round values from 0 up to the first one at or above the
 *   highest bucket. The y axis runs to that tick or a tenth above the highest bucket, whichever
 *   is higher, so the curve's top is never drawn on the plot's edge, where it looks cut off.
 * - The population average is drawn at the 50th percentile: the person there is higher than
 *   half the population, which is what the charts' sentences mean by average.
 */
import type { ChartSettings } from './catalogue/chart-settings.ts';
import type { EmbryoReport, JointReport } from './contract/report.ts';
import { heldBackConditions } from './risk/reportable.ts';

export interface DensityBucket {
  /** Score at the bucket's left edge. */
  readonly start: number;
  /** Score at the bucket's right edge. */
  readonly end: number;
  /** Population scores in the bucket before smoothing (0 for padding buckets). */
  readonly count: number;
  /** Percentage of the population in the bucket after smoothing. */
  readonly percent: number;
  readonly isPadding: boolean;
}

export interface PercentileTick {
  /** The percentile, e.g. 10 for the 10th. */
  readonly percentile: number;
  /** The population score at that percentile, where the tick is drawn. */
  readonly score: number;
  /** '10th', '50th'... */
  readonly label: string;
}

export interface Density {
  /** Padding buckets, then the central `numberOfBuckets`, then padding buckets, left to right. */
  readonly buckets: readonly DensityBucket[];
  /** Scores the x axis spans: the padded range. */
  readonly domain: readonly [number, number];
  readonly xTicks: readonly PercentileTick[];
  /** Percentages, from 0 up. */
  readonly yTicks: readonly number[];
  /** The top of the y axis, in percent: above the highest bucket, and no lower than the ticks. */
  readonly yMax: number;
  /** The population's score at its 50th percentile, drawn as the average. */
  readonly average: number;
}

/** What the density chart's axes measure, the same on the page and in the PDF. */
export const DENSITY_AXIS_TITLES = {
  x: 'Percentile in the population',
  y: '% of people',
} as const;

/** What the range chart's axis measures, and, under it, that a report's range charts share it. */
export const RANGE_AXIS_TITLES = {
  x: 'Lifetime risk',
  shared: 'Same scale for every condition',
} as const;

/** The room left above the highest bucket, as a share of it. */
const DENSITY_HEADROOM = 0.1;

/** Scores sorted ascending, with anything that is not a finite number refused. */
function sortedScores(scores: readonly number[]): number[] {
  if (scores.length === 0) throw new RangeError('A density chart needs at least one score.');
  if (!scores.every(Number.isFinite)) throw new RangeError('Population scores must be finite.');
  return [...scores].sort((a, b) => a - b);
}

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd... */
export function ordinal(n: number): string {
  const lastTwo = Math.abs(n) % 100;
  const last = lastTwo % 10;
  const suffix =
    lastTwo >= 11 && lastTwo <= 13
      ? 'th'
      : last === 1
        ? 'st'
        : last === 2
          ? 'nd'
          : last === 3
            ? 'rd'
            : 'th';
  return `${n}${suffix}`;
}

/** The score at percentile `p` (0-100), interpolating linearly between sorted scores. */
export function scoreAtPercentile(sorted: readonly number[], p: number): number {
  const position = ((sorted.length - 1) * p) / 100;
  const below = Math.floor(position);
  const low = sorted[below] ?? Number.NaN;
  const high = sorted[Math.min(below + 1, sorted.length - 1)] ?? low;
  return low + (position - below) * (high - low);
}

/**
 * The share of the population (0-100) whose score is lower than `score`. It is what 'higher
 * than N of 100 people' means, so ties are not counted as lower.
 */
export function percentileOfScore(populationScores: readonly number[], score: number): number {
  const sorted = sortedScores(populationScores);
  let lower = 0;
  while (lower < sorted.length && (sorted[lower] ?? Number.POSITIVE_INFINITY) < score) lower += 1;
  return (100 * lower) / sorted.length;
}

/**
 * The whole-number percentile a sentence may state: rounded down, because 'higher than 72 of
 * 100 people' must be true, and at most 99 ('the 100th percentile' reads as a mistake).
 */
export function statedPercentile(percentile: number): number {
  return Math.min(99, Math.max(0, Math.floor(percentile)));
}

/**
 * 'at the 72nd percentile: higher than 72 of 100 people'. Below the 1st percentile it says
 * 'below the 1st percentile: lower than 99 of 100 people' rather than 'the 0th'.
 */
export function describePercentile(percentile: number): string {
  const stated = statedPercentile(percentile);
  if (stated === 0) return 'below the 1st percentile: lower than 99 of 100 people';
  return `at the ${ordinal(stated)} percentile: higher than ${stated} of 100 people`;
}

/** Centered moving average over ±`smoothing` positions; positions outside the array count as 0. */
export function smooth(values: readonly number[], smoothing: number): number[] {
  const window = 2 * smoothing + 1;
  return values.map((_, index) => {
    let sum = 0;
    for (let offset = -smoothing; offset <= smoothing; offset += 1)
      sum += values[index + offset] ?? 0;
    return sum / window;
  });
}

/**
 * `count` evenly spaced round values from 0, the last at or above `max`: the step is the
 * smallest of 1, 2, 2.5, 3, 4 and 5 times a power of ten that reaches `max` in count - 1 steps
 * (the finer choices keep the curve from being squashed under empty headroom).
 */
export function roundTicks(max: number, count: number): number[] {
  const steps = Math.max(1, count - 1);
  const rawStep = max > 0 ? max / steps : 1;
  const power = 10 ** Math.floor(Math.log10(rawStep));
  const multiplier = [1, 2, 2.5, 3, 4, 5, 10].find((m) => m * power >= rawStep * (1 - 1e-9)) ?? 10;
  const step = multiplier * power;
  // Rounded to the step's precision so that 3 * 0.1 shows as 0.3, not 0.30000000000000004.
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  return Array.from({ length: steps + 1 }, (_, i) => Number((i * step).toFixed(decimals)));
}

/** Buckets, axis range and ticks of the density chart, from raw population scores. */
export function buildDensity(
  populationScores: readonly number[],
  settings: ChartSettings,
): Density {
  const sorted = sortedScores(populationScores);
  const { numberOfBuckets, paddingBuckets, smoothing } = settings;
  const min = sorted[0] ?? 0;
  const max = sorted.at(-1) ?? 0;
  // A population with one distinct score still gets a visible bucket one unit wide.
  const width = max > min ? (max - min) / numberOfBuckets : 1 / numberOfBuckets;
  const counts = new Array<number>(numberOfBuckets).fill(0);
  for (const score of sorted) {
    const index = Math.min(numberOfBuckets - 1, Math.floor((score - min) / width));
    counts[index] = (counts[index] ?? 0) + 1;
  }
  const padding = new Array<number>(paddingBuckets).fill(0);
  const paddedCounts = [...padding, ...counts, ...padding];
  const smoothed = smooth(paddedCounts, smoothing);
  const firstStart = min - paddingBuckets * width;
  const buckets = paddedCounts.map((count, index): DensityBucket => ({
    start: firstStart + index * width,
    end: firstStart + (index + 1) * width,
    count,
    percent: (100 * (smoothed[index] ?? 0)) / sorted.length,
    isPadding: index < paddingBuckets || index >= paddingBuckets + numberOfBuckets,
  }));
  const highest = Math.max(...buckets.map((bucket) => bucket.percent));
  const yTicks = roundTicks(highest, settings.yTicks);
  return {
    buckets,
    domain: [firstStart, firstStart + paddedCounts.length * width],
    xTicks: settings.xPercentiles.map((percentile) => ({
      percentile,
      score: scoreAtPercentile(sorted, percentile),
      label: ordinal(percentile),
    })),
    yTicks,
    yMax: Math.max(yTicks.at(-1) ?? 0, highest * (1 + DENSITY_HEADROOM)),
    average: scoreAtPercentile(sorted, 50),
  };
}

/**
 * The x axis of a report's range charts, in percent: from 0, so that lengths compare, to a
 * round tick at or above every value the report draws on any of them (each range's highest
 * risk, each embryo's, each population average). Every range chart of the report uses it, so
 * the same risk is the same length on all of them (ADR 031).
 */
export function riskAxisTicks(percents: readonly number[]): number[] {
  const highest = Math.max(0, ...percents.filter(Number.isFinite));
  return roundTicks(highest > 0 ? highest : 1, 4);
}

/**
 * The shared axis of a joint or embryo report's range charts: every condition that is drawn
 * (not held back, ADR 030), its range, its population average and each embryo's risk.
 */
export function reportRiskAxisTicks(content: JointReport | EmbryoReport): number[] {
  const heldBack = heldBackConditions(content);
  const drawn = content.childRisk.filter((range) => !heldBack.has(range.code));
  const codes = new Set(drawn.map((range) => range.code));
  const embryoRisks =
    content.kind === 'embryo'
      ? content.embryos.flatMap((embryo) =>
          embryo.diseases
            .filter((result) => codes.has(result.code))
            .map((result) => result.absoluteRisk),
        )
      : [];
  return riskAxisTicks(
    [...drawn.flatMap((range) => [range.upper, range.populationRisk]), ...embryoRisks].map(
      (risk) => risk * 100,
    ),
  );
}

/** How an absolute risk is shown as filled dots out of 100 (or 1,000), and said in words. */
export interface DotCount {
  /** Dots to fill, 0 to 100 (or 1,000). */
  readonly filled: number;
  /** 'About 8 in 100', 'Fewer than 1 in 100', 'More than 99 in 100'; 'About 5 in 1,000'. */
  readonly inWords: string;
}

/** The grids the portal draws: 100 dots, or 1,000 for rare risks, where 100 cannot differ. */
export type DotsOutOf = 100 | 1000;

/**
 * A risk (a fraction) as people say it: 'about 25 in 100' from 10 %, and 'about 1 in
 * 200' below, its N rounded to two significant figures, so that rare risks keep their
 * difference ('1 in 200' against '1 in 300', where both are 'about 0 in 100').
 */
export function oneIn(risk: number): string {
  if (!(risk > 0)) return 'close to 0';
  if (risk >= 0.1) return `about ${String(Math.round(risk * 100))} in 100`;
  const n = 1 / risk;
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(n)) - 1);
  return `about 1 in ${(Math.round(n / magnitude) * magnitude).toLocaleString('en-US')}`;
}

/**
 * Rounding rules for the dot grid, for a risk given as a percentage (0-100):
 * - from 0.5 % up to, not including, 99.5 %: rounded to the nearest whole dot (half up),
 *   'About N in 100';
 * - below 0.5 % (0 included): no dot is filled, and the words say 'Fewer than 1 in 100' so an
 *   empty grid is never read as no risk;
 * - from 99.5 %: all 100 dots, 'More than 99 in 100', never 'certain'.
 */
export function dotCount(riskPercent: number, outOf: DotsOutOf = 100): DotCount {
  if (!Number.isFinite(riskPercent) || riskPercent < 0 || riskPercent > 100) {
    throw new RangeError(`A risk must be a percentage from 0 to 100, not ${riskPercent}.`);
  }
  const total = outOf.toLocaleString('en-US');
  const dots = (riskPercent * outOf) / 100;
  if (dots < 0.5) return { filled: 0, inWords: `Fewer than 1 in ${total}` };
  if (dots >= outOf - 0.5) {
    return {
      filled: outOf,
      inWords: `More than ${(outOf - 1).toLocaleString('en-US')} in ${total}`,
    };
  }
  const filled = Math.floor(dots + 0.5);
  return { filled, inWords: `About ${filled.toLocaleString('en-US')} in ${total}` };
}

/** A percentage as the report states it: one decimal, '8.2%', and '<0.1%' for tiny risks. */
export function formatRiskPercent(riskPercent: number): string {
  if (riskPercent > 0 && riskPercent < 0.05) return '<0.1%';
  return `${riskPercent.toFixed(1)}%`;
}
