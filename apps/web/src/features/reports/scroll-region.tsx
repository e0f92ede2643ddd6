import { useLayoutEffect, useRef, type ReactNode } from 'react';
import classes from './reports.module.css';

/**
 * Gives each body cell of the region's table its column's heading as `data-label`, which the
 * card layout shows beside the value once the heading row is out of sight. Read from the table
 * itself so that no table has to say its headings twice.
 */
function labelCells(region: HTMLElement) {
  const table = region.querySelector('table');
  const headings = table?.tHead?.rows[0]?.cells;
  if (table === null || headings === undefined) return;
  const labels = [...headings].map((cell) => cell.textContent.trim());
  for (const body of table.tBodies) {
    for (const row of body.rows) {
      let column = 0;
      for (const cell of row.cells) {
        const label = labels[column];
        if (cell.colSpan === 1 && label !== undefined && label !== '') cell.dataset.label = label;
        column += cell.colSpan;
      }
    }
  }
}

/**
 * A table's own region, named, and focusable so that a keyboard can scroll it
 * (axe: scrollable-region-focusable). On a phone, by default, each row becomes a card of
 * heading–value lines, so every value and every button is in view without scrolling sideways;
 * a table to compare across (the embryo comparison) keeps its columns and scrolls sideways
 * inside the region instead, and `hint` tells sighted readers it does: always, or
 * (`hintOnPhone`) on narrow screens only.
 */
export function ScrollRegion({
  label,
  hint,
  hintOnPhone = false,
  phoneLayout = 'cards',
  children,
}: {
  label: string;
  hint?: string;
  hintOnPhone?: boolean;
  phoneLayout?: 'cards' | 'scroll';
  children: ReactNode;
}) {
  const region = useRef<HTMLDivElement>(null);
  // After every render: rows come and go with the data and the filters.
  useLayoutEffect(() => {
    if (phoneLayout === 'cards' && region.current !== null) labelCells(region.current);
  });
  return (
    <div>
      {hint !== undefined && (
        <p className={`${classes.scrollHint}${hintOnPhone ? ' phone-only' : ''}`}>{hint}</p>
      )}
      <div
        ref={region}
        className={`${classes.scrollRegion}${phoneLayout === 'cards' ? ` ${classes.cardsOnPhone}` : ''}`}
        role="region"
        aria-label={label}
        tabIndex={0}
      >
        {children}
      </div>
    </div>
  );
}
