/*
 * The report charts as vector drawings in the PDF: the dot grid and the density chart, from the
 * same numbers as the web page (packages/shared/src/charts.ts: dotCount, buildDensity), so a
 * printed report never disagrees with the screen. The colours are the page's Okabe–Ito palette
 * (apps/web/src/theme.ts, chartPalette), which stays readable for colour-blind readers and in
 * greyscale print; filled dots against rings tell the person from the average without colour.
 *
 * Elements are built with createElement rather than JSX: the server runs under tsx from the
 * repository root, whose tsconfig has no JSX setting, and this keeps it that way.
 */
import { buildDensity, dotCount } from '@nestling/shared/charts';
import type { CatalogueEntry } from '@nestling/shared/catalogue/catalogue-entry';
import { Circle, G, Line, Path, Svg, Text } from '@react-pdf/renderer';
import { createElement as h, type ReactElement } from 'react';

export const pdfPalette = {
  text: '#1a1b1e',
  axis: '#495057',
  populationFill: '#56b4e9',
  populationLine: '#0072b2',
  riskDot: '#0072b2',
  marker: '#000000',
  averageRing: '#d55e00',
  emptyDot: '#868e96',
  background: '#ffffff',
} as const;

const COLUMNS = 10;

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
  const dots = Array.from({ length: COLUMNS * COLUMNS }, (_, index) => {
    const cx = (index % COLUMNS) * cell + cell / 2;
    const cy = Math.floor(index / COLUMNS) * cell + cell / 2;
    const isFilled = index < filled;
    return h(
      G,
      { key: index },
      h(Circle, {
        cx,
        cy,
        r: cell * 0.3,
        fill: isFilled ? pdfPalette.riskDot : pdfPalette.background,
        stroke: isFilled ? pdfPalette.riskDot : pdfPalette.emptyDot,
        strokeWidth: 0.6,
      }),
      index < ringed
        ? h(Circle, {
            cx,
            cy,
            r: cell * 0.43,
            fill: 'none',
            stroke: pdfPalette.averageRing,
            strokeWidth: 1,
          })
        : null,
    );
  });
  return h(Svg, { width: size, height: size, viewBox: `0 0 ${size} ${size}` }, ...dots);
}

const AXIS_FONT = 6.5;

/**
 * The population's smoothed distribution of scores (the buckets and ticks of buildDensity), the
 * x axis marked at the population's percentiles, the y axis in percent of people per bucket, and
 * one labelled line per marker ('You', or each embryo's label).
 */
export function densityChart(options: {
  entry: CatalogueEntry;
  populationScores: readonly number[];
  markers: readonly { label: string; score: number }[];
  width: number;
  height: number;
}): ReactElement {
  const { width, height } = options;
  const density = buildDensity(options.populationScores, options.entry.chart);
  // Labels of neighbouring markers (embryos) are staggered over up to three rows above the plot.
  const labelRows = Math.min(3, Math.max(1, options.markers.length));
  const margin = { top: 4 + 7 * labelRows, right: 6, bottom: 22, left: 22 };
  const plotWidth = width - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom;
  const [low, high] = density.domain;
  const yMax = density.yTicks.at(-1) ?? 1;
  const x = (score: number) =>
    margin.left + ((Math.min(high, Math.max(low, score)) - low) / (high - low)) * plotWidth;
  const y = (percent: number) => margin.top + plotHeight - (percent / yMax) * plotHeight;
  const baseline = y(0);

  // Each bucket's height at its centre, brought down to the baseline at both ends of the domain.
  const points = density.buckets.map((bucket) => [
    x((bucket.start + bucket.end) / 2),
    y(bucket.percent),
  ]);
  const line = points.map(([px, py]) => `${fixed(px)} ${fixed(py)}`).join(' L ');
  const curve = `M ${fixed(x(low))} ${fixed(baseline)} L ${line} L ${fixed(x(high))} ${fixed(baseline)}`;

  const children: ReactElement[] = [
    h(Path, {
      key: 'area',
      d: `${curve} Z`,
      fill: pdfPalette.populationFill,
      fillOpacity: 0.35,
      stroke: pdfPalette.populationLine,
      strokeWidth: 1,
    }),
    h(Line, {
      key: 'x-axis',
      x1: margin.left,
      y1: baseline,
      x2: margin.left + plotWidth,
      y2: baseline,
      stroke: pdfPalette.axis,
      strokeWidth: 0.6,
    }),
    h(Line, {
      key: 'y-axis',
      x1: margin.left,
      y1: margin.top,
      x2: margin.left,
      y2: baseline,
      stroke: pdfPalette.axis,
      strokeWidth: 0.6,
    }),
  ];
  density.xTicks.forEach((tick) => {
    const tx = x(tick.score);
    children.push(
      h(Line, {
        key: `xt-${tick.label}`,
        x1: tx,
        y1: baseline,
        x2: tx,
        y2: baseline + 3,
        stroke: pdfPalette.axis,
        strokeWidth: 0.6,
      }),
      svgText(`xl-${tick.label}`, tick.label, tx, baseline + 10, 'middle'),
    );
  });
  children.push(
    svgText('x-title', 'Percentile in the population', x((low + high) / 2), height - 2, 'middle'),
  );
  density.yTicks.forEach((value) => {
    const ty = y(value);
    children.push(
      h(Line, {
        key: `yt-${String(value)}`,
        x1: margin.left - 3,
        y1: ty,
        x2: margin.left,
        y2: ty,
        stroke: pdfPalette.axis,
        strokeWidth: 0.6,
      }),
      svgText(`yl-${String(value)}`, `${String(value)}%`, margin.left - 4, ty + 2, 'end'),
    );
  });
  options.markers.forEach((marker, index) => {
    const mx = x(marker.score);
    children.push(
      h(Line, {
        key: `m-${marker.label}`,
        x1: mx,
        y1: margin.top - 2,
        x2: mx,
        y2: baseline,
        stroke: pdfPalette.marker,
        strokeWidth: 1.2,
      }),
      svgText(
        `ml-${marker.label}`,
        marker.label,
        mx,
        margin.top - 4 - (index % labelRows) * 7,
        'middle',
      ),
    );
  });
  return h(Svg, { width, height, viewBox: `0 0 ${String(width)} ${String(height)}` }, ...children);
}

function fixed(value: number | undefined): string {
  return (value ?? 0).toFixed(2);
}

function svgText(
  key: string,
  text: string,
  x: number,
  y: number,
  anchor: 'start' | 'middle' | 'end',
): ReactElement {
  return h(
    Text,
    {
      key,
      x,
      y,
      textAnchor: anchor,
      fill: pdfPalette.text,
      style: { fontSize: AXIS_FONT, fontFamily: 'Helvetica' },
    },
    text,
  );
}
