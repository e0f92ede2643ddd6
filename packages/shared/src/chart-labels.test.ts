import { describe, expect, it } from 'vitest';
import {
  assignLabelLanes,
  boxesOverlap,
  clampLabelCenter,
  lineCrossesBox,
  placeMarkerLabels,
  rowCount,
  type LabelToPlace,
} from './chart-labels.ts';

/** Label boxes one row high, rows stacked upwards from 0, as a chart draws them. */
function boxes(labels: readonly LabelToPlace[], placed: ReturnType<typeof placeMarkerLabels>) {
  return placed.map((label, index) => ({
    left: label.x - (labels[index]?.width ?? 0) / 2,
    right: label.x + (labels[index]?.width ?? 0) / 2,
    top: -(label.row + 1) * 10,
    bottom: -label.row * 10,
  }));
}

describe('assignLabelLanes', () => {
  it('puts overlapping labels on separate lanes and others on the first', () => {
    const lanes = assignLabelLanes(
      [
        { x: 100, width: 40 },
        { x: 110, width: 40 },
        { x: 200, width: 40 },
        { x: 105, width: 40 },
      ],
      4,
    );
    // Taken left to right: 100, then 105 and 110 each need a new lane; 200 is clear of all.
    expect(lanes).toEqual([0, 2, 0, 1]);
    expect(rowCount(lanes)).toBe(3);
    expect(rowCount([])).toBe(0);
  });

  it('keeps a label inside the chart', () => {
    expect(clampLabelCenter(2, 40, 0, 360)).toBe(20);
    expect(clampLabelCenter(359, 40, 0, 360)).toBe(340);
    expect(clampLabelCenter(100, 40, 0, 360)).toBe(100);
  });
});

describe('placeMarkerLabels', () => {
  it('leaves labels that fit where their markers are, in one row', () => {
    const labels = [
      { x: 50, width: 20 },
      { x: 150, width: 20 },
    ];
    expect(placeMarkerLabels(labels, 0, 300, 4)).toEqual([
      { x: 50, row: 0 },
      { x: 150, row: 0 },
    ]);
  });

  it('spreads close labels evenly about their markers, keeping their order', () => {
    const labels = [
      { x: 101, width: 20 },
      { x: 100, width: 20 },
      { x: 102, width: 20 },
    ];
    const placed = placeMarkerLabels(labels, 0, 300, 4);
    expect(placed.map((label) => label.row)).toEqual([0, 0, 0]);
    // In score order: 100 (second), 101 (first), 102 (third), 24 apart, centered on 101.
    expect(placed.map((label) => label.x)).toEqual([101, 77, 125]);
  });

  it('stays inside the chart at its edges', () => {
    const labels = [
      { x: 1, width: 20 },
      { x: 2, width: 20 },
    ];
    const placed = placeMarkerLabels(labels, 0, 300, 4);
    expect(placed.map((label) => label.x)).toEqual([10, 34]);
  });

  it('uses two rows when one is too narrow, spaced so leaders pass between labels', () => {
    const labels = Array.from({ length: 18 }, (_, index) => ({ x: 150 + index / 10, width: 24 }));
    const placed = placeMarkerLabels(labels, 0, 360, 4);
    expect(rowCount(placed.map((label) => label.row))).toBe(2);
    const drawn = boxes(labels, placed);
    drawn.forEach((box, i) => {
      drawn.slice(i + 1).forEach((other) => {
        expect(boxesOverlap(box, other)).toBe(false);
      });
    });
    // A second-row label's leader rises through the first row at its center: it clears every
    // first-row label by the gap.
    placed.forEach((label) => {
      if (label.row === 0) return;
      drawn.forEach((box, j) => {
        if (placed[j]?.row !== 0) return;
        expect(label.x <= box.left - 4 + 1e-9 || label.x >= box.right + 4 - 1e-9).toBe(true);
      });
    });
    expect(Math.min(...drawn.map((box) => box.left))).toBeGreaterThanOrEqual(0);
    expect(Math.max(...drawn.map((box) => box.right))).toBeLessThanOrEqual(360);
  });

  it('keeps labels of one row apart even beyond what two rows hold', () => {
    const labels = Array.from({ length: 50 }, (_, index) => ({ x: 180 + index / 100, width: 24 }));
    const placed = placeMarkerLabels(labels, 0, 360, 4);
    const drawn = boxes(labels, placed);
    drawn.forEach((box, i) => {
      drawn.slice(i + 1).forEach((other) => {
        expect(boxesOverlap(box, other)).toBe(false);
      });
    });
  });
});

describe('lineCrossesBox', () => {
  const box = { left: 10, right: 20, top: 10, bottom: 20 };

  it('finds a line through a box, not one beside it or along its edge', () => {
    expect(
      lineCrossesBox(
        [
          [15, 0],
          [15, 30],
        ],
        box,
      ),
    ).toBe(true);
    expect(
      lineCrossesBox(
        [
          [0, 0],
          [30, 30],
        ],
        box,
      ),
    ).toBe(true);
    expect(
      lineCrossesBox(
        [
          [25, 0],
          [25, 30],
        ],
        box,
      ),
    ).toBe(false);
    expect(
      lineCrossesBox(
        [
          [10, 0],
          [10, 30],
        ],
        box,
      ),
    ).toBe(false);
    expect(
      lineCrossesBox(
        [
          [0, 0],
          [30, 5],
          [30, 30],
        ],
        box,
      ),
    ).toBe(false);
    expect(
      lineCrossesBox(
        [
          [15, 0],
          [15, 9],
        ],
        box,
      ),
    ).toBe(false);
  });
});
