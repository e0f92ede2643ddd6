/**
 * Sizes shared by the report charts. Every chart is an SVG with this viewBox width, drawn at
 * 100 % of its container's width (up to the figure's max-width in charts.module.css), so its text
 * scales with it. CHART_FONT_SIZE is chosen so that on the narrowest screen we design for (a
 * 390 px phone, minus the page's and a card's padding) no label is smaller than 11 px.
 */
import type { Box, Point } from '@nestling/shared/chart-labels';

export const CHART_WIDTH = 360;
export const CHART_FONT_SIZE = 13;
/** 390 px, less 16 px of page padding and 16 px of card padding on each side. */
export const PHONE_CHART_WIDTH = 390 - 4 * 16;
export const MIN_READABLE_FONT_PX = 11;
/** Vertical room for one row of labels. */
export const LABEL_LINE_HEIGHT = CHART_FONT_SIZE + 4;

/**
 * A generous width for a label in the chart's font: system sans-serif fonts average about 0.55
 * of the font size per character, so 0.62 leaves room and labels never touch.
 */
export function estimateLabelWidth(text: string, fontSize = CHART_FONT_SIZE): number {
  return text.length * fontSize * 0.62;
}

/** Space between neighbouring labels. */
export const LABEL_GAP = 4;

/**
 * The box a label's text fills, centered on x with its baseline at y: ascenders reach about 0.8
 * of the font size above the baseline, descenders a quarter below it.
 */
export function labelBox(x: number, y: number, width: number, fontSize = CHART_FONT_SIZE): Box {
  return {
    left: x - width / 2,
    right: x + width / 2,
    top: y - fontSize * 0.8,
    bottom: y + fontSize * 0.25,
  };
}

/** An SVG path through a polyline's points: a marker's line and its leader. */
export function polylinePath(points: readonly Point[]): string {
  return points.map(([x, y], index) => `${index === 0 ? 'M' : 'L'}${x},${y}`).join('');
}
