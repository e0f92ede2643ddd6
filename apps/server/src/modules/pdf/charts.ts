/*
 * The report charts as vector drawings in the PDF: the dot grid, the density chart and the range
 * chart, from the same numbers as the web page (packages/shared/src/charts.ts: dotCount,
 * buildDensity, roundTicks), so a printed report never disagrees with the screen. The colours
 * are the page's Okabe–Ito palette (apps/web/src/theme.ts, chartPalette), which stays readable
 * for colour-blind readers and in greyscale print; filled dots against rings tell the person
 * from the average without colour.
 *
 * Each chart is one react-pdf Canvas whose paint function draws its shapes and labels with
 * pdfkit. react-pdf styles, measures and lays out every element of a page again on each pass
 * of pagination, and charts built of Svg paths and texts (some 20 elements each, every label
 * run through the text layout) took about a third of a render's time; a Canvas is one box of a
 * fixed size, and its labels are plain PDF text all the same, which a reader can select and
 * search.
 *
 * Each drawing has a minimum size as large as itself, so it never shrinks: react-pdf shrinks
 * flex items to fit a box of fixed height (it gives one to the part of a view split at a page's
 * end), and a drawing squeezed to nothing would be lost.
 *
 * Elements are built with createElement rather than JSX: the server runs under tsx from the
 * repository root, whose tsconfig has no JSX setting, and this keeps it that way.
 */
import { buildDensity, dotCount, formatRiskPercent, roundTicks } from '@nestling/shared/charts';
import type { CatalogueEntry } from '@nestling/shared/catalogue/catalogue-entry';
import { Canvas } from '@react-pdf/renderer';
import { createElement as h, type ReactElement } from 'react';
import { type FontName, textWidth } from './fonts.ts';

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
  const filledDots: Circle[] = [];
  const emptyDots: Circle[] = [];
  const rings: Circle[] = [];
  for (let index = 0; index < COLUMNS * COLUMNS; index += 1) {
    const cx = (index % COLUMNS) * cell + cell / 2;
    const cy = Math.floor(index / COLUMNS) * cell + cell / 2;
    (index < filled ? filledDots : emptyDots).push([cx, cy, cell * 0.3]);
    if (index < ringed) rings.push([cx, cy, cell * 0.43]);
  }
  const shapes: Shape[] = [
    {
      outline: emptyDots,
      fill: pdfPalette.background,
      stroke: pdfPalette.emptyDot,
      strokeWidth: 0.6,
    },
    {
      outline: filledDots,
      fill: pdfPalette.riskDot,
      stroke: pdfPalette.riskDot,
      strokeWidth: 0.6,
    },
    { outline: rings, stroke: pdfPalette.averageRing, strokeWidth: 1 },
  ];
  return drawing(size, size, shapes, []);
}

/** A label to place on a horizontal axis: where its centre would be, and its text. */
interface AxisLabel {
  readonly x: number;
  readonly text: string;
}

/**
 * A label's width in points at the chart's font size, in Helvetica-Bold: the wider of the two
 * weights the charts use, so that a label measured with it never overlaps its neighbour.
 */
export function labelWidth(text: string): number {
  return textWidth(text, 'Helvetica-Bold', CHART_FONT_SIZE);
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

  const shapes: Shape[] = [
    {
      outline: curve,
      fill: pdfPalette.populationFill,
      fillOpacity: 0.35,
      stroke: pdfPalette.populationLine,
      strokeWidth: 1,
    },
    { outline: ticks, ...axis },
    { outline: markerLines, stroke: pdfPalette.marker, strokeWidth: 1 },
    { outline: halos, fill: pdfPalette.background },
  ];
  const labels: Label[] = [
    ...density.xTicks.map((tick, index) => ({
      text: tick.label,
      x: tickLabels[index]?.x ?? x(tick.score),
      y: baseline + 3 + ((tickLabels[index]?.lane ?? 0) + 1) * LANE_HEIGHT,
      anchor: 'middle' as const,
    })),
    {
      text: 'Percentile in the population',
      x: (left + right) / 2,
      y: axisTitleY,
      anchor: 'middle',
    },
    ...density.yTicks.map((value) => ({
      text: `${String(value)}%`,
      x: left - 4,
      y: y(value) + 2.2,
      anchor: 'end' as const,
    })),
    ...markers.map((marker, index) => ({
      text: marker.label,
      x: markerLabels[index]?.x ?? x(marker.score),
      y: markerLabelY(index),
      anchor: 'middle' as const,
      bold: true,
    })),
  ];
  return drawing(width, height, shapes, labels);
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

  const expectedX = x(options.expected);
  const shapes: Shape[] = [
    {
      outline: `M${n(x(options.lower))} ${n(barTop)}H${n(x(options.upper))}V${n(barBottom)}H${n(x(options.lower))}Z`,
      fill: pdfPalette.populationFill,
      fillOpacity: 0.6,
      stroke: pdfPalette.populationLine,
      strokeWidth: 0.8,
    },
    {
      outline: `M${n(expectedX)} ${n(barTop - 2)}V${n(barBottom + 2)}`,
      stroke: pdfPalette.marker,
      strokeWidth: 1.4,
    },
    { outline: axis, stroke: pdfPalette.axis, strokeWidth: 0.6 },
    { outline: triangles, fill: pdfPalette.embryo },
  ];
  const labels: Label[] = [
    ...rangeTexts.map((label, index) => ({
      text: label.text,
      x: rangeLabels[index]?.x ?? label.x,
      y: barTop - 2.5 - (rangeLabels[index]?.lane ?? 0) * LANE_HEIGHT,
      anchor: 'middle' as const,
    })),
    ...embryos.map((embryo, index) => ({
      text: embryo.label,
      x: embryoLabels[index]?.x ?? x(embryo.absoluteRisk),
      y: embryoLabelsTop + ((embryoLabels[index]?.lane ?? 0) + 1) * LANE_HEIGHT - 1.5,
      anchor: 'middle' as const,
      bold: true,
    })),
    ...ticks.map((value) => ({
      text: `${String(value)}%`,
      x: x(value / 100),
      y: axisY + 3 + LANE_HEIGHT,
      anchor: 'middle' as const,
    })),
    { text: 'Lifetime risk', x: (left + right) / 2, y: axisTitleY, anchor: 'middle' },
  ];
  return drawing(width, height, shapes, labels);
}

/** The box behind a label centred on x with its baseline at y. */
function haloPath(text: string, x: number, y: number): string {
  const width = labelWidth(text) + 2;
  return `M${n(x - width / 2)} ${n(y - CHART_FONT_SIZE * 0.8)}h${n(width)}v${n(CHART_FONT_SIZE)}h${n(-width)}Z`;
}

/** A circle: its centre and radius. */
type Circle = readonly [x: number, y: number, r: number];

/**
 * What a drawing fills and/or strokes, in its own points from its top left: an SVG path, or
 * circles (drawn as curves straight away, where an arc in a path is converted on each render).
 */
interface Shape {
  readonly outline: string | readonly Circle[];
  readonly fill?: string;
  readonly fillOpacity?: number;
  readonly stroke?: string;
  readonly strokeWidth?: number;
}

/** One line of chart text, its baseline at y, anchored at x as an SVG text is. */
interface Label {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly anchor: 'middle' | 'end';
  readonly bold?: boolean;
}

/** The painter react-pdf hands a Canvas: pdfkit's drawing methods, chained. Those used here. */
export interface Painter {
  save(): Painter;
  restore(): Painter;
  path(d: string): Painter;
  circle(x: number, y: number, r: number): Painter;
  fillColor(color: string): Painter;
  fillOpacity(opacity: number): Painter;
  strokeColor(color: string): Painter;
  lineWidth(width: number): Painter;
  fill(): Painter;
  stroke(): Painter;
  fillAndStroke(): Painter;
  font(name: FontName, size: number): Painter;
  text(text: string, x: number, y: number, options: PdfTextOptions): Painter;
}

interface PdfTextOptions {
  readonly baseline: 'alphabetic';
  readonly lineBreak: false;
}

function paintShape(painter: Painter, shape: Shape): void {
  const { outline } = shape;
  if (outline.length === 0) return;
  painter.save();
  if (typeof outline === 'string') painter.path(outline);
  else outline.forEach(([x, y, r]) => painter.circle(x, y, r));
  if (shape.fill !== undefined) painter.fillColor(shape.fill);
  if (shape.fillOpacity !== undefined) painter.fillOpacity(shape.fillOpacity);
  if (shape.stroke !== undefined) {
    painter.strokeColor(shape.stroke).lineWidth(shape.strokeWidth ?? 1);
  }
  if (shape.fill === undefined) painter.stroke();
  else if (shape.stroke === undefined) painter.fill();
  else painter.fillAndStroke();
  painter.restore();
}

/** Where a label starts: its anchor, less all of its width or half of it. */
function labelLeft(label: Label, font: FontName): number {
  const width = textWidth(label.text, font, CHART_FONT_SIZE);
  return label.anchor === 'middle' ? label.x - width / 2 : label.x - width;
}

/** A chart as one Canvas of its size: its shapes in order, then its labels over them. */
function drawing(
  width: number,
  height: number,
  shapes: readonly Shape[],
  labels: readonly Label[],
): ReactElement {
  const placed = labels.map((label) => {
    const font: FontName = label.bold === true ? 'Helvetica-Bold' : 'Helvetica';
    return { text: label.text, font, left: labelLeft(label, font), y: label.y };
  });
  return h(Canvas, {
    style: { width, height, minWidth: width, minHeight: height },
    paint: (painter: Painter) => {
      shapes.forEach((shape) => {
        paintShape(painter, shape);
      });
      painter.fillColor(pdfPalette.text);
      placed.forEach(({ text, font, left, y }) => {
        painter
          .font(font, CHART_FONT_SIZE)
          .text(text, left, y, { baseline: 'alphabetic', lineBreak: false });
      });
      return null;
    },
  });
}
