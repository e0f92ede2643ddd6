/**
 * Where the report charts put their labels, for the web page and the PDF alike: each measures
 * its labels in its own font and hands the widths here, so both follow the same rules.
 *
 * Two kinds of label:
 * - Labels of values on an axis (ticks, a range's ends): lanes, each label centered on its value
 *   and lifted into the first row where it overlaps nothing (`assignLabelLanes`).
 * - Labels of markers drawn as lines or triangles (the person, each embryo, the population
 *   average): `placeMarkerLabels` keeps them in score order and moves them sideways as little
 *   as it can so that none overlap, and the chart joins each label to its marker by a leader
 *   drawn in a band between the plot and the labels, where no label is. Leaders of labels in
 *   score order never cross. When one row is too narrow, labels alternate between two rows,
 *   spaced so that a second-row leader passes between first-row labels: no line ever crosses a
 *   label. Only beyond what two rows hold (about 20 short embryo labels) are more rows used,
 *   and then a leader may pass behind a label.
 */

export interface LabelToPlace {
  /** Where the label's center would be. */
  readonly x: number;
  readonly width: number;
}

export interface PlacedLabel {
  /** Where the label's center is. */
  readonly x: number;
  /** 0 is the row nearest the plot. */
  readonly row: number;
}

/** A drawn label's or line's extent, in the chart's units, y growing downwards. */
export interface Box {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

/** Whether two boxes share any area (touching edges do not count). */
export function boxesOverlap(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** A point [x, y] in a chart's units. */
export type Point = readonly [number, number];

/**
 * Whether a line through `points` passes through a box's inside (running along an edge does
 * not count): the charts' tests measure with it that no line crosses a label.
 */
export function lineCrossesBox(points: readonly Point[], box: Box): boolean {
  return points.slice(1).some((end, index) => {
    const start = points[index] ?? end;
    const dx = end[0] - start[0];
    const dy = end[1] - start[1];
    // Liang–Barsky: the part of the segment inside each of the box's four half-planes.
    const sides: [number, number][] = [
      [-dx, start[0] - box.left],
      [dx, box.right - start[0]],
      [-dy, start[1] - box.top],
      [dy, box.bottom - start[1]],
    ];
    let enter = 0;
    let leave = 1;
    for (const [p, q] of sides) {
      if (p === 0) {
        if (q <= 0) return false;
      } else if (p < 0) {
        enter = Math.max(enter, q / p);
      } else {
        leave = Math.min(leave, q / p);
      }
    }
    return leave - enter > 1e-9;
  });
}

/** Where a label centered on x may sit so that it stays inside [left, right]. */
export function clampLabelCenter(x: number, width: number, left: number, right: number): number {
  return Math.min(Math.max(x, left + width / 2), right - width / 2);
}

/**
 * Rows (lanes) for value labels so that none overlap: labels are taken from left to right and
 * each goes into the first lane whose last label ends at least `gap` before it starts. Returns
 * the lane of each label, in the order given; lane 0 is nearest the axis.
 */
export function assignLabelLanes(labels: readonly LabelToPlace[], gap: number): number[] {
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

/** How many rows labels use (0 for no labels). */
export function rowCount(rows: readonly number[]): number {
  return rows.length === 0 ? 0 : Math.max(...rows) + 1;
}

/**
 * Centers in [left, right] for labels in a fixed order, each at least `spacing[i]` after the one
 * before, as near their wished centers as possible: overlapping neighbours are merged into a
 * block centered on the mean of its members' wishes, until no blocks overlap.
 */
function spreadInOrder(
  wished: readonly number[],
  spacing: readonly number[],
  half: (index: number) => number,
  left: number,
  right: number,
): number[] {
  interface Block {
    first: number;
    last: number;
    /** Offsets of the members from the block's first center. */
    offsets: number[];
    start: number;
  }
  const place = (block: Block) => {
    const mean =
      block.offsets.reduce((sum, offset, i) => sum + (wished[block.first + i] ?? 0) - offset, 0) /
      block.offsets.length;
    const span = block.offsets.at(-1) ?? 0;
    const lowest = left + half(block.first);
    const highest = right - half(block.last) - span;
    // A block wider than the room starts at the left edge.
    block.start = Math.max(lowest, Math.min(mean, highest));
  };
  const blocks: Block[] = [];
  wished.forEach((_, index) => {
    const block: Block = { first: index, last: index, offsets: [0], start: 0 };
    place(block);
    blocks.push(block);
    for (;;) {
      const current = blocks.at(-1);
      const previous = blocks.at(-2);
      if (current === undefined || previous === undefined) break;
      const gap = spacing[current.first - 1] ?? 0;
      const previousEnd = previous.start + (previous.offsets.at(-1) ?? 0);
      if (previousEnd + gap <= current.start + 1e-9) break;
      const shift = (previous.offsets.at(-1) ?? 0) + gap;
      previous.offsets.push(...current.offsets.map((offset) => offset + shift));
      previous.last = current.last;
      blocks.pop();
      place(previous);
    }
  });
  return blocks.flatMap((block) => block.offsets.map((offset) => block.start + offset));
}

/**
 * Places marker labels as the module's comment says: in score order, in one row if they fit
 * with `gap` between them, else in two alternating rows (or, beyond that, more). Returns each
 * label's center and row, in the order given.
 */
export function placeMarkerLabels(
  labels: readonly LabelToPlace[],
  left: number,
  right: number,
  gap: number,
): PlacedLabel[] {
  const order = labels
    .map((label, index) => ({ label, index }))
    .sort((a, b) => a.label.x - b.label.x || a.index - b.index);
  const widths = order.map(({ label }) => label.width);
  const room = right - left;
  const oneRow = widths.slice(1).map((width, i) => ((widths[i] ?? 0) + width) / 2 + gap);
  // Two rows: a label's neighbour is in the other row, and its leader must clear this label.
  const twoRows = widths.slice(1).map((width, i) => Math.max(widths[i] ?? 0, width) / 2 + gap);
  const span = (spacing: readonly number[]) =>
    spacing.reduce((sum, value) => sum + value, 0) + ((widths[0] ?? 0) + (widths.at(-1) ?? 0)) / 2;
  let rows = 1;
  let spacing = oneRow;
  if (span(oneRow) > room) {
    rows = 2;
    spacing = twoRows;
    if (span(twoRows) > room) {
      // More labels than two rows hold: rows enough that labels of one row do not overlap.
      const widest = Math.max(...widths);
      const step = Math.max(1e-6, (room - widest) / Math.max(1, order.length - 1));
      rows = Math.max(2, Math.ceil((widest + gap) / step));
      spacing = twoRows.map(() => step);
    }
  }
  const centers = spreadInOrder(
    order.map(({ label }) => label.x),
    spacing,
    (index) => (widths[index] ?? 0) / 2,
    left,
    right,
  );
  const placed = new Array<PlacedLabel>(labels.length);
  order.forEach(({ index }, position) => {
    placed[index] = { x: centers[position] ?? 0, row: position % rows };
  });
  return placed;
}
