/**
 * Sizes shared by the report charts. Every chart is an SVG with this viewBox width, drawn at
 * 100 % of its container's width (up to the figure's max-width in charts.module.css), so its text
 * scales with it. CHART_FONT_SIZE is chosen so that on the narrowest screen we design for (a
 * 390 px phone, minus the page's and a card's padding) no label is smaller than 11 px.
 */
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

/** Where a label centred on x may sit so that it stays inside [left, right]. */
export function clampLabelCentre(x: number, width: number, left: number, right: number): number {
  return Math.min(Math.max(x, left + width / 2), right - width / 2);
}

export interface LabelToPlace {
  /** Where the label's centre would be. */
  readonly x: number;
  readonly width: number;
}

/**
 * Rows (lanes) for labels on a horizontal axis so that none overlap: labels are taken from left
 * to right and each goes into the first lane whose last label ends at least `gap` before it
 * starts. Returns the lane of each label, in the order given; lane 0 is nearest the axis.
 */
export function assignLabelLanes(labels: readonly LabelToPlace[], gap = 4): number[] {
  const order = labels
    .map((label, index) => ({ label, index }))
    .sort((a, b) => a.label.x - b.label.x);
  const laneEnds: number[] = [];
  const lanes = new Array<number>(labels.length).fill(0);
  for (const { label, index } of order) {
    const start = label.x - label.width / 2;
    let lane = laneEnds.findIndex((end) => end + gap <= start);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = label.x + label.width / 2;
    lanes[index] = lane;
  }
  return lanes;
}

/** How many lanes `assignLabelLanes` used (0 for no labels). */
export function laneCount(lanes: readonly number[]): number {
  return lanes.length === 0 ? 0 : Math.max(...lanes) + 1;
}
