/*
 * The report charts as vector drawings in the PDF: the dot grid, the density chart and the range
 * chart, from the same numbers as the web page (packages/shared/src/charts.ts: dotCount,
 * buildDensity, roundTicks), so a printed report never disagrees with the screen. The colors
 * are the page's Okabe–Ito palette (apps/web/src/theme.ts, chartPalette), which stays readable
 * for color-blind readers and in grayscale print; filled dots against rings tell the person
 * from the average without color.
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
 */
import {
  assignLabelLanes,
  type Box,
  clampLabelCenter,
  placeMarkerLabels,
  type Point,
  rowCount,
} from '@nestling/shared/chart-labels';
import {
  buildDensity,
  DENSITY_AXIS_TITLES,
  dotCount,
  formatRiskPercent,
  RANGE_AXIS_TITLES,
  riskAxisTicks,
} from '@nestling/shared/charts';
import type { CatalogueEntry } from '@nestling/shared/catalogue/catalogue-entry';
import { Canvas } from '@react-pdf/renderer';
import type { ReactElement } from 'react';
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
const AVERAGE_LABEL = 'Average';

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

/**
 * A label's width in points at the chart's font size, in Helvetica-Bold: the wider of the two
 * weights the charts use, so that a label measured with it never overlaps its neighbour.
 */
export function labelWidth(text: string): number {
  return textWidth(text, 'Helvetica-Bold', CHART_FONT_SIZE);
}

/** Space between neighbouring labels, in points. */
const LABEL_GAP = 2.5;
/** The band between a plot and its markers' labels, where leaders run. */
const LEADER_BAND = 5;
/** A label's baseline above the bottom of its row, leaving room for descenders. */
const ROW_DESCENT = 2;

/** The box a label's text fills, centered on x with its baseline at y, as the web page measures. */
export function labelBox(x: number, y: number, text: string): Box {
  const width = labelWidth(text);
  return {
    left: x - width / 2,
    right: x + width / 2,
    top: y - CHART_FONT_SIZE * 0.8,
    bottom: y + CHART_FONT_SIZE * 0.25,
  };
}

/** Value labels centered on their marks, kept inside [left, right], in lanes that never overlap. */
function laneLabels(labels: readonly { x: number; text: string }[], left: number, right: number) {
  const measured = labels.map((label) => {
    const width = labelWidth(label.text);
    return { x: clampLabelCenter(label.x, width, left, right), width };
  });
  const lanes = assignLabelLanes(measured, LABEL_GAP);
  return measured.map((label, index) => ({ x: label.x, lane: lanes[index] ?? 0 }));
}

/** An SVG path through a polyline's points. */
function pathOf(line: readonly Point[]): string {
  return line.map(([px, py], index) => `${index === 0 ? 'M' : 'L'}${n(px)} ${n(py)}`).join('');
}

interface DensityOptions {
  entry: CatalogueEntry;
  populationScores: readonly number[];
  markers: readonly { label: string; score: number }[];
  width: number;
  /** The height of the plot itself; the labels above and the axis below add to it. */
  plotHeight: number;
}

/**
 * Where the density chart's parts go, in points from its top left; exported for its tests,
 * which measure that no label overlaps another label or a line. The rules are the web page's
 * (apps/web/src/features/charts/density-chart.tsx): marker labels in rows above the plot, each
 * joined to its line by a leader (packages/shared/src/chart-labels.ts); the average's dashed
 * line through the plot, labeled under the axis among the percentiles; the y axis a tenth
 * above the curve's top and titled.
 */
export function densityChartLayout(options: DensityOptions) {
  const { width, plotHeight, markers } = options;
  const density = buildDensity(options.populationScores, options.entry.chart);
  const [low, high] = density.domain;
  const left = 32;
  const right = width - 8;
  const x = (score: number) =>
    left + ((Math.min(high, Math.max(low, score)) - low) / (high - low)) * (right - left);

  const placed = placeMarkerLabels(
    markers.map((marker) => ({ x: x(marker.score), width: labelWidth(marker.label) })),
    0,
    width,
    LABEL_GAP,
  );
  const rows = Math.max(1, rowCount(placed.map((label) => label.row)));
  const top = 2 + rows * LANE_HEIGHT + LEADER_BAND;
  const baseline = top + plotHeight;
  const rowBottom = (row: number) => top - LEADER_BAND - row * LANE_HEIGHT;
  const tickTexts = [
    ...density.xTicks.map((tick) => ({ x: x(tick.score), text: tick.label })),
    { x: x(density.average), text: AVERAGE_LABEL },
  ];
  const tickLabels = laneLabels(tickTexts, left, right);
  const axisTitleY =
    baseline + 4 + (rowCount(tickLabels.map((label) => label.lane)) + 1) * LANE_HEIGHT;
  const y = (percent: number) => baseline - (percent / density.yMax) * plotHeight;
  return {
    density,
    x,
    y,
    left,
    right,
    top,
    baseline,
    height: axisTitleY + 2,
    axisTitleY,
    tickLabels: tickTexts.map((label, index) => ({
      text: label.text,
      x: tickLabels[index]?.x ?? label.x,
      y: baseline + 3 + ((tickLabels[index]?.lane ?? 0) + 1) * LANE_HEIGHT,
    })),
    averageLine: [
      [x(density.average), baseline],
      [x(density.average), top],
    ] as readonly Point[],
    markers: markers.map((marker, index) => {
      const lineX = x(marker.score);
      const label = placed[index] ?? { x: lineX, row: 0 };
      const line: readonly Point[] = [
        [lineX, baseline],
        [lineX, top],
        [label.x, rowBottom(0)],
        [label.x, rowBottom(label.row)],
      ];
      return { text: marker.label, x: label.x, y: rowBottom(label.row) - ROW_DESCENT, line };
    }),
  };
}

/**
 * The population's smoothed distribution of scores (the buckets and ticks of buildDensity), the
 * x axis marked at the population's percentiles, the y axis in percent of people per bucket, the
 * population average as a dashed line, and one labeled line per marker ('You', or each
 * embryo's label).
 */
export function densityChart(options: DensityOptions): ReactElement {
  const layout = densityChartLayout(options);
  const { density, x, y, left, right, top, baseline } = layout;
  const [low, high] = density.domain;
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

  const shapes: Shape[] = [
    {
      outline: curve,
      fill: pdfPalette.populationFill,
      fillOpacity: 0.35,
      stroke: pdfPalette.populationLine,
      strokeWidth: 1,
    },
    { outline: ticks, ...axis },
    {
      outline: pathOf(layout.averageLine),
      stroke: pdfPalette.averageRing,
      strokeWidth: 1,
      dash: [3, 1.5],
    },
    {
      outline: layout.markers.map((marker) => pathOf(marker.line)).join(''),
      stroke: pdfPalette.marker,
      strokeWidth: 1,
    },
  ];
  const labels: Label[] = [
    ...layout.tickLabels.map((label) => ({ ...label, anchor: 'middle' as const })),
    {
      text: DENSITY_AXIS_TITLES.x,
      x: (left + right) / 2,
      y: layout.axisTitleY,
      anchor: 'middle',
    },
    {
      text: DENSITY_AXIS_TITLES.y,
      x: 6,
      y: (top + baseline) / 2,
      anchor: 'middle',
      rotated: true,
    },
    ...density.yTicks.map((value) => ({
      text: `${String(value)}%`,
      x: left - 4,
      y: y(value) + 2.2,
      anchor: 'end' as const,
    })),
    ...layout.markers.map((marker) => ({
      text: marker.text,
      x: marker.x,
      y: marker.y,
      anchor: 'middle' as const,
      bold: true,
    })),
  ];
  return drawing(options.width, layout.height, shapes, labels);
}

interface RangeOptions {
  lower: number;
  expected: number;
  upper: number;
  /** The population average's risk, drawn as a dashed line. */
  populationRisk?: number | undefined;
  embryos: readonly { label: string; absoluteRisk: number }[];
  /** The report's shared axis in percent (reportRiskAxisTicks); without it, the chart's own. */
  axisTicks?: readonly number[] | undefined;
  width: number;
}

const TRIANGLE = 5;

/**
 * Where the range chart's parts go, in points; exported for its tests. The rules are the web
 * page's (apps/web/src/features/charts/range-chart.tsx).
 */
export function rangeChartLayout(options: RangeOptions) {
  const { width, embryos, populationRisk } = options;
  const left = 10;
  const right = width - 10;
  const values = [
    options.upper,
    ...embryos.map((embryo) => embryo.absoluteRisk),
    ...(populationRisk === undefined ? [] : [populationRisk]),
  ].map((risk) => risk * 100);
  // The report's scale when it reaches every value here, else one of the chart's own.
  const shared =
    options.axisTicks !== undefined && (options.axisTicks.at(-1) ?? 0) >= Math.max(...values);
  const ticks =
    shared && options.axisTicks !== undefined ? options.axisTicks : riskAxisTicks(values);
  const axisMax = ticks.at(-1) ?? 1;
  const x = (fraction: number) => left + ((fraction * 100) / axisMax) * (right - left);

  const rangeTexts = [
    { x: x(options.lower), text: formatRiskPercent(options.lower * 100) },
    { x: x(options.expected), text: `Expected ${formatRiskPercent(options.expected * 100)}` },
    { x: x(options.upper), text: formatRiskPercent(options.upper * 100) },
    ...(populationRisk === undefined
      ? []
      : [{ x: x(populationRisk), text: `Average ${formatRiskPercent(populationRisk * 100)}` }]),
  ];
  const rangeLabels = laneLabels(rangeTexts, left, right);
  const overhang = 2;
  const barTop = 3 + rowCount(rangeLabels.map((label) => label.lane)) * LANE_HEIGHT + overhang;
  const barBottom = barTop + 7;
  const triangleBase = barBottom + 1.5 + TRIANGLE;
  const placed = placeMarkerLabels(
    embryos.map((embryo) => ({ x: x(embryo.absoluteRisk), width: labelWidth(embryo.label) })),
    0,
    width,
    LABEL_GAP,
  );
  const rowTop = (row: number) => triangleBase + LEADER_BAND + row * LANE_HEIGHT;
  const embryoRows = rowCount(placed.map((label) => label.row));
  const axisY = rowTop(embryoRows) + 4 - (embryoRows === 0 ? LEADER_BAND : 0);
  // One line: at print size it fits, where the page breaks it in two.
  const titleLines = [
    shared
      ? `${RANGE_AXIS_TITLES.x}, ${RANGE_AXIS_TITLES.shared.toLowerCase()}`
      : RANGE_AXIS_TITLES.x,
  ];
  const axisTitleY = axisY + 3 + 2 * LANE_HEIGHT;
  return {
    x,
    left,
    right,
    ticks,
    barTop,
    barBottom,
    lineTop: barTop - overhang,
    lineBottom: barBottom + overhang,
    triangleBase,
    axisY,
    axisTitleY,
    titleLines,
    height: axisTitleY + (titleLines.length - 1) * LANE_HEIGHT + 2,
    rangeLabels: rangeTexts.map((label, index) => ({
      text: label.text,
      x: rangeLabels[index]?.x ?? label.x,
      y: barTop - overhang - ROW_DESCENT - (rangeLabels[index]?.lane ?? 0) * LANE_HEIGHT,
    })),
    embryos: embryos.map((embryo, index) => {
      const ex = x(embryo.absoluteRisk);
      const label = placed[index] ?? { x: ex, row: 0 };
      const leader: readonly Point[] = [
        [ex, triangleBase],
        [label.x, rowTop(0)],
        [label.x, rowTop(label.row)],
      ];
      return { text: embryo.label, markX: ex, x: label.x, y: rowTop(label.row) + 5.5, leader };
    }),
  };
}

/**
 * The range of lifetime risk a couple's children could have, as the web page's range chart
 * draws it: a bar from the lowest to the highest risk on the report's scale from 0, a tick at
 * the expected risk, a dashed line at the population average, and each embryo as a triangle
 * under the bar, joined to its label.
 */
export function rangeChart(options: RangeOptions): ReactElement {
  const layout = rangeChartLayout(options);
  const { x, left, right, barTop, barBottom } = layout;

  let triangles = '';
  layout.embryos.forEach((embryo) => {
    const tip = barBottom + 1.5;
    triangles += `M${n(embryo.markX)} ${n(tip)}L${n(embryo.markX + TRIANGLE / 2)} ${n(tip + TRIANGLE)}H${n(embryo.markX - TRIANGLE / 2)}Z`;
  });
  let axis = `M${n(left)} ${n(layout.axisY)}H${n(right)}`;
  layout.ticks.forEach((value) => {
    axis += `M${n(x(value / 100))} ${n(layout.axisY)}v3`;
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
      outline: `M${n(expectedX)} ${n(layout.lineTop)}V${n(layout.lineBottom)}`,
      stroke: pdfPalette.marker,
      strokeWidth: 1.4,
    },
    ...(options.populationRisk === undefined
      ? []
      : [
          {
            outline: `M${n(x(options.populationRisk))} ${n(layout.lineTop)}V${n(layout.lineBottom)}`,
            stroke: pdfPalette.averageRing,
            strokeWidth: 1,
            dash: [2, 1] as const,
          },
        ]),
    { outline: axis, stroke: pdfPalette.axis, strokeWidth: 0.6 },
    { outline: triangles, fill: pdfPalette.embryo },
    {
      outline: layout.embryos.map((embryo) => pathOf(embryo.leader)).join(''),
      stroke: pdfPalette.axis,
      strokeWidth: 0.4,
    },
  ];
  const labels: Label[] = [
    ...layout.rangeLabels.map((label) => ({ ...label, anchor: 'middle' as const })),
    ...layout.embryos.map((embryo) => ({
      text: embryo.text,
      x: embryo.x,
      y: embryo.y,
      anchor: 'middle' as const,
      bold: true,
    })),
    ...layout.ticks.map((value) => ({
      text: `${String(value)}%`,
      x: x(value / 100),
      y: layout.axisY + 3 + LANE_HEIGHT,
      anchor: 'middle' as const,
    })),
    ...layout.titleLines.map((text, index) => ({
      text,
      x: (left + right) / 2,
      y: layout.axisTitleY + index * LANE_HEIGHT,
      anchor: 'middle' as const,
      bold: index > 0,
    })),
  ];
  return drawing(options.width, layout.height, shapes, labels);
}

/** A circle: its center and radius. */
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
  /** Dash and gap lengths, for a dashed line. */
  readonly dash?: readonly [number, number];
}

/** One line of chart text, its baseline at y, anchored at x as an SVG text is. */
interface Label {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly anchor: 'middle' | 'end';
  readonly bold?: boolean;
  /** Turned a quarter anticlockwise about (x, y), to run up the y axis. */
  readonly rotated?: boolean;
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
  dash(length: number, options: { space: number }): Painter;
  rotate(angle: number, options: { origin: [number, number] }): Painter;
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
    if (shape.dash !== undefined) painter.dash(shape.dash[0], { space: shape.dash[1] });
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
    return { ...label, font, left: labelLeft(label, font) };
  });
  return (
    <Canvas
      style={{ width, height, minWidth: width, minHeight: height }}
      paint={(painter: Painter) => {
        shapes.forEach((shape) => {
          paintShape(painter, shape);
        });
        painter.fillColor(pdfPalette.text);
        placed.forEach(({ text, font, left, x, y, rotated }) => {
          if (rotated === true) painter.save().rotate(-90, { origin: [x, y] });
          painter
            .font(font, CHART_FONT_SIZE)
            .text(text, left, y, { baseline: 'alphabetic', lineBreak: false });
          if (rotated === true) painter.restore();
        });
        return null;
      }}
    />
  );
}
