import { describe, expect, it } from 'vitest';
import { DEFAULT_CHART_SETTINGS } from './catalogue/chart-settings.ts';
import { diseases } from './catalogue/diseases.ts';
import {
  buildDensity,
  describePercentile,
  dotCount,
  oneIn,
  formatRiskPercent,
  ordinal,
  percentileOfScore,
  riskAxisTicks,
  roundTicks,
  scoreAtPercentile,
  smooth,
} from './charts.ts';

/** 0, 1, 2, ... 359: ten scores in each of the 36 central buckets. */
const evenPopulation = Array.from({ length: 360 }, (_, i) => i);

describe('buildDensity with the catalog settings', () => {
  const settings = diseases.t2d.chart;
  const density = buildDensity(evenPopulation, settings);

  it('has 36 central buckets and 3 empty padding buckets on each side', () => {
    expect(settings).toBe(DEFAULT_CHART_SETTINGS);
    expect(density.buckets).toHaveLength(36 + 2 * 3);
    const padding = density.buckets.filter((bucket) => bucket.isPadding);
    expect(padding).toHaveLength(6);
    expect(density.buckets.slice(0, 3).every((bucket) => bucket.isPadding)).toBe(true);
    expect(density.buckets.slice(-3).every((bucket) => bucket.isPadding)).toBe(true);
    expect(padding.every((bucket) => bucket.count === 0)).toBe(true);
  });

  it('counts every score once, in equal-width buckets over the lowest to highest score', () => {
    const central = density.buckets.filter((bucket) => !bucket.isPadding);
    const width = 359 / 36;
    expect(central[0]?.start).toBe(0);
    expect(central.at(-1)?.end).toBeCloseTo(359);
    for (const bucket of density.buckets) expect(bucket.end - bucket.start).toBeCloseTo(width);
    expect(central.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(360);
    expect(density.domain[0]).toBeCloseTo(-3 * width);
    expect(density.domain[1]).toBeCloseTo(359 + 3 * width);
  });

  it('puts the highest score in the last central bucket, not past the end', () => {
    const { buckets } = buildDensity([0, 0.5, 0.9, 36], settings);
    const central = buckets.filter((bucket) => !bucket.isPadding);
    expect(central.map((bucket) => bucket.count)).toEqual([3, ...new Array<number>(34).fill(0), 1]);
  });

  it('smooths with a moving average over one bucket either side (smoothing 1)', () => {
    // Everyone in one bucket: after smoothing, a third of them in it and in each neighbour.
    const { buckets } = buildDensity([...new Array<number>(30).fill(0), 36], settings);
    const percents = buckets.map((bucket) => bucket.percent);
    const share = 100 / 31;
    expect(percents.slice(2, 5)).toEqual([share * 10, share * 10, share * 10].map(expectClose));
    expect(percents[5]).toBe(0);
    // paddingBuckets (3) >= smoothing (1), so nobody is smoothed off the chart.
    expect(percents.reduce((sum, p) => sum + p, 0)).toBeCloseTo(100);
  });

  it('places x ticks at the 10th, 30th, 50th, 70th and 90th percentiles, labeled as such', () => {
    expect(density.xTicks).toEqual(
      [
        { percentile: 10, score: 35.9, label: '10th' },
        { percentile: 30, score: 107.7, label: '30th' },
        { percentile: 50, score: 179.5, label: '50th' },
        { percentile: 70, score: 251.3, label: '70th' },
        { percentile: 90, score: 323.1, label: '90th' },
      ].map((tick) => ({ ...tick, score: expectClose(tick.score) })),
    );
    for (const tick of density.xTicks) {
      expect(percentileOfScore(evenPopulation, tick.score)).toBeCloseTo(tick.percentile, 0);
    }
  });

  it('has 4 round y ticks from 0 that reach the highest bucket', () => {
    // Each central bucket holds 10 of 360 people (2.78 %); smoothing leaves the middle as is.
    expect(density.yTicks).toEqual([0, 1, 2, 3]);
    const highest = Math.max(...density.buckets.map((bucket) => bucket.percent));
    expect(highest).toBeCloseTo(100 / 36);
    expect(density.yTicks.at(-1)).toBeGreaterThanOrEqual(highest);
    // The axis runs a tenth above the curve's top, so the top is never on the plot's edge.
    expect(density.yMax).toBeCloseTo(3.06, 2);
  });

  it("draws the average at the population's 50th percentile", () => {
    expect(density.average).toBe(179.5);
  });

  it('follows other settings too', () => {
    const other = buildDensity(evenPopulation, {
      numberOfBuckets: 10,
      paddingBuckets: 2,
      smoothing: 0,
      xPercentiles: [25, 75],
      yTicks: 3,
    });
    expect(other.buckets).toHaveLength(14);
    expect(other.buckets.slice(2, 12).map((bucket) => bucket.percent)).toEqual(
      [36, 36, 36, 36, 36, 36, 36, 36, 36, 36].map((n) => expectClose((100 * n) / 360)),
    );
    expect(other.xTicks.map((tick) => tick.label)).toEqual(['25th', '75th']);
    // The highest bucket holds 10 %: 0, 5 and 10 reach it in two round steps.
    expect(other.yTicks).toEqual([0, 5, 10]);
  });

  it('refuses an empty or non-numeric population', () => {
    expect(() => buildDensity([], settings)).toThrow(RangeError);
    expect(() => buildDensity([1, Number.NaN], settings)).toThrow(RangeError);
  });

  it('draws a population with a single score as one bucket', () => {
    const single = buildDensity([5, 5, 5], settings);
    expect(single.buckets[3]?.count).toBe(3);
    expect(single.domain[1]).toBeGreaterThan(single.domain[0]);
  });
});

function expectClose(value: number): unknown {
  return expect.closeTo(value, 6);
}

describe('percentiles of a marker', () => {
  it('is the share of the population with a lower score', () => {
    expect(percentileOfScore(evenPopulation, 0)).toBe(0);
    expect(percentileOfScore(evenPopulation, 259.5)).toBeCloseTo((100 * 260) / 360);
    expect(percentileOfScore(evenPopulation, 1000)).toBe(100);
  });

  it('says it as a true sentence, rounding down', () => {
    expect(describePercentile(72.9)).toBe('at the 72nd percentile: higher than 72 of 100 people');
    expect(describePercentile(1)).toBe('at the 1st percentile: higher than 1 of 100 people');
    expect(describePercentile(0.4)).toBe('below the 1st percentile: lower than 99 of 100 people');
    expect(describePercentile(100)).toBe('at the 99th percentile: higher than 99 of 100 people');
  });

  it('interpolates scores at percentiles', () => {
    expect(scoreAtPercentile([1, 2, 3, 4, 5], 50)).toBe(3);
    expect(scoreAtPercentile([0, 10], 30)).toBe(3);
    expect(scoreAtPercentile([7], 90)).toBe(7);
  });

  it('writes ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 50, 72, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '50th',
      '72nd',
      '101st',
      '111th',
    ]);
  });
});

describe('smooth and roundTicks', () => {
  it('smoothing 0 leaves values as they are; smoothing 1 averages three', () => {
    expect(smooth([0, 3, 0], 0)).toEqual([0, 3, 0]);
    expect(smooth([0, 3, 0, 0], 1)).toEqual([1, 1, 1, 0]);
  });

  it('makes count round ticks from 0 reaching max', () => {
    expect(roundTicks(2.78, 4)).toEqual([0, 1, 2, 3]);
    expect(roundTicks(7, 4)).toEqual([0, 2.5, 5, 7.5]);
    expect(roundTicks(0.26, 4)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(roundTicks(12, 4)).toEqual([0, 4, 8, 12]);
    expect(roundTicks(8.3, 4)).toEqual([0, 3, 6, 9]);
    expect(roundTicks(13, 4)).toEqual([0, 5, 10, 15]);
    expect(roundTicks(0, 4)).toEqual([0, 1, 2, 3]);
  });
});

describe('oneIn: a risk as people say it', () => {
  it.each([
    [0.005, 'about 1 in 200'],
    [0.0033, 'about 1 in 300'],
    [0.012, 'about 1 in 83'],
    [0.0004, 'about 1 in 2,500'],
    [0.08, 'about 1 in 13'],
    [0.25, 'about 25 in 100'],
    [0.104, 'about 10 in 100'],
    [0, 'close to 0'],
  ])('%s is %s', (risk, words) => {
    expect(oneIn(risk)).toBe(words);
  });
});

describe('dotCount: absolute risk as filled dots out of 100', () => {
  it.each([
    [8.2, 8, 'About 8 in 100'],
    [8.5, 9, 'About 9 in 100'],
    [10, 10, 'About 10 in 100'],
    [0.5, 1, 'About 1 in 100'],
    [0.4, 0, 'Fewer than 1 in 100'],
    [0, 0, 'Fewer than 1 in 100'],
    [42.49, 42, 'About 42 in 100'],
    [99.4, 99, 'About 99 in 100'],
    [99.5, 100, 'More than 99 in 100'],
    [100, 100, 'More than 99 in 100'],
  ])('%s%% fills %s dots: %s', (risk, filled, inWords) => {
    expect(dotCount(risk)).toEqual({ filled, inWords });
  });

  it.each([
    [0.5, 5, 'About 5 in 1,000'],
    [0.33, 3, 'About 3 in 1,000'],
    [8.2, 82, 'About 82 in 1,000'],
    [0.04, 0, 'Fewer than 1 in 1,000'],
    [99.96, 1000, 'More than 999 in 1,000'],
  ])('%s%% out of 1,000 fills %s dots: %s', (risk, filled, inWords) => {
    expect(dotCount(risk, 1000)).toEqual({ filled, inWords });
  });

  it('refuses a risk that is not a percentage', () => {
    expect(() => dotCount(-1)).toThrow(RangeError);
    expect(() => dotCount(101)).toThrow(RangeError);
    expect(() => dotCount(Number.NaN)).toThrow(RangeError);
  });

  it('formats the exact percentage', () => {
    expect(formatRiskPercent(8.24)).toBe('8.2%');
    expect(formatRiskPercent(0.04)).toBe('<0.1%');
    expect(formatRiskPercent(0)).toBe('0.0%');
  });
});

describe('the range charts of a report share one axis', () => {
  it('runs from 0 to a round tick at or above the highest value drawn', () => {
    expect(riskAxisTicks([1.34, 58.43, 12])).toEqual([0, 20, 40, 60]);
    expect(riskAxisTicks([0.63, 0.2])).toEqual([0, 0.25, 0.5, 0.75]);
    expect(riskAxisTicks([0])).toEqual([0, 0.4, 0.8, 1.2]);
  });
});
