/*
 * The report charts as vector drawings in the PDF: the dot grid, the density chart and the range
 * chart, from the same numbers as the web page (packages/shared/src/charts.ts: dotCount,
 * buildDensity, roundTicks), so a printed report never disagrees with the screen. The colours
 * are the page's Okabe–Ito palette (apps/web/src/theme.ts, chartPalette), which stays readable
 * for colour-blind readers and in greyscale print; filled dots against rings tell the person
 * from the average without colour.
 *
 * Each drawing has a minimum size as large as itself, so it never shrinks: react-pdf shrinks
 * flex items to fit a box of fixed height (it gives one to the part of a view split at a page's
 * end), and an Svg squeezed to zero height makes pdfkit fail on its scale ('unsupported number:
 * Infinity'), taking the whole PDF with it.
 *
 * Repeated shapes are drawn as one path each (the 100 dots of a grid are three paths, not 200
 * elements): react-pdf lays out and styles every element again on each page it paginates, so the
 * element count, not the ink, sets the time a render takes.
 *
 * Elements are built with createElement rather than JSX: the server runs under tsx from the
 * repository root, whose tsconfig has no JSX setting, and this keeps it that way.
 */
import { buildDensity, dotCount, formatRiskPercent, roundTicks } from '@nestling/shared/charts';
import type { CatalogueEntry } from '@nestling/shared/catalogue/catalogue-entry';
import { Line, Path, Svg, Text } from '@react-pdf/renderer';
import { createElement as h, type ReactElement } from 'react';

export const pdfPalette = {
  text: '#1a1b1e',
  axis: '#495057',
  populationFill: '#56b4e9',
  populationLine: '#0072b2',
  riskDot: '#0072b2',
  marker: '#000000',
  averageRing: '#d55e00',
  embryo: '#d55e00',
  emptyDot: '#868e96',
  background: '#ffffff',
} as const;

/** The smallest text in a chart: still legible on paper at arm's length. */
export const CHART_FONT_SIZE = 6.5;
const LANE_HEIGHT = CHART_FONT_SIZE + 1.5;

const COLUMNS = 10;

/** Numbers in a path, short: two decimals are far below what a printer resolves. */
function n(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** A circle as a path: two half arcs from its leftmost point. */
function circlePath(cx: number, cy: number, r: number): string {
  return `M${n(cx - r)} ${n(cy)}a${n(r)} ${n(r)} 0 1 0 ${n(2 * r)} 0a${n(r)} ${n(r)} 0 1 0 ${n(-2 * r)} 0Z`;
}

/**
 * 100 dots, 10 by 10, filled row by row from the top left for the absolute risk, ringed for the
 * population average: the page's dot grid at print size.
 */
export function dotGrid(options: {
  absoluteRisk: number;
  populationRisk: number;
  size: number;
}): ReactElement {
  const { size } = options;
  const filled = dotCount(options.absoluteRisk * 100).filled;
  const ringed = dotCount(options.populationRisk * 100).filled;
  const cell = size / COLUMNS;
  let filledDots = '';
  let emptyDots = '';
  let rings = '';
  for (let index = 0; index < COLUMNS * COLUMNS; index += 1) {
    const cx = (index % COLUMNS) * cell + cell / 2;
    const cy = Math.floor(index / COLUMNS) * cell + cell / 2;
    const dot = circlePath(cx, cy, cell * 0.3);
    if (index < filled) filledDots += dot;
    else emptyDots += dot;
    if (index < ringed) rings += circlePath(cx, cy, cell * 0.43);
  }
  const paths = [
    emptyDots && {
      key: 'empty',
      d: emptyDots,
      fill: pdfPalette.background,
      stroke: pdfPalette.emptyDot,
      strokeWidth: 0.6,
    },
    filledDots && {
      key: 'filled',
      d: filledDots,
      fill: pdfPalette.riskDot,
      stroke: pdfPalette.riskDot,
      strokeWidth: 0.6,
    },
    rings && {
      key: 'rings',
      d: rings,
      fill: 'none',
      stroke: pdfPalette.averageRing,
      strokeWidth: 1,
    },
  ].flatMap((props) => (props ? [h(Path, props)] : []));
  return fixedSvg(size, size, paths);
}

/** A label to place on a horizontal axis: where its centre would be, and its text. */
interface AxisLabel {
  readonly x: number;
  readonly text: string;
}

/*
 * Helvetica-Bold's advance widths (its AFM, in thousandths of the font size), the wider of the
 * two weights the charts use, so that a label measured with them never overlaps its neighbour.
 * Characters not listed count as a full em, wider than any Latin letter.
 */
const LOWER_CASE = 'abcdefghijklmnopqrstuvwxyz';
const LOWER_CASE_WIDTHS = [
  556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556,
  333, 611, 556, 778, 556, 556, 500,
];
const UPPER_CASE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const UPPER_CASE_WIDTHS = [
  722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667,
  611, 722, 667, 944, 667, 667, 611,
];
const OTHER_WIDTHS: Readonly<Record<string, number>> = {
  ' ': 278,
  '%': 889,
  '.': 278,
  ',': 278,
  '-': 333,
  '#': 556,
  '(': 333,
  ')': 333,
};
const WIDEST = 1000;

function boldWidth(character: string): number {
  if (character >= '0' && character <= '9') return 556;
  const lower = LOWER_CASE.indexOf(character);
  if (lower !== -1) return LOWER_CASE_WIDTHS[lower] ?? WIDEST;
  const upper = UPPER_CASE.indexOf(character);
  if (upper !== -1) return UPPER_CASE_WIDTHS[upper] ?? WIDEST;
  return OTHER_WIDTHS[character] ?? WIDEST;
}

/** A label's width in points at the chart's font size. */
export function labelWidth(text: string): number {
  let thousandths = 0;
  for (const character of text) thousandths += boldWidth(character);
  return (thousandths / 1000) * CHART_FONT_SIZE;
}

/**
 * Rows (lanes) for labels so that none overlap, as the web page places them
 * (apps/web/src/features/charts/chart-layout.ts): left to right, each label into the first lane
 * whose last label ends at least `gap` before it starts. Centres are first kept inside
 * [left, right]. Lane 0 is the one nearest the axis.
 */
export function placeLabels(
  labels: readonly AxisLabel[],
  left: number,
  right: number,
  gap = 2.5,
): { x: number; lane: number }[] {
  const placed = labels.map((label) => {
    const width = labelWidth(label.text);
    return { x: Math.min(Math.max(label.x, left + width / 2), right - width / 2), width, lane: 0 };
  });
  const laneEnds: number[] = [];
  [...placed]
    .sort((a, b) => a.x - b.x)
    .forEach((label) => {
      const start = label.x - label.width / 2;
      let lane = laneEnds.findIndex((end) => end + gap <= start);
      if (lane === -1) lane = laneEnds.length;
      laneEnds[lane] = label.x + label.width / 2;
      label.lane = lane;
    });
  return placed.map(({ x, lane }) => ({ x, lane }));
}

function laneCount(placed: readonly { lane: number }[]): number {
  return placed.reduce((most, label) => Math.max(most, label.lane + 1), 0);
}

/**
 * The population's smoothed distribution of scores (the buckets and ticks of buildDensity), the
 * x axis marked at the population's percentiles, the y axis in percent of people per bucket, and
 * one labelled line per marker ('You', or each embryo's label), the labels in as many rows as it
 * takes for none to overlap.
 */
export function densityChart(options: {
  entry: CatalogueEntry;
  populationScores: readonly number[];
  markers: readonly { label: string; score: number }[];
  width: number;
  /** The height of the plot itself; the labels above and the axis below add to it. */
  plotHeight: number;
}): ReactElement {
  const { width, plotHeight, markers } = options;
  const density = buildDensity(options.populationScores, options.entry.chart);
  const [low, high] = density.domain;
  const left = 24;
  const right = width - 8;
  const x = (score: number) =>
    left + ((Math.min(high, Math.max(low, score)) - low) / (high - low)) * (right - left);

  const markerLabels = placeLabels(
    markers.map((marker) => ({ x: x(marker.score), text: marker.label })),
    left,
    right,
  );
  // Room for the top y tick's label even without markers.
  const top = 4 + Math.max(1, laneCount(markerLabels)) * LANE_HEIGHT;
  const baseline = top + plotHeight;
  const tickLabels = placeLabels(
    density.xTicks.map((tick) => ({ x: x(tick.score), text: tick.label })),
    left,
    right,
  );
  const axisTitleY = baseline + 4 + (laneCount(tickLabels) + 1) * LANE_HEIGHT;
  const height = axisTitleY + 2;

  const yMax = density.yTicks.at(-1) ?? 1;
  const y = (percent: number) => baseline - (percent / yMax) * plotHeight;
  const bucketWidth = (high - low) / density.buckets.length;
  const curve = [
    `M${n(x(low))} ${n(baseline)}`,
    ...density.buckets.map(
      (bucket) => `L${n(x(bucket.start + bucketWidth / 2))} ${n(y(bucket.percent))}`,
    ),
    `L${n(x(high))} ${n(baseline)}Z`,
  ].join('');

  const axis = { stroke: pdfPalette.axis, strokeWidth: 0.6 };
  let ticks = `M${n(left)} ${n(top)}V${n(baseline)}H${n(right)}`;
  density.xTicks.forEach((tick) => {
    ticks += `M${n(x(tick.score))} ${n(baseline)}v3`;
  });
  density.yTicks.forEach((value) => {
    ticks += `M${n(left - 3)} ${n(y(value))}h3`;
  });
  let markerLines = '';
  markers.forEach((marker, index) => {
    const labelY = top - 2 - (markerLabels[index]?.lane ?? 0) * LANE_HEIGHT;
    markerLines += `M${n(x(marker.score))} ${n(baseline)}V${n(labelY + 1)}`;
  });
  const markerLabelY = (index: number) => top - 3 - (markerLabels[index]?.lane ?? 0) * LANE_HEIGHT;
  // A halo in the background colour behind each label, where another marker's line passes.
  const halos = markers
    .map((marker, index) =>
      haloPath(marker.label, markerLabels[index]?.x ?? x(marker.score), markerLabelY(index)),
    )
    .join('');

  const children: ReactElement[] = [
    h(Path, {
      key: 'area',
      d: curve,
      fill: pdfPalette.populationFill,
      fillOpacity: 0.35,
      stroke: pdfPalette.populationLine,
      strokeWidth: 1,
    }),
    h(Path, { key: 'axes', d: ticks, fill: 'none', ...axis }),
    h(Path, {
      key: 'markers',
      d: markerLines,
      fill: 'none',
      stroke: pdfPalette.marker,
      strokeWidth: 1,
    }),
    h(Path, { key: 'halos', d: halos, fill: pdfPalette.background, stroke: 'none' }),
    ...density.xTicks.map((tick, index) =>
      svgText(
        `xl-${tick.label}`,
        tick.label,
        tickLabels[index]?.x ?? x(tick.score),
        baseline + 3 + ((tickLabels[index]?.lane ?? 0) + 1) * LANE_HEIGHT,
        'middle',
      ),
    ),
    svgText('x-title', 'Percentile in the population', (left + right) / 2, axisTitleY, 'middle'),
    ...density.yTicks.map((value) =>
      svgText(`yl-${String(value)}`, `${String(value)}%`, left - 4, y(value) + 2.2, 'end'),
    ),
    ...markers.map((marker, index) =>
      svgText(
        `ml-${String(index)}`,
        marker.label,
        markerLabels[index]?.x ?? x(marker.score),
        markerLabelY(index),
        'middle',
        true,
      ),
    ),
  ];
  return fixedSvg(width, height, children);
}

/**
 * The range of lifetime risk a couple's children could have, as the web page's range chart
 * (apps/web/src/features/charts/range-chart.tsx) draws it: a bar from the lowest to the highest
 * risk on a scale from 0, a tick at the expected risk, and each embryo as a triangle under the
 * bar with its label.
 */
export function rangeChart(options: {
  lower: number;
  expected: number;
  upper: number;
  embryos: readonly { label: string; absoluteRisk: number }[];
  width: number;
}): ReactElement {
  const { width, embryos } = options;
  const left = 10;
  const right = width - 10;
  const highest = Math.max(options.upper, ...embryos.map((embryo) => embryo.absoluteRisk)) * 100;
  // From 0, so that lengths compare honestly, up to a round tick at or above the highest risk.
  const ticks = roundTicks(highest > 0 ? highest : 1, 5);
  const axisMax = ticks.at(-1) ?? 1;
  const x = (fraction: number) => left + ((fraction * 100) / axisMax) * (right - left);

  const rangeTexts = [
    { x: x(options.lower), text: formatRiskPercent(options.lower * 100) },
    { x: x(options.expected), text: `Expected ${formatRiskPercent(options.expected * 100)}` },
    { x: x(options.upper), text: formatRiskPercent(options.upper * 100) },
  ];
  const rangeLabels = placeLabels(rangeTexts, left, right);
  const barTop = 3 + laneCount(rangeLabels) * LANE_HEIGHT;
  const barBottom = barTop + 7;
  const embryoLabels = placeLabels(
    embryos.map((embryo) => ({ x: x(embryo.absoluteRisk), text: embryo.label })),
    left,
    right,
  );
  const triangle = 5;
  const embryoLabelsTop = barBottom + 1.5 + triangle;
  const axisY = embryoLabelsTop + laneCount(embryoLabels) * LANE_HEIGHT + 4;
  const axisTitleY = axisY + 3 + 2 * LANE_HEIGHT;
  const height = axisTitleY + 2;

  let triangles = '';
  embryos.forEach((embryo) => {
    const ex = x(embryo.absoluteRisk);
    const tip = barBottom + 1.5;
    triangles += `M${n(ex)} ${n(tip)}L${n(ex + triangle / 2)} ${n(tip + triangle)}H${n(ex - triangle / 2)}Z`;
  });
  let axis = `M${n(left)} ${n(axisY)}H${n(right)}`;
  ticks.forEach((value) => {
    axis += `M${n(x(value / 100))} ${n(axisY)}v3`;
  });

  const children: ReactElement[] = [
    h(Path, {
      key: 'bar',
      d: `M${n(x(options.lower))} ${n(barTop)}H${n(x(options.upper))}V${n(barBottom)}H${n(x(options.lower))}Z`,
      fill: pdfPalette.populationFill,
      fillOpacity: 0.6,
      stroke: pdfPalette.populationLine,
      strokeWidth: 0.8,
    }),
    h(Line, {
      key: 'expected',
      x1: x(options.expected),
      x2: x(options.expected),
      y1: barTop - 2,
      y2: barBottom + 2,
      stroke: pdfPalette.marker,
      strokeWidth: 1.4,
    }),
    h(Path, {
      key: 'axis',
      d: axis,
      fill: 'none',
      stroke: pdfPalette.axis,
      strokeWidth: 0.6,
    }),
    ...(triangles === ''
      ? []
      : [h(Path, { key: 'embryos', d: triangles, fill: pdfPalette.embryo, stroke: 'none' })]),
    ...rangeTexts.map((label, index) =>
      svgText(
        `range-${String(index)}`,
        label.text,
        rangeLabels[index]?.x ?? label.x,
        barTop - 2.5 - (rangeLabels[index]?.lane ?? 0) * LANE_HEIGHT,
        'middle',
      ),
    ),
    ...embryos.map((embryo, index) =>
      svgText(
        `embryo-${String(index)}`,
        embryo.label,
        embryoLabels[index]?.x ?? x(embryo.absoluteRisk),
        embryoLabelsTop + ((embryoLabels[index]?.lane ?? 0) + 1) * LANE_HEIGHT - 1.5,
        'middle',
        true,
      ),
    ),
    ...ticks.map((value) =>
      svgText(
        `tick-${String(value)}`,
        `${String(value)}%`,
        x(value / 100),
        axisY + 3 + LANE_HEIGHT,
        'middle',
      ),
    ),
    svgText('title', 'Lifetime risk', (left + right) / 2, axisTitleY, 'middle'),
  ];
  return fixedSvg(width, height, children);
}

/** The box behind a label centred on x with its baseline at y. */
function haloPath(text: string, x: number, y: number): string {
  const width = labelWidth(text) + 2;
  return `M${n(x - width / 2)} ${n(y - CHART_FONT_SIZE * 0.8)}h${n(width)}v${n(CHART_FONT_SIZE)}h${n(-width)}Z`;
}

function fixedSvg(width: number, height: number, children: ReactElement[]): ReactElement {
  return h(
    Svg,
    {
      width,
      height,
      viewBox: `0 0 ${n(width)} ${n(height)}`,
      // Not flexShrink: 0, which react-pdf 4.9.0 does not hold to for an Svg.
      style: { minWidth: width, minHeight: height },
    },
    ...children,
  );
}

function svgText(
  key: string,
  text: string,
  x: number,
  y: number,
  anchor: 'start' | 'middle' | 'end',
  bold = false,
): ReactElement {
  return h(
    Text,
    {
      key,
      x,
      y,
      textAnchor: anchor,
      fill: pdfPalette.text,
      style: { fontSize: CHART_FONT_SIZE, fontFamily: bold ? 'Helvetica-Bold' : 'Helvetica' },
    },
    text,
  );
}
